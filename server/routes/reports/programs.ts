import { sql } from 'drizzle-orm';
import { CLASS_PRODUCT_TYPES } from '../../../core/constants';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import type { Db } from '../../db/client';
import { inWindows, num, rowsOf, type ReportScope } from './filters';
import { withInvoiceTotals } from './invoiceTotals';

// The reports on programs (spec 3): teams of leagues with what their invoices owe, and free trials.

const list = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/**
 * Teams (league only, not tournaments): one row per team entered in a league of the facilities, with
 * the invoice figures of the invoices carrying a line of that entry and where it was made (staff or online). Active: the league has not ended
 * (false: it has); no choice: every league. A league_id narrows to one league or season.
 */
export async function teamsReport(db: Db, scope: Pick<ReportScope, 'query'> & { facilityIds: number[] }) {
  const { active, league_id } = scope.query;
  const now = nowSeconds();
  const activeWhere = active === undefined ? sql`true` : active ? sql`l.end_date >= ${now}` : sql`l.end_date < ${now}`;
  const leagueWhere = league_id ? sql`(l.id = ${league_id} or l.parent_league_id = ${league_id})` : sql`true`;
  const signups = sql`select s.id as signup_id, s.team_id, s.source, l.id as league_id from team_signups s join leagues l on l.id = s.league_id
    where l.facility_id in (${list(scope.facilityIds)}) and not l.is_tournament and not l.is_container and l.tournament_id is null and ${activeWhere} and ${leagueWhere}`;
  const rows = await rowsOf<{ signup_id: number; team_id: number; source: string; team: string; league_id: number; league: string; season_id: number | null; season: string | null; facility: string; end_date: string; invoiced: string; discounted: string; paid: string; balance: string }>(db, sql`
    ${withInvoiceTotals(sql`select distinct ii.invoice_id as id, ii.team_signup_id from invoice_items ii where ii.team_signup_id in (select signup_id from (${signups}) s)`)},
    per_signup as (select team_signup_id, sum(invoiced) as invoiced, sum(discounted) as discounted, sum(paid) as paid, sum(balance) as balance from tot group by team_signup_id)
    select s.signup_id, t.id as team_id, s.source, t.name as team, l.id as league_id, l.name as league, p.id as season_id, p.name as season, f.name as facility, l.end_date,
      coalesce(ps.invoiced, 0) as invoiced, coalesce(ps.discounted, 0) as discounted, coalesce(ps.paid, 0) as paid, coalesce(ps.balance, 0) as balance
    from (${signups}) s join teams t on t.id = s.team_id join leagues l on l.id = s.league_id join facilities f on f.id = l.facility_id
    left join leagues p on p.id = l.parent_league_id left join per_signup ps on ps.team_signup_id = s.signup_id
    order by l.end_date desc, l.name, t.name`);
  const sum = (key: 'invoiced' | 'discounted' | 'paid' | 'balance') => toDollars(rows.reduce((total, r) => total + num(r[key]), 0));
  return {
    totals: { teams: rows.length, invoiced: sum('invoiced'), paid: sum('paid'), discounted: sum('discounted'), balance: sum('balance') },
    rows: rows.map((r) => ({
      ID: r.signup_id, season: r.season_id ? { ID: r.season_id, name: r.season } : { ID: r.league_id, name: r.league },
      league: { ID: r.league_id, name: r.league }, facility: r.facility, end_date: num(r.end_date), team: { ID: r.team_id, name: r.team }, source: r.source,
      invoiced: toDollars(num(r.invoiced)), paid: toDollars(num(r.paid)), discounted: toDollars(num(r.discounted)), balance: toDollars(num(r.balance)),
    })),
  };
}

/**
 * The leagues the teams report can narrow to (its League filter): the facilities' leagues and seasons,
 * not tournaments or their divisions, latest ending first.
 */
export async function reportLeagues(db: Db, facilityIds: number[]) {
  if (!facilityIds.length) return [];
  return rowsOf<{ ID: number; name: string; facility_id: number }>(db, sql`
    select l.id as "ID", l.name, l.facility_id from leagues l
    where l.facility_id in (${list(facilityIds)}) and not l.is_tournament and l.tournament_id is null
    order by l.end_date desc, l.name, l.id`);
}

/**
 * Free trials (class only): the trials whose event falls in the period; the enrollment date is when the
 * child became an attendee of the class or of another division of its season.
 */
export async function trialsReport(db: Db, scope: ReportScope) {
  const window = inWindows(scope.windows, sql`e.facility_id`, sql`e.start_date`);
  const rows = await rowsOf<{ id: number; facility: string; time_zone: string; class_id: number; class: string; customer_id: number; first_name: string; last_name: string; trial_date: string; enrolled_at: string | null; event_id: number }>(db, sql`
    select t.id, f.name as facility, f.time_zone, cl.id as class_id, cl.name as class, cu.id as customer_id, cu.first_name, cu.last_name,
      e.start_date as trial_date, a.created_at as enrolled_at, e.id as event_id
    from trial_assistants t join events e on e.id = t.event_id ${window.join}
    join classes cl on cl.id = t.class_id join facilities f on f.id = e.facility_id join customers cu on cu.id = t.customer_id
    left join lateral (select min(a.created_at) as created_at from attendees a
      where a.customer_id = t.customer_id and (a.class_id = cl.id or a.class_id in (select id from classes where class_parent_id = coalesce(cl.class_parent_id, cl.id)))) a on true
    where ${window.where} and e.product_type_id in (${list(CLASS_PRODUCT_TYPES)})
    order by e.start_date desc, t.id`);
  return {
    total: rows.length,
    rows: rows.map((r) => ({
      ID: r.id, facility: r.facility, time_zone: r.time_zone, class: { ID: r.class_id, name: r.class },
      customer: { ID: r.customer_id, first_name: r.first_name, last_name: r.last_name },
      trial_date: num(r.trial_date), enrolled_at: r.enrolled_at === null ? null : num(r.enrolled_at), event_id: r.event_id,
    })),
  };
}

/** Health check-ins signed in the period at the facility. */
export async function healthReport(db: Db, scope: ReportScope) {
  const window = inWindows(scope.windows, sql`h.facility_id`, sql`h.created_at`);
  const rows = await rowsOf<{ id: number; created_at: string; customer_id: number; first_name: string; last_name: string; event_id: number; time_zone: string }>(db, sql`
    select h.id, h.created_at, c.id as customer_id, c.first_name, c.last_name, h.event_id, f.time_zone
    from health_checks h ${window.join} join customers c on c.id = h.customer_id join facilities f on f.id = h.facility_id
    where ${window.where} order by h.created_at desc, h.id`);
  return rows.map((r) => ({ ID: r.id, date: num(r.created_at), time_zone: r.time_zone, first_name: r.first_name, last_name: r.last_name, customer_id: r.customer_id, event_id: r.event_id }));
}
