import { aliasedTable, and, eq, getTableColumns, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LIGHT_BLUE, type CalendarEvent, type EventMark } from '../../../core/calendar';
import { LEAGUE_PRODUCT_TYPES, PRODUCT_TYPE, SPECIAL_NEW_PRODUCT_ID } from '../../../core/constants';
import type { FastifyReply } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { jsonObject, jsonOrNull } from '../../db/json';
import { classes, contracts, customers, events, fields, invoiceItems, invoices, leagues, matches, productTypes, teams } from '../../db/schema';
import { discountsOf, itemsOf, paymentsOf } from '../../domain/customers/invoiceTotals';
import { longestOn } from '../../domain/events/overlap';

// Events as the calendar draws them (spec 2 §2, §3): each with its product type, field, customer,
// match (league colour, teams, scores), invoice status (amount, paid, balance over the invoices
// that bill it, reversed ones left out), its title and colour, and whether it conflicts with
// another event on its field or a field split from or into it. One query reads it all and PostgreSQL
// builds the answer's JSON, which the routes send as it comes: Node does no work per event (mapping
// and serializing a week's rows was most of a request's CPU). The busy calls (the week, the
// conflicts) run it prepared, so that PostgreSQL plans its joins once per connection rather than on
// every request (planning them took longer than running them).

const home = aliasedTable(teams, 'home_team');
const away = aliasedTable(teams, 'away_team');
const other = aliasedTable(events, 'other_event');
const part = aliasedTable(fields, 'part_field');

/**
 * The IDs of the events of `where` that overlap another (non-empty) event on the same ground (its
 * field, the full field it is part of, its parts), in one pass rather than one probe per event: the
 * events of `where`, the fields sharing ground with theirs, the events of those fields overlapping
 * the span of the whole set (one index range per field, bounded below by the longest event of their
 * facilities: domain/events/overlap.ts), then their overlaps joined in memory.
 */
const conflicted = (where: SQL | undefined) => sql`(with calendar_window as materialized (
    select ${events.ID} as id, ${events.field_id} as field_id, ${events.start_date} as start_date, ${events.end_date} as end_date
    from ${events} where ${where ?? sql`true`} and ${events.end_date} > ${events.start_date}),
  ground as (select ${fields.ID} as field_id, unnest(array[${fields.ID}, ${fields.parent_field_id}]
      || array(select ${part.ID} from ${fields} ${part} where ${part.parent_field_id} = ${fields.ID})) as ground_id
    from ${fields} where ${fields.ID} in (select field_id from calendar_window)),
  partner as materialized (select ${other.ID} as id, ${other.field_id} as field_id, ${other.start_date} as start_date, ${other.end_date} as end_date
    from ${events} ${other}
    where ${other.field_id} = any(array(select ground_id from ground))
      and ${other.start_date} >= (select min(start_date) from calendar_window) - ${longestOn(sql`array(select ground_id from ground)`)}
      and ${other.start_date} < (select max(end_date) from calendar_window)
      and ${other.end_date} > (select min(start_date) from calendar_window)
      and ${other.end_date} > ${other.start_date})
  select distinct w.id from calendar_window w
    inner join ground g on g.field_id = w.field_id
    inner join partner o on o.field_id = g.ground_id
  where o.id <> w.id and o.start_date < w.end_date and o.end_date > w.start_date)`;

/** Amount and paid (cents) over the live invoices billing the event; null amount when none bills it. */
function invoiceStatus(db: Db | Tx) {
  const billing = db.select({ ID: invoiceItems.invoice_id }).from(invoiceItems).where(eq(invoiceItems.event_id, events.ID));
  return db
    .select({ amount: sql<string | null>`sum(${itemsOf} - ${discountsOf})`.as('invoice_amount'), paid: sql<string | null>`sum(${paymentsOf})`.as('invoice_paid') })
    .from(invoices)
    .where(and(inArray(invoices.ID, billing), isNull(invoices.reversed), isNull(invoices.reversal)))
    .as('invoice_status');
}

type InvoiceStatus = ReturnType<typeof invoiceStatus>;

/** Cents as dollars on the wire (toDollars, in SQL): exact, cents being whole. */
const dollars = (cents: SQL) => sql<number>`round((${cents})::numeric / 100, 2)`;

/** A constant of core as an SQL literal (a constant the planner sees, not a parameter). */
const literal = (value: string | number) => sql.raw(typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`);

/** Who or what an event is for: its customer, else its class, its contract, its type. */
const named = sql`coalesce(${customers.first_name} || ' ' || coalesce(${customers.last_name}, ''), ${classes.name}, ${contracts.name}, ${productTypes.name})`;

/**
 * The title (spec 2 §2): a class or new product 1169 by its comment, else its class, else its type; a
 * match by its teams; teams typed by hand (types 3, 8) by those; else the customer (or the class, the
 * contract, the type) with the comment after a dash, unless the comment says the same (a pickup game's
 * comment is its contract's name). An empty comment, class name or team counts as none where the spec
 * reads "or", a missing team is 'TBD'.
 */
const title = sql<string>`case
  when ${events.product_type_id} = ${literal(PRODUCT_TYPE.CLASS)} or ${events.new_product_id} = ${literal(SPECIAL_NEW_PRODUCT_ID)}
    then coalesce(nullif(${events.comment}, ''), nullif(${classes.name}, ''), ${productTypes.name})
  when ${events.match_id} is not null then coalesce(${home.name}, 'TBD') || ' vs ' || coalesce(${away.name}, 'TBD')
  when coalesce(${events.team_a}, '') <> '' or coalesce(${events.team_b}, '') <> ''
    then coalesce(nullif(${events.team_a}, ''), 'TBD') || ' vs ' || coalesce(nullif(${events.team_b}, ''), 'TBD')
  else ${named} || case when ${events.comment} <> '' and ${events.comment} <> ${named} then ' - ' || ${events.comment} else '' end
end`;

/** The colour: a league match's league colour; light blue for league and tournament types; else the type's. */
const color = sql<string>`case
  when coalesce(${leagues.color}, '') <> '' then ${leagues.color}
  when ${events.product_type_id} in (${sql.raw(LEAGUE_PRODUCT_TYPES.join(', '))}) then ${literal(LIGHT_BLUE)}
  else ${productTypes.color}
end`;

/**
 * The icon: ✓ a match with both scores; else ✓ invoiced and paid, ⚠ a balance owed; ○ a customer's
 * priced booking (not a match, class or contract session) that no invoice bills yet; else none.
 */
const mark = (invoice: InvoiceStatus) => sql<EventMark>`case
  when ${events.match_id} is not null and ${matches.home_score} is not null and ${matches.away_score} is not null then 'scored'
  when ${invoice.amount} is null and ${events.new_product_id} is not null and ${events.customer_id} is not null
    and ${events.match_id} is null and ${events.class_id} is null and ${events.contract_id} is null then 'uninvoiced'
  when ${invoice.amount} is null then null
  when ${invoice.amount} - coalesce(${invoice.paid}, 0) > 0 then 'owed'
  else 'paid'
end`;

/** The event's JSON: its columns (money in dollars), then what the calendar draws, in the answer's key order. */
function calendarEventJson(invoice: InvoiceStatus, conflict: SQL) {
  const columns = getTableColumns(events);
  const paid = sql`coalesce(${invoice.paid}, 0)`;
  return jsonObject<CalendarEvent>({
    ...columns,
    contract_variant_price: sql`${dollars(sql`${columns.contract_variant_price}`)}`,
    product_type: jsonObject({ ID: productTypes.ID, name: productTypes.name, color: productTypes.color }),
    field: jsonObject({ ID: fields.ID, number: fields.number, name: fields.name, parent_field_id: fields.parent_field_id }),
    customer: jsonOrNull(customers.first_name, { first_name: customers.first_name, last_name: sql`coalesce(${customers.last_name}, '')` }),
    contract: jsonOrNull(events.contract_id, { ID: events.contract_id, name: contracts.name }),
    match: jsonOrNull(events.match_id, {
      ID: events.match_id,
      league: jsonOrNull(leagues.ID, { ID: leagues.ID, name: leagues.name, color: leagues.color }),
      home_team: jsonOrNull(matches.home_team_id, { ID: matches.home_team_id, name: home.name }),
      away_team: jsonOrNull(matches.away_team_id, { ID: matches.away_team_id, name: away.name }),
      home_score: matches.home_score,
      away_score: matches.away_score,
    }),
    invoice: sql`case when ${invoice.amount} is null then null else ${jsonObject({
      amount: dollars(sql`${invoice.amount}`),
      paid: dollars(paid),
      balance: dollars(sql`${invoice.amount} - ${paid}`),
    })} end`,
    title,
    color,
    mark: mark(invoice),
    conflict,
  });
}

/**
 * The events `where` selects (a condition, or one with placeholders to prepare) as one JSON array, in
 * time order: the text of the answer, sent as it is. With `conflictsOnly`, only those in conflict.
 */
export function calendarQuery(db: Db | Tx, where: SQL | undefined, conflictsOnly = false) {
  const invoice = invoiceStatus(db);
  const inConflict = sql`${events.ID} in ${conflicted(where)}`;
  const rows = db
    .select({ start_date: events.start_date, ID: events.ID, event: calendarEventJson(invoice, conflictsOnly ? sql`true` : inConflict).as('event') })
    .from(events)
    .innerJoin(productTypes, eq(productTypes.ID, events.product_type_id))
    .innerJoin(fields, eq(fields.ID, events.field_id))
    .leftJoin(customers, eq(customers.ID, events.customer_id))
    .leftJoin(classes, eq(classes.ID, events.class_id))
    .leftJoin(contracts, eq(contracts.ID, events.contract_id))
    .leftJoin(matches, eq(matches.ID, events.match_id))
    .leftJoin(leagues, eq(leagues.ID, matches.league_id))
    .leftJoin(home, eq(home.ID, matches.home_team_id))
    .leftJoin(away, eq(away.ID, matches.away_team_id))
    .leftJoinLateral(invoice, sql`true`)
    .where(conflictsOnly ? and(where, inConflict) : where)
    .as('calendar');
  return db.select({ json: sql<string>`coalesce(json_agg(${rows.event} order by ${rows.start_date}, ${rows.ID}), '[]')::text`.as('json') }).from(rows);
}

/**
 * calendarQuery with the facility's calendar version (migrations 0014, 0016) read in the same statement, hence
 * the same snapshot: the version the answer is current at.
 */
export function versionedCalendarQuery(db: Db | Tx, facility: SQLWrapper, where: SQL | undefined, conflictsOnly = false) {
  const answer = calendarQuery(db, where, conflictsOnly).as('answer');
  return db.select({ version: calendarVersion(facility), json: answer.json }).from(answer);
}

/** The facility's calendar version as this statement's snapshot sees it (migration 0016). */
export const calendarVersion = (facility: SQLWrapper) => sql<string>`calendar_version(${facility})`;

type Answer = Array<{ json: string }>;

/** Sends a calendarQuery's answer: its JSON text as PostgreSQL wrote it. */
export const sendCalendar = (reply: FastifyReply, [answer]: Answer) => reply.type('application/json; charset=utf-8').send(answer.json);

/** The events of `where` with everything the calendar draws, in time order. */
export async function calendarRows(db: Db | Tx, where: SQL | undefined): Promise<CalendarEvent[]> {
  const [answer]: Answer = await calendarQuery(db, where);
  return JSON.parse(answer.json);
}
