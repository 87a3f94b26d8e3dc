import { aliasedTable, and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { eventColor, eventMark, eventTitle } from '../../../core/calendar';
import { toDollars } from '../../../core/money';
import type { Db, Tx } from '../../db/client';
import { classes, contracts, customers, events, fields, invoiceItems, invoices, leagues, matches, productTypes, teams } from '../../db/schema';
import { discountsOf, itemsOf, paymentsOf } from '../customers/invoiceTotals';

// Events as the calendar draws them (spec 2 §2, §3): each with its product type, field, customer,
// match (league colour, teams, scores), invoice status (amount, paid, balance over the invoices
// that bill it, reversed ones left out), its title and colour, and whether it conflicts with
// another event on its field or a field split from or into it.

const home = aliasedTable(teams, 'home_team');
const away = aliasedTable(teams, 'away_team');

/**
 * The events of `where` with everything the calendar draws. Three short queries rather than one join of
 * ten tables: planning that join took longer than running it (about 12 ms at a million events, where
 * these take 1–2 ms); the matches and the invoice status are read by the IDs the first one found.
 */
export async function calendarRows(db: Db | Tx, where: SQL | undefined) {
  const rows = await db
    .select({
      event: events,
      product_type: { ID: productTypes.ID, name: productTypes.name, color: productTypes.color },
      field: { ID: fields.ID, number: fields.number, name: fields.name, parent_field_id: fields.parent_field_id },
      customer_first: customers.first_name,
      customer_last: customers.last_name,
      class_name: classes.name,
      contract_name: contracts.name,
    })
    .from(events)
    .innerJoin(productTypes, eq(productTypes.ID, events.product_type_id))
    .innerJoin(fields, eq(fields.ID, events.field_id))
    .leftJoin(customers, eq(customers.ID, events.customer_id))
    .leftJoin(classes, eq(classes.ID, events.class_id))
    .leftJoin(contracts, eq(contracts.ID, events.contract_id))
    .where(where)
    .orderBy(asc(events.start_date), asc(events.ID));

  const [matchRows, billed] = await Promise.all([
    matchesOf(db, [...new Set(rows.flatMap((r) => (r.event.match_id === null ? [] : [r.event.match_id])))]),
    invoiceStatus(db, rows.map((r) => r.event.ID)),
  ]);
  return rows.map((row) => {
    const r = { ...row, ...matchRows.get(row.event.match_id ?? 0) ?? NO_MATCH };
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
    const invoice = billed.get(e.ID) ?? null;
    const title = eventTitle({
      product_type_id: e.product_type_id, product_type_name: r.product_type.name, new_product_id: e.new_product_id, comment: e.comment,
      customer, team_a: e.team_a, team_b: e.team_b, class_name: r.class_name, contract_name: r.contract_name,
      match: match && { home_team: r.home_team, away_team: r.away_team },
    });
    const { contract_variant_price, ...rest } = e;
    return {
      ...rest,
      contract_variant_price: contract_variant_price === null ? null : toDollars(contract_variant_price),
      product_type: r.product_type,
      field: r.field,
      customer,
      contract: e.contract_id === null ? null : { ID: e.contract_id, name: r.contract_name },
      match,
      invoice: invoice && { amount: toDollars(invoice.amount), paid: toDollars(invoice.paid), balance: toDollars(invoice.balance) },
      title,
      color: eventColor(e.product_type_id, r.product_type.color, r.league_color),
      mark: eventMark(invoice, match && { home: match.home_score, away: match.away_score }),
      conflict: false,
    };
  });
}

const NO_MATCH = {
  league_id: null, league_name: null, league_color: null, home_team_id: null, away_team_id: null,
  home_team: null, away_team: null, home_score: null, away_score: null,
};

/** League and teams of each match, by match ID. */
async function matchesOf(db: Db | Tx, matchIds: number[]) {
  if (!matchIds.length) return new Map<number, typeof NO_MATCH>();
  const rows = await db
    .select({
      ID: matches.ID,
      league_id: leagues.ID,
      league_name: leagues.name,
      league_color: leagues.color,
      home_team_id: matches.home_team_id,
      away_team_id: matches.away_team_id,
      home_team: home.name,
      away_team: away.name,
      home_score: matches.home_score,
      away_score: matches.away_score,
    })
    .from(matches)
    .leftJoin(leagues, eq(leagues.ID, matches.league_id))
    .leftJoin(home, eq(home.ID, matches.home_team_id))
    .leftJoin(away, eq(away.ID, matches.away_team_id))
    .where(inArray(matches.ID, matchIds));
  return new Map(rows.map(({ ID, ...match }) => [ID, match]));
}

export type CalendarEvent = Awaited<ReturnType<typeof calendarRows>>[number];

/** Amount, paid and balance (cents) over the live invoices billing each event. */
async function invoiceStatus(db: Db | Tx, eventIds: number[]) {
  const status = new Map<number, { amount: number; paid: number; balance: number }>();
  if (!eventIds.length) return status;
  const billedInvoices = db
    .selectDistinct({ event_id: invoiceItems.event_id, invoice_id: invoiceItems.invoice_id })
    .from(invoiceItems)
    .where(inArray(invoiceItems.event_id, eventIds))
    .as('billed');
  const rows = await db
    .select({ event_id: billedInvoices.event_id, items: sql<string>`${itemsOf}`, discounts: sql<string>`${discountsOf}`, paid: sql<string>`${paymentsOf}` })
    .from(billedInvoices)
    .innerJoin(invoices, eq(invoices.ID, billedInvoices.invoice_id))
    .where(and(isNull(invoices.reversed), isNull(invoices.reversal)));
  for (const row of rows) {
    if (row.event_id === null) continue;
    const amount = Number(row.items) - Number(row.discounts);
    const paid = Number(row.paid);
    const prev = status.get(row.event_id) ?? { amount: 0, paid: 0, balance: 0 };
    status.set(row.event_id, { amount: prev.amount + amount, paid: prev.paid + paid, balance: prev.balance + amount - paid });
  }
  return status;
}

/**
 * Marks events that overlap another event on the same field, or on the full field / a part of a
 * split field. `rows` must hold every event of the facility overlapping the range looked at.
 */
export function markConflicts<T extends { ID: number; field_id: number; start_date: number; end_date: number; conflict: boolean }>(
  rows: T[],
  fieldParents: Map<number, number | null>,
): T[] {
  const byField = new Map<number, T[]>();
  for (const row of rows) {
    const list = byField.get(row.field_id) ?? [];
    list.push(row);
    byField.set(row.field_id, list);
  }
  const children = new Map<number, number[]>();
  for (const [id, parent] of fieldParents) if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), id]);
  for (const row of rows) {
    if (row.end_date <= row.start_date) continue;
    const parent = fieldParents.get(row.field_id) ?? null;
    const related = [row.field_id, ...(parent !== null ? [parent] : []), ...(children.get(row.field_id) ?? [])];
    row.conflict = related.some((f) => (byField.get(f) ?? []).some((o) =>
      o.ID !== row.ID && o.end_date > o.start_date && o.start_date < row.end_date && o.end_date > row.start_date));
  }
  return rows;
}
