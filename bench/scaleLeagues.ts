import { sql } from 'drizzle-orm';
import { AGE_GROUP, INVOICE_TYPE } from '../core/constants';
import { signupCharge } from '../core/validation/leagues';
import { rowsOf, type Db } from '../server/db/client';
import { facilityPrices, PRODUCT, productById, variationId } from '../server/db/seed/catalog';
import { FACILITIES, PROCESSING_FEE } from '../server/db/seed/facilities';
import { WHOLE_FIELDS } from '../server/db/seed/fields';

// The league volumes of the scale benchmarks (issue 24 item 8: 2,000 leagues, 20,000 teams, 200,000
// players), added on top of a seeded demo network by set-based INSERT … SELECT, as bench/scale.ts adds
// bookings. Each league (adult or youth, at a facility with fields, spread over five years back and half
// a year ahead) takes 4 to 16 teams (10 on average), each signed up with its team invoice (type 2, one
// line at the league's full price with its tax and processing fee, as signupCharge bills it) and a
// roster of 10 of the facility's customers (the first is captain), who paid their share of the invoice
// in zero to two payments (the player on each). Use: `await seedLeagues(db, { leagues: 2000, now })`.

export interface LeagueScaleOptions {
  leagues: number;
  /** The instant the data is built around (unix seconds). */
  now: number;
}

const DAY = 86400;
const PLAYERS_PER_TEAM = 10;

/** Per facility with fields and per kind: product, variation, full price, tax rate, age group, product type. */
function kindRows(): string {
  const facilities = [...new Set(WHOLE_FIELDS.map((f) => f.facility_id))];
  return facilities.flatMap((facilityId) => {
    const facility = FACILITIES.find((f) => f.ID === facilityId)!;
    return ([[PRODUCT.ADULT_LEAGUE, AGE_GROUP.ADULT], [PRODUCT.YOUTH_LEAGUE, AGE_GROUP.YOUTH]] as const).map(([productId, ageGroup]) => {
      const product = productById(productId);
      const prices = facilityPrices(product, facilityId);
      const { line } = signupCharge({ kind: 'full', price: prices.team_price || prices.full_price }, '');
      return `(${[facilityId, productId, variationId(productId, facilityId), line, product.taxed ? facility.tax_rate : 0, ageGroup, product.typeId].join(',')})`;
    });
  }).join(',\n');
}

/** Adds the leagues, teams, sign-ups, rosters, invoices and payments in one transaction; answers the counts. Run VACUUM (ANALYZE) afterwards. */
export async function seedLeagues(db: Db, options: LeagueScaleOptions): Promise<{ leagues: number; teams: number; players: number; payments: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.2424)`);
    await tx.execute(sql.raw(`create temp table bench_kinds (facility_id int, product_id int, variation_id int, price bigint, tax_rate numeric, age_group int, product_type_id int) on commit drop`));
    await tx.execute(sql.raw(`insert into bench_kinds values ${kindRows()}`));
    // Rosters draw from the facility's customers: only facilities with enough of them for a team get leagues.
    await tx.execute(sql`create temp table bench_roster_pool on commit drop as
      select facility_id, array_agg(id order by id) as ids, count(*)::int as n from customers where customer_type_id = 1 and deleted_at is null
      group by facility_id having count(*) >= ${PLAYERS_PER_TEAM}`);
    await tx.execute(sql`delete from bench_kinds k where not exists (select 1 from bench_roster_pool p where p.facility_id = k.facility_id)`);
    await tx.execute(sql`create temp table bench_league_clerks on commit drop as
      select facility_id, min(id) as user_id from users where user_type in ('manager', 'admin') group by facility_id`);
    const kinds = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from bench_kinds`))[0].n;
    // Leagues: 10 weeks each, starting from five years back to half a year ahead.
    await tx.execute(sql`create temp table bench_leagues on commit drop as
      select nextval(pg_get_serial_sequence('leagues', 'id'))::int as league_id, g, k.*, s.start_date, s.start_date + 70 * ${DAY}::bigint - 1 as end_date,
        4 + floor(random() * 13)::int as n_teams
      from generate_series(1, ${options.leagues}) g
      join (select *, row_number() over (order by facility_id, product_id) - 1 as k from bench_kinds) k on k.k = g % ${kinds}
      cross join lateral (select (${options.now}::bigint - floor(random() * ${5 * 365})::bigint * ${DAY} + 182 * ${DAY} + g * 0) as start_date) s`);
    await tx.execute(sql`insert into leagues (id, name, description, facility_id, product_id, new_product_id, age_group_id, gender, start_date, end_date,
        registration_start_date, registration_end_date, max_teams, display_schedule, available_online, created_at, updated_at)
      select league_id, 'Bench League ' || g, '', facility_id, variation_id, product_id, age_group, 'Co-Ed', start_date, end_date,
        start_date - 42 * ${DAY}, start_date - ${DAY}, 16, true, false, least(${options.now}::bigint, start_date - 49 * ${DAY}), least(${options.now}::bigint, start_date - 49 * ${DAY})
      from bench_leagues`);
    // Teams, each signed up for its league (ordered), with its invoice once registration has opened.
    await tx.execute(sql`create temp table bench_teams on commit drop as
      select nextval(pg_get_serial_sequence('teams', 'id'))::int as team_id, nextval(pg_get_serial_sequence('team_signups', 'id'))::int as signup_id,
        l.league_id, l.g, t.ord, l.facility_id, l.product_id, l.variation_id, l.price, l.tax_rate, l.age_group, l.product_type_id, l.start_date, l.end_date,
        least(${options.now}::bigint, l.start_date - (2 + floor(random() * 40))::int * ${DAY}) as signed
      from bench_leagues l cross join lateral generate_series(0, l.n_teams - 1) as t(ord)`);
    await tx.execute(sql`alter table bench_teams add column invoice_id int, add column amount_taxes bigint, add column amount_fees bigint, add column payments int, add column paid bigint`);
    await tx.execute(sql`update bench_teams set invoice_id = nextval(pg_get_serial_sequence('invoices', 'id')),
      amount_taxes = round(price * tax_rate), amount_fees = round(price * ${PROCESSING_FEE}::numeric)`);
    // Past leagues are paid in full, those to come half; in zero to two payments.
    await tx.execute(sql`update bench_teams set payments = x.p, paid = round((price + amount_taxes + amount_fees) * (case when start_date <= ${options.now}::bigint then 1 else 0.5 end))::bigint
      from (select signup_id as s, case when random() < 0.1 then 0 when random() < 0.5 then 1 else 2 end as p from bench_teams) x where x.s = signup_id`);
    // The roster: 10 consecutive customers of the facility's pool (distinct within the team), the first the captain.
    await tx.execute(sql`create temp table bench_players on commit drop as
      select t.team_id, t.signed, i, p.ids[1 + ((t.team_id * ${PLAYERS_PER_TEAM} + i) % p.n)] as customer_id
      from bench_teams t join bench_roster_pool p on p.facility_id = t.facility_id cross join generate_series(0, ${PLAYERS_PER_TEAM - 1}) as i`);
    await tx.execute(sql`insert into teams (id, name, color, facility_id, age_group_id, captain_id, created_at, updated_at)
      select t.team_id, 'Bench Team ' || t.g || '-' || (t.ord + 1), '#3f51b5', t.facility_id, t.age_group, c.customer_id, t.signed, t.signed
      from bench_teams t join bench_players c on c.team_id = t.team_id and c.i = 0`);
    await tx.execute(sql`insert into team_signups (id, team_id, league_id, "order", created_at, updated_at)
      select signup_id, team_id, league_id, ord, signed, signed from bench_teams`);
    await tx.execute(sql`insert into players (team_id, customer_id, registration_date, created_at, updated_at)
      select team_id, customer_id, signed, signed, signed from bench_players`);
    await tx.execute(sql`insert into invoices (id, facility_id, customer_id, invoice_type_id, product_type_id, team_id, date, comment, user_id, created_at, updated_at)
      select t.invoice_id, t.facility_id, c.customer_id, ${INVOICE_TYPE.TEAM}, t.product_type_id, t.team_id, t.signed, 'Team registration', k.user_id, t.signed, t.signed
      from bench_teams t join bench_players c on c.team_id = t.team_id and c.i = 0 left join bench_league_clerks k on k.facility_id = t.facility_id`);
    await tx.execute(sql`insert into invoice_items (invoice_id, product_id, new_product_id, team_signup_id, price, quantity, comment, taxes, fees, amount_taxes, amount_fees, created_at, updated_at)
      select invoice_id, variation_id, product_id, signup_id, price, 1, 'Bench League ' || g, round(tax_rate * 100, 6), ${PROCESSING_FEE * 100}, amount_taxes, amount_fees, signed, signed
      from bench_teams`);
    // Payment i of n by the roster's player i, the first carrying the cents left over.
    const paid = await tx.execute(sql`insert into payments (invoice_id, amount, type, details, player_customer_id, user_id, created_at, updated_at)
      select t.invoice_id, case when s.n = 1 then t.paid - (t.paid / t.payments) * (t.payments - 1) else t.paid / t.payments end, 'cash', '{"note":""}',
        c.customer_id, k.user_id, least(${options.now}::bigint - 60, t.signed + s.n * ${DAY}), least(${options.now}::bigint - 60, t.signed + s.n * ${DAY})
      from bench_teams t cross join lateral generate_series(1, t.payments) as s(n)
      join bench_players c on c.team_id = t.team_id and c.i = s.n - 1
      left join bench_league_clerks k on k.facility_id = t.facility_id
      where t.payments > 0 and t.paid / t.payments > 0`);
    const [counts] = rowsOf<{ leagues: number; teams: number; players: number }>(await tx.execute(sql`
      select (select count(*) from bench_leagues)::int as leagues, (select count(*) from bench_teams)::int as teams, (select count(*) from bench_players)::int as players`));
    return { ...counts, payments: (paid as unknown as { rowCount: number }).rowCount };
  });
}
