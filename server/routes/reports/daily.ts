import { sql } from 'drizzle-orm';
import { BLOCKER_PRODUCT_TYPES, MATCH_PRODUCT_TYPES, PRODUCT_TYPE } from '../../../core/constants';
import { toDollars } from '../../../core/money';
import { addDays, businessDayWindow, businessWeekWindow, daysIn, weekBefore, type IsoDate, type Window } from '../../../core/reports';
import { displayCloseTime } from '../../../core/time';
import type { Db } from '../../db/client';
import { num, rowsOf } from './filters';

// The daily report (spec 2 §3's Daily report fields), per facility, served here. The day runs from
// 4:00 of the start date to 4:00 after the end date, the week from Monday 4:00 (the week holding the
// start date), in the facility's zone. Definitions:
//   bookings (adult/youth): hours of rental events (youth when the type's reporting label lacks "adult"),
//     and the same days a week earlier;
//   pickup players: players signed up to pickup events of the day; youth contracts: events of type 7;
//   games: league matches (type 3 adult, 8 youth) of the day and of the week;
//   soccer sales: the sales (payment less its tax and fee, as in the sales report) of everything but
//     the bar; without youth and event sales; in cash. Bar sales likewise, and per event of the day;
//   check-ins: health check-ins, and per event; occupancy: booked hours over opening hours of the full
//     fields (an event on a part of a split field counts its share), hours: those opening hours.

const BAR = 15;
const BLOCKERS = sql.join(BLOCKER_PRODUCT_TYPES.map((id) => sql`${id}`), sql`, `);
const [ADULT_MATCH, YOUTH_MATCH] = MATCH_PRODUCT_TYPES;
const isAdult = sql`coalesce(pt.reporting, '') ilike '%adult%'`;

interface Facility { ID: number; name: string; time_zone: string }
interface Field { weekday_open_time: string; weekday_close_time: string; weekend_open_time: string; weekend_close_time: string }

/** Opening hours of the full fields over the days (Saturday and Sunday on weekend hours). */
function openingHours(fields: Field[], from: IsoDate, to: IsoDate): number {
  let hours = 0;
  for (let i = 0; i < daysIn(from, to); i++) {
    const day = new Date(`${addDays(from, i)}T12:00:00Z`).getUTCDay();
    const weekend = day === 0 || day === 6;
    for (const f of fields) {
      const open = Number(weekend ? f.weekend_open_time : f.weekday_open_time);
      const close = displayCloseTime(Number(weekend ? f.weekend_close_time : f.weekday_close_time));
      hours += Math.max(0, close - open);
    }
  }
  return hours;
}

async function facilityDay(db: Db, facility: Facility, from: IsoDate, to: IsoDate) {
  const day = businessDayWindow(from, to, facility.time_zone);
  const lastWeek = weekBefore(from, to);
  const prior = businessDayWindow(lastWeek.from, lastWeek.to, facility.time_zone);
  const week = businessWeekWindow(from, facility.time_zone);
  const inside = (column: string, w: Window) => sql`${sql.raw(column)} >= ${w.start} and ${sql.raw(column)} < ${w.end}`;
  const bookings = (w: Window) => sql`select coalesce(sum(e.end_date - e.start_date) filter (where ${isAdult}), 0) as adult,
      coalesce(sum(e.end_date - e.start_date) filter (where not ${isAdult}), 0) as youth
    from events e join product_types pt on pt.id = e.product_type_id
    where e.facility_id = ${facility.ID} and ${inside('e.start_date', w)} and pt.category = 'rental'`;
  const [row] = await rowsOf<Record<string, string>>(db, sql`
    with b as (${bookings(day)}), bl as (${bookings(prior)}),
    ev as (select e.product_type_id, e.start_date, e.end_date, e.field_id from events e
      where e.facility_id = ${facility.ID} and ${inside('e.start_date', week)} and e.product_type_id not in (${BLOCKERS})),
    parts as (select parent_field_id, count(*) as n from fields where facility_id = ${facility.ID} and parent_field_id is not null group by parent_field_id),
    sales as (select p.amount - p.tax - p.fee as sale, p.type, p.product_type_id, pt.category, ${isAdult} as adult
      from payments p left join product_types pt on pt.id = p.product_type_id
      where p.facility_id = ${facility.ID} and ${inside('p.created_at', day)})
    select b.adult as adult_seconds, b.youth as youth_seconds, bl.adult as adult_last_seconds, bl.youth as youth_last_seconds,
      (select count(*) from pickup_players pp where pp.facility_id = ${facility.ID} and ${inside('pp.start_date', day)}) as pickup_players,
      (select count(*) from ev where ${inside('ev.start_date', day)} and ev.product_type_id = ${PRODUCT_TYPE.YOUTH_CONTRACT}) as youth_contracts,
      (select count(*) from ev where ${inside('ev.start_date', day)} and ev.product_type_id = ${ADULT_MATCH}) as adult_games,
      (select count(*) from ev where ${inside('ev.start_date', day)} and ev.product_type_id = ${YOUTH_MATCH}) as youth_games,
      (select count(*) from ev where ev.product_type_id = ${ADULT_MATCH}) as adult_games_week,
      (select count(*) from ev where ev.product_type_id = ${YOUTH_MATCH}) as youth_games_week,
      (select count(*) from events e where e.facility_id = ${facility.ID} and ${inside('e.start_date', day)} and e.product_type_id not in (${BLOCKERS})) as events,
      (select coalesce(sum((e.end_date - e.start_date) * case when fi.parent_field_id is null then 1 else 1.0 / parts.n end), 0)
        from events e join fields fi on fi.id = e.field_id left join parts on parts.parent_field_id = fi.parent_field_id
        where e.facility_id = ${facility.ID} and ${inside('e.start_date', day)} and e.product_type_id not in (${BLOCKERS})) as booked_seconds,
      (select count(*) from health_checks h where h.facility_id = ${facility.ID} and ${inside('h.created_at', day)}) as health_checks,
      (select coalesce(sum(sale) filter (where product_type_id is distinct from ${BAR}), 0) from sales) as soccer,
      (select coalesce(sum(sale) filter (where product_type_id is distinct from ${BAR} and adult and category is distinct from 'event'), 0) from sales) as soccer_no_yr,
      (select coalesce(sum(sale) filter (where product_type_id is distinct from ${BAR} and type = 'cash'), 0) from sales) as soccer_cash,
      (select coalesce(sum(sale) filter (where product_type_id = ${BAR}), 0) from sales) as bar,
      (select coalesce(sum(sale) filter (where product_type_id = ${BAR} and type = 'cash'), 0) from sales) as bar_cash
    from b, bl`);
  const fields = await rowsOf<Field>(db, sql`select weekday_open_time, weekday_close_time, weekend_open_time, weekend_close_time
    from fields where facility_id = ${facility.ID} and parent_field_id is null`);
  const hours = openingHours(fields, from, to);
  const events = num(row.events);
  const perEvent = (value: number) => (events ? Math.round((value / events) * 100) / 100 : 0);
  const toHours = (seconds: unknown) => Math.round(num(seconds) / 36) / 100;
  const bar = num(row.bar);
  return {
    Center: facility.name, facility_id: facility.ID, Date: day.start, time_zone: facility.time_zone,
    AdultBookings: toHours(row.adult_seconds), YouthBookings: toHours(row.youth_seconds),
    AdultBookingsLastWeek: toHours(row.adult_last_seconds), YouthBookingsLastWeek: toHours(row.youth_last_seconds),
    PickPlayers: num(row.pickup_players), YouthContracts: num(row.youth_contracts),
    AdultGames: num(row.adult_games), YouthGames: num(row.youth_games), AdultGamesWeek: num(row.adult_games_week), YouthGamesWeek: num(row.youth_games_week),
    SoccerSales: toDollars(num(row.soccer)), SoccerSalesNoYR: toDollars(num(row.soccer_no_yr)), SoccerSalesCash: toDollars(num(row.soccer_cash)),
    BarIncomeTotal: toDollars(bar), BarIncomeCash: toDollars(num(row.bar_cash)), BarOfSoccer: toDollars(Math.round(perEvent(bar))),
    HealthChecks: num(row.health_checks), HealthChecksPerEvent: perEvent(num(row.health_checks)),
    Occupancy: hours ? Math.round((num(row.booked_seconds) / 3600 / hours) * 1000) / 10 : 0, Hours: hours,
    WeekStart: week.start, WeekEnd: week.end,
  };
}

export async function dailyReport(db: Db, facilityIds: number[], from: IsoDate, to: IsoDate) {
  const facilities = await rowsOf<Facility>(db, sql`select id as "ID", name, time_zone from facilities
    where id in (${sql.join(facilityIds.map((id) => sql`${id}`), sql`, `)}) order by id`);
  return Promise.all(facilities.map((facility) => facilityDay(db, facility, from, to)));
}
