import { AGE_GROUP, PRODUCT_TYPE } from '../../../../core/constants';
import { dayKey } from '../../../../core/api/eleagues';
import { feeOptions, signupCharge } from '../../../../core/validation/leagues';
import type { Property } from '../../schema/columns';
import {
  actionLogs, broadcasts, ematches, eplayerSignups, leagues, matches, players, refereeAssignments, teamSignups, teams,
} from '../../schema';
import { facilityPrices, PRODUCT, productById, variationId } from '../catalog';
import type { DemoFacility } from '../facilities';
import type { DemoField } from '../fields';
import { DAY, HOUR, termDays, weekdayOf, type Grid, type Term } from './calendar';
import type { DemoContext } from './context';
import { addEvent } from './events';
import { COLORS, TEAM_ADJECTIVES, TEAM_NOUNS } from './names';

// Leagues in seasons of divisions, a tournament and an e-league per facility and term, played by
// teams that keep their rosters from term to term; the seasons roll over into each other.

export interface DemoTeam {
  ID: number;
  name: string;
  players: number[];
  /** Who pays: the captain, or for a youth team the captain's parent; and who chips in. */
  payer: number;
  payers: number[];
}

export interface FacilityTeams {
  adult: DemoTeam[];
  youth: DemoTeam[];
}

const TEAMS_PER_DIVISION = 6;
const MATCH_MINUTES = 45;
const ADULT_GENDERS = ['Co-Ed', 'Male', 'Female'] as const;
const YOUTH_DIVISIONS = [['U10 Boys', 'Boys'], ['U12 Girls', 'Girls'], ['U14 Boys', 'Boys'], ['U8 Co-Ed', 'Co-Ed'], ['U16 Girls', 'Girls'], ['U12 Boys', 'Boys']] as const;

/** Round robin by the circle method: rounds of [home, away] index pairs. */
export function roundRobin(n: number): Array<Array<[number, number]>> {
  const ids = Array.from({ length: n % 2 ? n + 1 : n }, (_, i) => i);
  const rounds: Array<Array<[number, number]>> = [];
  for (let r = 0; r < ids.length - 1; r++) {
    const round: Array<[number, number]> = [];
    for (let i = 0; i < ids.length / 2; i++) {
      const [a, b] = [ids[i], ids[ids.length - 1 - i]];
      if (a < n && b < n) round.push(r % 2 ? [b, a] : [a, b]);
    }
    rounds.push(round);
    ids.splice(1, 0, ids.pop()!);
  }
  return rounds;
}

export function createTeams(ctx: DemoContext, facility: DemoFacility, since: number): FacilityTeams {
  const { rng } = ctx;
  const offset = rng.int(0, TEAM_ADJECTIVES.length * TEAM_NOUNS.length);
  let n = 0;
  const name = () => {
    const i = (offset + 7 * n++) % (TEAM_ADJECTIVES.length * TEAM_NOUNS.length);
    return `${TEAM_ADJECTIVES[i % TEAM_ADJECTIVES.length]} ${TEAM_NOUNS[Math.floor(i / TEAM_ADJECTIVES.length)]}`;
  };
  const count = ctx.plan.divisions * TEAMS_PER_DIVISION;
  return {
    adult: Array.from({ length: count }, () => team(ctx, facility, since, `${name()}`, 'adult')),
    youth: Array.from({ length: count }, () => team(ctx, facility, since, `${name()} Juniors`, 'kid')),
  };
}

function team(ctx: DemoContext, facility: DemoFacility, since: number, name: string, kind: 'adult' | 'kid'): DemoTeam {
  const { rng, writer, people } = ctx;
  const roster = people.pick(rng, facility, kind, rng.int(7, 10));
  const adultOf = (id: number) => (kind === 'adult' ? id : people.parentOf(id));
  const ID = writer.add(teams, {
    name, color: rng.pick(COLORS), facility_id: facility.ID, age_group_id: kind === 'adult' ? AGE_GROUP.ADULT : AGE_GROUP.YOUTH,
    captain_id: roster[0], lock_roster: rng.chance(0.2), CreatedAt: since, UpdatedAt: since,
  });
  for (const customer_id of roster) writer.add(players, { team_id: ID, customer_id, registration_date: since, CreatedAt: since, UpdatedAt: since });
  if (kind === 'kid') {
    // A parent coaches the youth team.
    writer.add(players, { team_id: ID, customer_id: adultOf(roster[0]), registration_date: since, is_coach: true, CreatedAt: since, UpdatedAt: since });
  }
  const payers = [...new Set(roster.map(adultOf))];
  return { ID, name, players: roster, payer: payers[0], payers };
}

/** The league of a kind at a facility in the previous term, for rollover. */
export type Previous = Map<string, number>;

export function seedLeagueTerm(ctx: DemoContext, facility: DemoFacility, fields: DemoField[], term: Term, grid: Grid, facilityTeams: FacilityTeams, previous: Previous): void {
  season(ctx, facility, fields, term, grid, facilityTeams.adult, previous, 'adult');
  season(ctx, facility, fields, term, grid, facilityTeams.youth, previous, 'youth');
  tournament(ctx, facility, fields, term, grid, facilityTeams.adult);
  eLeague(ctx, facility, term);
}

interface Dates {
  start: number;
  end: number;
  registration_start_date: number;
  registration_end_date: number;
  early_bird_start_date: number;
  early_bird_end_date: number;
}

function termDates(ctx: DemoContext, facility: DemoFacility, term: Term): Dates {
  const start = ctx.clock.at(facility.ID, term.firstDay, 0);
  const end = ctx.clock.at(facility.ID, term.firstDay + term.weeks * 7 - 1, 24) - 1;
  return {
    start, end, registration_start_date: start - 42 * DAY, registration_end_date: start - DAY,
    early_bird_start_date: start - 42 * DAY, early_bird_end_date: start - 21 * DAY,
  };
}

const properties = (term: Term): Property[] => [{ key: 'Season', value: term.season }, { key: 'Year', value: String(term.year) }];

function season(
  ctx: DemoContext, facility: DemoFacility, fields: DemoField[], term: Term, grid: Grid, pool: DemoTeam[], previous: Previous, kind: 'adult' | 'youth',
): void {
  const { rng, writer, people, staff } = ctx;
  const adult = kind === 'adult';
  const dates = termDates(ctx, facility, term);
  const productId = adult ? PRODUCT.ADULT_LEAGUE : PRODUCT.YOUTH_LEAGUE;
  const key = `${facility.ID}:${kind}`;
  const rolledFrom = previous.get(key) ?? null;
  const common = {
    facility_id: facility.ID, new_product_id: productId, product_id: variationId(productId, facility.ID), age_group_id: adult ? AGE_GROUP.ADULT : AGE_GROUP.YOUTH,
    start_date: dates.start, end_date: dates.end, registration_start_date: dates.registration_start_date,
    registration_end_date: dates.registration_end_date, early_bird_start_date: dates.early_bird_start_date,
    early_bird_end_date: dates.early_bird_end_date, enable_deposit: true, enable_individual: adult, enable_early_bird: true,
    display_schedule: true, require_membership: !adult, properties: properties(term), CreatedAt: dates.registration_start_date - 7 * DAY,
    UpdatedAt: dates.registration_start_date - 7 * DAY,
  };
  const name = `${term.season} ${term.year} ${adult ? 'Adult League' : 'Youth League'} ${facility.nickname}`;
  const seasonId = writer.add(leagues, {
    ...common, name, description: `${adult ? 'Adult' : 'Youth'} league season at ${facility.name}.`, is_container: true,
    available_online: true, color: adult ? '#3f51b5' : '#009688', rollover_from: rolledFrom,
    // One rollover is left to complete, to show that state.
    rollover_date: rolledFrom && !(term.index === 0 && facility.ID === 2) ? dates.registration_start_date - 14 * DAY : null,
  });
  previous.set(key, seasonId);

  const captains: string[] = [];
  for (let d = 0; d < ctx.plan.divisions; d++) {
    const slot = adult
      ? grid.reserveWeekly(rng.sample([1, 2, 3, 4], 4), [19, 20], 3, fields)
      : grid.reserveWeekly(rng.sample([6, 0], 2), [9, 10, 12], 3, fields);
    if (!slot) break;
    const [divisionName, gender] = adult ? [`Division ${String.fromCharCode(65 + d)}`, rng.pick(ADULT_GENDERS)] : YOUTH_DIVISIONS[d % YOUTH_DIVISIONS.length];
    const division = writer.add(leagues, {
      ...common, name: `${name} ${divisionName}`, gender, parent_league_id: seasonId, max_teams: 8, duration: MATCH_MINUTES,
      color: rng.pick(COLORS), available_online: false,
    });
    const entrants = pool.slice(d * TEAMS_PER_DIVISION, (d + 1) * TEAMS_PER_DIVISION);
    signUp(ctx, facility, entrants, { ID: division, name: `${name} ${divisionName}` }, productId, adult ? PRODUCT_TYPE.ADULT_LEAGUE : PRODUCT_TYPE.YOUTH_LEAGUE, dates);
    captains.push(...entrants.map((t) => people.emailOf(t.payer)));
    play(ctx, facility, division, entrants, adult ? PRODUCT_TYPE.ADULT_LEAGUE : PRODUCT_TYPE.YOUTH_LEAGUE,
      termDays(term, slot.weekday).map((day) => [slot.field, day, slot.hour] as const));
  }
  if (!captains.length) return;
  const sent = Math.min(ctx.now - HOUR, dates.start - 3 * DAY);
  writer.add(broadcasts, {
    subject: `${name}: the schedule is out`, html: `<p>Hello captains, the schedule of ${name} is online.</p>`, recipients: captains,
    facility_id: facility.ID, reply_to: 'info@touchline.test', sender: facility.name, send_to_captains: true, league_id: seasonId,
    user_id: staff.managers.get(facility.ID)?.[0] ?? staff.admin, CreatedAt: sent, UpdatedAt: sent,
  });
}

/** Team sign-ups with their team invoices (type 2), paid in shares by the players' adults. */
function signUp(ctx: DemoContext, facility: DemoFacility, entrants: DemoTeam[], league: { ID: number; name: string }, productId: number, productTypeId: number, dates: Dates): void {
  const { ID: leagueId, name: leagueName } = league;
  const { rng, writer, ledger } = ctx;
  const prices = facilityPrices(productById(productId), facility.ID);
  entrants.forEach((t, order) => {
    const signed = Math.min(ctx.now - DAY, rng.int(dates.registration_start_date, dates.registration_end_date));
    const signup = writer.add(teamSignups, { team_id: t.ID, league_id: leagueId, order, CreatedAt: signed, UpdatedAt: signed });
    // The fee the server would have offered on that day: the early bird while it ran, else the full price.
    const options = feeOptions({ full: prices.team_price || prices.full_price, earlyBird: prices.early_bird_price }, { enable_early_bird: true, early_bird_end_date: dates.early_bird_end_date }, signed);
    const charge = signupCharge(options.find((o) => o.kind === 'early_bird') ?? options[0], leagueName);
    const bill = ledger.invoice({
      facilityId: facility.ID, customer_id: t.payer, product_type_id: productTypeId, date: signed, invoice_type_id: 2, team_id: t.ID,
      comment: 'Team registration', items: [{ productId, price: charge.line, team_signup_id: signup, comment: charge.comment }],
    });
    ledger.maybeDiscount(bill);
    ledger.settle(bill, signed, dates.start + 21 * DAY, { payers: rng.sample(t.payers, rng.int(1, 5)), depositShare: 0.25 });
  });
}

/**
 * The matches of a division on its slots (field, day, first hour): a double round robin as far as
 * the weeks go, and a final in the last week between the two best teams (unknown until then).
 */
function play(ctx: DemoContext, facility: DemoFacility, leagueId: number, entrants: DemoTeam[], productTypeId: number, slots: ReadonlyArray<readonly [DemoField, number, number]>): void {
  const { rng, writer, now, clock, staff } = ctx;
  const rounds = roundRobin(entrants.length);
  const points = new Map<number, number>();
  slots.forEach(([field, day, hour], week) => {
    const final = week === slots.length - 1;
    const pairs: Array<[number | null, number | null]> = final
      ? [finalists(entrants, points, clock.at(facility.ID, day, hour) <= now)]
      : rounds[week % rounds.length].map(([h, a]) => {
        const [home, away] = week >= rounds.length ? [entrants[a].ID, entrants[h].ID] : [entrants[h].ID, entrants[a].ID];
        return [home, away];
      });
    pairs.forEach(([home, away], index) => {
      const start = clock.at(facility.ID, day, hour + index);
      const end = start + MATCH_MINUTES * 60;
      const played = end <= now && home !== null && away !== null;
      const [homeScore, awayScore] = played ? [rng.int(0, 6), rng.int(0, 6)] : [null, null];
      if (played) award(points, home!, away!, homeScore!, awayScore!);
      const match = writer.add(matches, {
        league_id: leagueId, home_team_id: home, away_team_id: away, home_score: homeScore, away_score: awayScore, date: start,
        field_id: field.ID, duration: MATCH_MINUTES, match_type: final ? 'playoffs' : 'regular', level: final ? 2 : 0, index,
        week: week + 1, round: final ? null : (week % rounds.length) + 1, token: `${field.ID}-${weekdayOf(day)}-${hour + index}`,
        CreatedAt: start - 30 * DAY, UpdatedAt: played ? end : start - 30 * DAY,
      });
      addEvent(ctx, { field, start, end, product_type_id: productTypeId, match_id: match });
      const referees = staff.referees.get(facility.ID) ?? [];
      if (referees.length && rng.chance(end <= now ? 0.8 : 0.4)) {
        writer.add(refereeAssignments, { match_id: match, referee_id: rng.pick(referees), CreatedAt: start - 7 * DAY, UpdatedAt: start - 7 * DAY });
      }
    });
  });
}

function award(points: Map<number, number>, home: number, away: number, homeScore: number, awayScore: number) {
  const add = (team: number, n: number) => points.set(team, (points.get(team) ?? 0) + n);
  if (homeScore > awayScore) add(home, 3);
  else if (homeScore < awayScore) add(away, 3);
  else {
    add(home, 1);
    add(away, 1);
  }
}

/** The two best teams once the regular season is over; not known yet (null) when the final is to come. */
function finalists(entrants: DemoTeam[], points: Map<number, number>, decided: boolean): [number | null, number | null] {
  if (!decided) return [null, null];
  const [first, second] = entrants.map((t) => t.ID).sort((a, b) => (points.get(b) ?? 0) - (points.get(a) ?? 0));
  return [first, second];
}

/** A one-day tournament on the Sunday of the sixth week: four teams, round robin on two fields. */
function tournament(ctx: DemoContext, facility: DemoFacility, fields: DemoField[], term: Term, grid: Grid, pool: DemoTeam[]): void {
  const { rng, writer } = ctx;
  const day = term.firstDay + 5 * 7 + 6;
  const hours = [13, 14, 15];
  const pitches = fields.slice(0, 2);
  if (pitches.length < 2 || !pitches.every((f) => grid.reserveOnce(f, day, hours))) return;
  const dates = termDates(ctx, facility, term);
  const start = ctx.clock.at(facility.ID, day, hours[0]);
  const end = ctx.clock.at(facility.ID, day, hours[hours.length - 1] + 1);
  const name = `${term.season} ${term.year} Cup ${facility.nickname}`;
  const common = {
    facility_id: facility.ID, new_product_id: PRODUCT.ADULT_TOURNAMENT, product_id: variationId(PRODUCT.ADULT_TOURNAMENT, facility.ID), age_group_id: AGE_GROUP.ADULT, start_date: start, end_date: end,
    registration_start_date: dates.registration_start_date, registration_end_date: start - DAY, is_tournament: true,
    display_schedule: true, available_online: true, properties: properties(term), duration: MATCH_MINUTES, max_teams: 4,
    CreatedAt: dates.registration_start_date, UpdatedAt: dates.registration_start_date,
  };
  const cup = writer.add(leagues, { ...common, name, description: `One-day tournament at ${facility.name}.`, is_container: true, color: '#ff5722' });
  const division = writer.add(leagues, { ...common, name: `${name} Open`, gender: 'Co-Ed', tournament_id: cup, color: rng.pick(COLORS) });
  const entrants = rng.sample(pool, 4);
  signUp(ctx, facility, entrants, { ID: division, name: `${name} Open` }, PRODUCT.ADULT_TOURNAMENT, PRODUCT_TYPE.ADULT_TOURNAMENT, { ...dates, registration_end_date: start - DAY });
  roundRobin(entrants.length).forEach((round, r) => round.forEach(([h, a], k) => {
    const matchStart = ctx.clock.at(facility.ID, day, hours[r]);
    const matchEnd = matchStart + MATCH_MINUTES * 60;
    const played = matchEnd <= ctx.now;
    const match = writer.add(matches, {
      league_id: division, home_team_id: entrants[h].ID, away_team_id: entrants[a].ID, home_score: played ? rng.int(0, 5) : null,
      away_score: played ? rng.int(0, 5) : null, date: matchStart, field_id: pitches[k].ID, duration: MATCH_MINUTES, index: k,
      round: r + 1, group: 1, CreatedAt: start - 14 * DAY, UpdatedAt: start - 14 * DAY,
    });
    addEvent(ctx, { field: pitches[k], start: matchStart, end: matchEnd, product_type_id: PRODUCT_TYPE.ADULT_TOURNAMENT, match_id: match });
  }));
}

/**
 * A console league, one round a week on Wednesday evenings, where there are e-players; always at the
 * first facility, whose league takes players from the whole network (they play online).
 */
function eLeague(ctx: DemoContext, facility: DemoFacility, term: Term): void {
  const { rng, writer, people, clock, now } = ctx;
  if (facility.ID !== 1 && people.count('eplayer', facility.ID) < 4) return;
  const entrants = people.pick(rng, facility, 'eplayer', 8);
  if (entrants.length < 2) return;
  const dates = termDates(ctx, facility, term);
  const league = writer.add(leagues, {
    name: `${term.season} ${term.year} FIFA League ${facility.nickname}`, description: 'Console league, one match a week.',
    facility_id: facility.ID, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: AGE_GROUP.ADULT, start_date: dates.start,
    end_date: dates.end, registration_start_date: dates.registration_start_date, registration_end_date: dates.registration_end_date,
    is_e_league: true, enable_individual: true, enable_team: false, display_schedule: true, duration: 15, properties: properties(term),
    color: '#673ab7', CreatedAt: dates.registration_start_date, UpdatedAt: dates.registration_start_date,
  });
  for (const eplayer_id of entrants) writer.add(eplayerSignups, { eplayer_id, league_id: league, CreatedAt: dates.registration_start_date, UpdatedAt: dates.registration_start_date });
  const rounds = roundRobin(entrants.length);
  const manager = ctx.staff.managers.get(facility.ID)?.[0] ?? ctx.staff.admin;
  termDays(term, 3).forEach((day, week) => {
    const evening = clock.at(facility.ID, day, 21);
    // The day's match list was mailed (a once-only action) for the weeks gone by.
    if (evening < now) writer.add(actionLogs, { log_type: 'ematch_send', key: dayKey(league, new Date(day * DAY * 1000).toISOString().slice(0, 10)), user_id: manager, CreatedAt: evening - 2 * HOUR });
    rounds[week % rounds.length].forEach(([h, a], k) => {
      const date = clock.at(facility.ID, day, 21) + k * 20 * 60;
      const played = date + 15 * 60 <= now;
      writer.add(ematches, {
        league_id: league, home_player_id: entrants[h], away_player_id: entrants[a], home_checked_in: played && rng.chance(0.95),
        away_checked_in: played && rng.chance(0.9), home_score: played ? rng.int(0, 5) : null, away_score: played ? rng.int(0, 5) : null,
        level: 0, date, duration: 15, token: rng.hex(16), CreatedAt: dates.start, UpdatedAt: dates.start,
      });
    });
  });
}
