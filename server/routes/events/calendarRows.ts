import { aliasedTable, and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { eventColor, eventMark, eventTitle } from '../../../core/calendar';
import { toDollars } from '../../../core/money';
import type { Db, Tx } from '../../db/client';
import { classes, contracts, customers, events, fields, invoiceItems, invoices, leagues, matches, productTypes, teams } from '../../db/schema';
import { discountsOf, itemsOf, paymentsOf } from '../customers/invoiceTotals';
import { longestAt } from './overlap';

// Events as the calendar draws them (spec 2 §2, §3): each with its product type, field, customer,
// match (league colour, teams, scores), invoice status (amount, paid, balance over the invoices
// that bill it, reversed ones left out), its title and colour, and whether it conflicts with
// another event on its field or a field split from or into it. One query reads it all; the busy
// calls (the week, the conflicts) run it prepared, so that PostgreSQL plans its joins once per
// connection rather than on every request (planning them took longer than running them).

const home = aliasedTable(teams, 'home_team');
const away = aliasedTable(teams, 'away_team');
const other = aliasedTable(events, 'other_event');
const part = aliasedTable(fields, 'part_field');

/** The fields an event's field shares ground with: itself, the full field it is part of, its parts. */
const sharedGround = sql`(array[${events.field_id}, ${fields.parent_field_id}]
  || array(select ${part.ID} from ${fields} ${part} where ${part.parent_field_id} = ${events.field_id}))`;

/**
 * The event overlaps another (non-empty) event on the same ground: one probe of events_field_start_idx
 * per field, bounded below by the facility's longest event (overlap.ts).
 */
export const conflicts = sql<boolean>`(${events.end_date} > ${events.start_date} and exists (select 1 from ${events} ${other}
  where ${other.field_id} = any(${sharedGround}) and ${other.ID} <> ${events.ID}
    and ${other.start_date} >= ${events.start_date} - ${longestAt(events.facility_id)}
    and ${other.start_date} < ${events.end_date} and ${other.end_date} > ${events.start_date}
    and ${other.end_date} > ${other.start_date}))`;

/** Amount and paid (cents) over the live invoices billing the event; null amount when none bills it. */
function invoiceStatus(db: Db | Tx) {
  const billing = db.select({ ID: invoiceItems.invoice_id }).from(invoiceItems).where(eq(invoiceItems.event_id, events.ID));
  return db
    .select({ amount: sql<string | null>`sum(${itemsOf} - ${discountsOf})`.as('invoice_amount'), paid: sql<string | null>`sum(${paymentsOf})`.as('invoice_paid') })
    .from(invoices)
    .where(and(inArray(invoices.ID, billing), isNull(invoices.reversed), isNull(invoices.reversal)))
    .as('invoice_status');
}

/** The query of calendarRows, for `where` to finish (a condition, or one with placeholders to prepare). */
export function calendarQuery(db: Db | Tx) {
  const invoice = invoiceStatus(db);
  return db
    .select({
      event: events,
      product_type: { ID: productTypes.ID, name: productTypes.name, color: productTypes.color },
      field: { ID: fields.ID, number: fields.number, name: fields.name, parent_field_id: fields.parent_field_id },
      customer_first: customers.first_name,
      customer_last: customers.last_name,
      class_name: classes.name,
      contract_name: contracts.name,
      league_id: leagues.ID,
      league_name: leagues.name,
      league_color: leagues.color,
      home_team_id: matches.home_team_id,
      away_team_id: matches.away_team_id,
      home_team: home.name,
      away_team: away.name,
      home_score: matches.home_score,
      away_score: matches.away_score,
      invoice_amount: invoice.amount,
      invoice_paid: invoice.paid,
      conflict: conflicts,
    })
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
    .$dynamic();
}

type CalendarRow = Awaited<ReturnType<typeof calendarQuery>>[number];

/** A row of calendarQuery as the calendar reads it: money in dollars, title, colour and mark. */
export function calendarEvent(r: CalendarRow) {
  const e = r.event;
  const customer = r.customer_first === null ? null : { first_name: r.customer_first, last_name: r.customer_last ?? '' };
  const match = e.match_id === null ? null : {
    ID: e.match_id,
    league: r.league_id === null ? null : { ID: r.league_id, name: r.league_name, color: r.league_color },
    home_team: r.home_team_id === null ? null : { ID: r.home_team_id, name: r.home_team },
    away_team: r.away_team_id === null ? null : { ID: r.away_team_id, name: r.away_team },
    home_score: r.home_score,
    away_score: r.away_score,
  };
  const amount = r.invoice_amount === null ? null : Number(r.invoice_amount);
  const paid = Number(r.invoice_paid ?? 0);
  const invoice = amount === null ? null : { amount, paid, balance: amount - paid };
  const title = eventTitle({
    product_type_id: e.product_type_id, product_type_name: r.product_type.name, new_product_id: e.new_product_id, comment: e.comment,
    customer, team_a: e.team_a, team_b: e.team_b, class_name: r.class_name, contract_name: r.contract_name,
    match: match && { home_team: r.home_team, away_team: r.away_team },
  });
  // Object.assign rather than a rest-and-spread literal: V8 builds that one ten times slower, which at a
  // week of events was most of the request's CPU.
  return Object.assign({}, e, {
    contract_variant_price: e.contract_variant_price === null ? null : toDollars(e.contract_variant_price),
    product_type: r.product_type,
    field: r.field,
    customer,
    contract: e.contract_id === null ? null : { ID: e.contract_id, name: r.contract_name },
    match,
    invoice: invoice && { amount: toDollars(invoice.amount), paid: toDollars(invoice.paid), balance: toDollars(invoice.balance) },
    title,
    color: eventColor(e.product_type_id, r.product_type.color, r.league_color),
    mark: eventMark(invoice, match && { home: match.home_score, away: match.away_score }),
    conflict: r.conflict,
  });
}

/** The events of `where` with everything the calendar draws, in time order. */
export async function calendarRows(db: Db | Tx, where: SQL | undefined) {
  const rows = await calendarQuery(db).where(where).orderBy(asc(events.start_date), asc(events.ID));
  return rows.map(calendarEvent);
}

export type CalendarEvent = ReturnType<typeof calendarEvent>;
