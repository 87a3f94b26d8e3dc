// Leagues, tournaments, seasons, teams and rosters (spec 3 §4, §5, §8, §9): the spec's messages word
// for word, the defaults, and the rules the server and the screens share (the fee options of a team
// sign-up, a league's status, the rollover's checks).

export const LEAGUE_MESSAGES = {
  // Rollover (spec 3 §8).
  fillDates: 'Please fill in all dates',
  selectDivision: 'Please select at least one division',
  selectProduct: 'Please select a product',
  selectAgeGroup: 'Please select an age group (Adult or Youth)',
  datesOrder: 'Please make sure all end dates are after start dates',
  // Teams (spec 3 §8).
  validFee: 'Please select a valid fee',
  validTeamName: 'Please enter a valid team name',
  validTeam: 'Please enter a valid team',
  maxTeams: 'Max numbers of teams reached',
  targetNoInvoice: "Target team has no invoice, can't move player payment",
  noParent: 'The selected child appears to have no parent on our records',
  // Ours: what the spec leaves unworded.
  required: 'Please fill all the required fields',
  hasTeams: 'A league with teams cannot be deleted',
  hasDivisions: 'A season with divisions cannot be deleted',
  signupPaid: 'A team that paid cannot be removed from the league',
  alreadyRolledOver: 'This season was already rolled over',
  notPendingRollover: 'This league has no rollover to complete',
  rosterLocked: 'The roster of this team is locked: only an admin can add players',
  alreadyOnTeam: 'This player is already on the team',
  alreadySignedUp: 'This team is already in this league',
  teamInLeague: 'A team with a league or invoiced leagues cannot be deleted',
  sameTeam: 'The player is already on this team',
  otherFacility: 'The team and the league must be of the same facility',
} as const;

/** 'Failed to move payment ID {id}' (spec 3 §8). */
export const failedToMovePayment = (id: number) => `Failed to move payment ID ${id}`;

/** What a league holds that keeps it from being deleted (m14): counts of its e-players, e-matches and games. */
export interface LeagueHoldings { eplayers: number; ematches: number; matches: number }

/**
 * Why a league (an e-league, a tournament) that holds data cannot be deleted, in words a person acts
 * on: "This league has 8 e-players and 36 e-matches: remove them first".
 */
export function holdsDataMessage(kind: 'league' | 'tournament' | 'season', held: LeagueHoldings): string {
  const counted = ([
    [held.eplayers, 'e-player', 'e-players'], [held.ematches, 'e-match', 'e-matches'], [held.matches, 'game', 'games'],
  ] as const).filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  const listed = counted.length > 1 ? `${counted.slice(0, -1).join(', ')} and ${counted[counted.length - 1]}` : counted[0] ?? 'data';
  return `This ${kind} has ${listed}: remove ${counted.length === 1 && /^1 /.test(counted[0]) ? 'it' : 'them'} first`;
}

export const LEAGUE_DEFAULTS = { max_teams: 8, duration: 45, color: '#3f51b5', games: 7 } as const;
export const TEAM_COLORS = { signup: '#f44336', create: '#3f51b5' } as const;
/** The roster colour palette (spec 3 §3: nine colours). */
export const ROSTER_PALETTE = ['#f44336', '#e91e63', '#9c27b0', '#3f51b5', '#2196f3', '#009688', '#4caf50', '#ff9800', '#795548'] as const;

/** Leagues list page sizes (spec 3 §9); team and other tables 50 per page. */
export const LEAGUE_PAGE_SIZES = [20, 50, 100] as const;
export const TEAM_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The product types of leagues and tournaments (spec 3 §2.3). */
export const LEAGUE_PRODUCT_TYPES = [
  { id: 3, name: 'Adult Leagues' },
  { id: 4, name: 'Adult Tournament' },
  { id: 8, name: 'Youth League' },
  { id: 9, name: 'Youth Tournament' },
] as const;

/** Rollover season names and years (spec 3 §9): Spring…Winter with an optional 1 or 2; five years from last year. */
export const SEASON_NAMES = ['Spring', 'Spring 1', 'Spring 2', 'Summer', 'Summer 1', 'Summer 2', 'Fall', 'Fall 1', 'Fall 2', 'Winter', 'Winter 1', 'Winter 2'] as const;
export const seasonYears = (thisYear: number) => Array.from({ length: 5 }, (_, i) => thisYear - 1 + i);

/**
 * A rolled-over season's name (m7 of issue 41): the previous name with its season word and year
 * replaced by the new ones ("Fall 2026 Adult League" → "Winter 2027 Adult League"); a name with
 * neither gets them in front.
 */
export function rolloverName(previous: string, season: string, year: number): string {
  const words = [...SEASON_NAMES].sort((a, b) => b.length - a.length).map((w) => w.replace(' ', '\\s+')).join('|');
  const seasonWord = new RegExp(`\\b(${words})\\b`, 'i');
  const yearWord = /\b(19|20)\d\d\b/;
  if (!seasonWord.test(previous) && !yearWord.test(previous)) return `${season} ${year} ${previous}`;
  const named = previous.replace(seasonWord, season);
  return yearWord.test(named) ? named.replace(yearWord, String(year)) : named.replace(season, `${season} ${year}`);
}

/** A price a team may sign up at: dollars; the discount is what the early bird takes off the full price. */
export interface FeeOption {
  kind: 'full' | 'early_bird';
  price: number;
  discount: number;
}

/**
 * The fees a league offers a team (spec 3 §3): its full price, and its early-bird price while the
 * early bird has not ended (the discount being full minus early bird). Prices in cents.
 */
export function feeOptions(
  prices: { full: number; earlyBird: number },
  league: { enable_early_bird: boolean; early_bird_end_date: number | null },
  now: number,
): Array<{ kind: FeeOption['kind']; price: number; discount: number }> {
  const options: Array<{ kind: FeeOption['kind']; price: number; discount: number }> = [];
  if (prices.full > 0) options.push({ kind: 'full', price: prices.full, discount: 0 });
  const earlyBird = league.enable_early_bird && prices.earlyBird > 0 && prices.earlyBird < prices.full
    && league.early_bird_end_date !== null && league.early_bird_end_date > now;
  if (earlyBird) options.push({ kind: 'early_bird', price: prices.earlyBird, discount: prices.full - prices.earlyBird });
  return options;
}

/** The word that marks an early-bird fee's line on a team invoice. */
export const EARLY_BIRD_COMMENT = 'Early bird';

/**
 * What a team's sign-up invoice holds for the fee it chose (spec 3 §7 "League add-team invoice"): one
 * line at the price charged — the early-bird price while it runs — so that tax and processing fee are
 * on what the team pays (issue 41 m6, docs/DECISIONS.md "Early bird"). The line's comment names the
 * league and, for the early bird, says so. One rule for the server and the demo data. Cents.
 */
export const signupCharge = (fee: { kind: FeeOption['kind']; price: number }, leagueName: string) => ({
  line: fee.price,
  comment: fee.kind === 'early_bird' ? `${leagueName} · ${EARLY_BIRD_COMMENT}` : leagueName,
});

const DAY = 86_400;

/** 'starts in N days' before the start, 'running' until the end, then 'ended' (spec 3 §4). */
export function leagueStatus(league: { start_date: number; end_date: number }, now: number): { state: 'upcoming'; days: number } | { state: 'running' } | { state: 'ended' } {
  if (now < league.start_date) return { state: 'upcoming', days: Math.ceil((league.start_date - now) / DAY) };
  if (now <= league.end_date) return { state: 'running' };
  return { state: 'ended' };
}

/** Whether a league waits for its rollover to be completed (spec 3 §4). */
export const rolloverPending = (league: { rollover_from: number | null; rollover_date: number | null }) =>
  (league.rollover_from ?? 0) > 0 && !league.rollover_date;

/** Whether the Rollover button shows: not rolled over yet and started (spec 3 §4). */
export const canRollOver = (league: { rollover_to: number | null; start_date: number }, now: number) =>
  !(league.rollover_to ?? 0) && league.start_date <= now;

/** The four required dates and the two optional early-bird ones of a rollover (unix seconds). */
export interface RolloverDates {
  start_date?: number | null;
  end_date?: number | null;
  registration_start_date?: number | null;
  registration_end_date?: number | null;
  early_bird_start_date?: number | null;
  early_bird_end_date?: number | null;
}

/** The first rollover rule a new season breaks (spec 3 §5 Rollover save), in the spec's order; null when none. */
export function rolloverProblem(input: RolloverDates & { new_product_id?: number | null; age_group_id?: number | null; divisions: number }): string | null {
  const { start_date, end_date, registration_start_date, registration_end_date, early_bird_start_date, early_bird_end_date } = input;
  if (!start_date || !end_date || !registration_start_date || !registration_end_date) return LEAGUE_MESSAGES.fillDates;
  if (input.divisions < 1) return LEAGUE_MESSAGES.selectDivision;
  if (!input.new_product_id) return LEAGUE_MESSAGES.selectProduct;
  if (input.age_group_id !== 1 && input.age_group_id !== 2) return LEAGUE_MESSAGES.selectAgeGroup;
  const earlyBirdBackwards = Boolean(early_bird_start_date && early_bird_end_date && early_bird_start_date > early_bird_end_date);
  if (start_date >= end_date || registration_start_date >= registration_end_date || earlyBirdBackwards) return LEAGUE_MESSAGES.datesOrder;
  return null;
}

/** Age in whole years at `now` of a birth date (unix seconds, midnight UTC); null when unknown or over 100 years. */
export function ageOf(birthdate: number | null | undefined, now: number): number | null {
  if (!birthdate) return null;
  const born = new Date(birthdate * 1000);
  const today = new Date(now * 1000);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  if (today.getUTCMonth() < born.getUTCMonth() || (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate())) age--;
  return age >= 0 && age <= 100 ? age : null;
}
