import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { toDollars } from '../../../core/money';
import { PICKUP_PRODUCT_TYPE, PRICE_MISMATCH_TOLERANCE } from '../../../core/validation/contract';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { jsonList, jsonObject } from '../../db/json';
import { perDatabase } from '../../db/prepared';
import { contracts, customers, events, facilities, fields, invoiceItems, invoices, payments, productTypes } from '../../db/schema';
import { notFound } from '../../http/errors';
import { figureColumns, type Figures } from '../../domain/invoices/access';
import { totalsWire } from '../../domain/invoices/view';
import { contractWire, type ContractRow } from '../../domain/contracts/access';

// GET /contract/{id}: the detail page in one statement — the contract with its facility, customer and
// product type, its events priced and summed, and its invoice with its totals. PostgreSQL builds the
// events' list as JSON (a contract has hundreds of events; mapping them row by row in Node was most of
// the request), and prices them as core's eventPrice and eventHours do: hourly fee (the event's custom
// price, else the contract's) × hours rounded half up to the cent, hours to the hundredth, money in dollars.

const hourly = sql<number>`coalesce(${events.contract_variant_price}, ${contracts.fee})`;
const seconds = sql`(${events.end_date} - ${events.start_date})`;
/** eventPrice in cents, as numeric. */
const price = sql`round(${hourly} * ${seconds} / 3600.0)`;
/** eventHours, as numeric. */
const hours = sql`round(${seconds} / 3600.0, 2)`;
const dollars = (cents: SQL) => sql<number>`round(${cents} / 100.0, 2)`;

interface DetailEvent {
  ID: number; field_id: number; field: { ID: number; name: string }; start_date: number; end_date: number; keep: boolean;
  hourly: number; custom_price: boolean; price: number; hours: number;
}

const eventList = jsonList(
  jsonObject<DetailEvent>({
    ID: events.ID, field_id: events.field_id, field: jsonObject({ ID: fields.ID, name: fields.name }),
    start_date: events.start_date, end_date: events.end_date, keep: events.keep,
    hourly: dollars(hourly), custom_price: sql`${events.contract_variant_price} is not null`, price: dollars(price), hours,
  }),
  sql`from ${events} inner join ${fields} on ${fields.ID} = ${events.field_id} where ${events.contract_id} = ${contracts.ID}`,
  sql`${events.start_date}, ${events.ID}`,
);

/** What the events add up to: first start, last end, count, hours, and their price in cents. */
const eventSums = sql<{ start: number | null; end: number | null; count: number; hours: number; total: number }>`(select ${jsonObject({
  start: sql`min(${events.start_date})`, end: sql`max(${events.end_date})`, count: sql`count(*)`,
  hours: sql`coalesce(sum(${hours}), 0)`, total: sql`coalesce(sum(${price}), 0)`,
})} from ${events} where ${events.contract_id} = ${contracts.ID})`;

// The contract's own invoice (the first, not a reversal), less its link hash and kept sums, with its figures, what it
// bills for events (cents) and whether it took a payment. Qualified by hand: inside the subquery a bare
// column would mean the subquery's own table.
const { public_link_hash: _hash, invoiced: _i, discounted: _d, paid: _p, user_id: _u, CreatedAt: _c, UpdatedAt: _up, ...invoiceColumns } = getTableColumns(invoices);
const invoiceId = sql`${invoices}.${sql.identifier(invoices.ID.name)}`;
type InvoiceJson = Omit<typeof invoices.$inferSelect, 'public_link_hash' | 'invoiced' | 'discounted' | 'paid' | 'user_id' | 'CreatedAt' | 'UpdatedAt'> & Figures & { billed: number; has_payments: boolean };
const invoiceSummary = sql<InvoiceJson | null>`(select ${jsonObject({
  ...invoiceColumns,
  ...figureColumns(invoiceId),
  billed: sql`(select coalesce(sum(${invoiceItems.quantity} * ${invoiceItems.price}), 0) from ${invoiceItems}
    where ${invoiceItems.invoice_id} = ${invoiceId} and ${invoiceItems.event_id} is not null)`,
  has_payments: sql`exists (select 1 from ${payments} where ${payments.invoice_id} = ${invoiceId})`,
})} from ${invoices} where ${invoices.contract_id} = ${contracts.ID} order by ${invoiceId} limit 1)`;

const detailRows = (db: Db | Tx, where: SQL | undefined) =>
  db
    .select({
      contract: contracts,
      facility: { ID: facilities.ID, name: facilities.name, address: facilities.address, time_zone: facilities.time_zone },
      customer: { ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email, phone: customers.phone },
      product_type: { ID: productTypes.ID, name: productTypes.name },
      events: eventList,
      sums: eventSums,
      invoice: invoiceSummary,
    })
    .from(contracts)
    .innerJoin(facilities, eq(facilities.ID, contracts.facility_id))
    .innerJoin(productTypes, eq(productTypes.ID, contracts.product_type_id))
    .leftJoin(customers, eq(customers.ID, contracts.customer_id))
    .where(where);

const byId = eq(contracts.ID, sql.placeholder('id'));
const prepareById = (db: Db | Tx) => detailRows(db, byId).prepare('contract_detail');
const prepared = perDatabase((db) => ({
  byId: prepareById(db),
  inFacility: detailRows(db, and(byId, eq(contracts.facility_id, sql.placeholder('facility')))).prepare('contract_detail_in_facility'),
}));

function toDetail(row: Awaited<ReturnType<typeof detailRows>>[number] | undefined) {
  if (!row) throw notFound('Contract');
  const { contract, sums, invoice: bill, ...header } = row;
  return {
    ...contractWire(contract),
    ...header,
    summary: { start: sums.start, end: sums.end, count: sums.count, hours: sums.hours, total: toDollars(sums.total) },
    invoice: bill && invoiceWire(bill),
    has_payments: bill?.has_payments ?? false,
    // What the invoice bills for events, against what the events are worth (the $10 check).
    price_mismatch: bill !== null && contract.product_type_id !== PICKUP_PRODUCT_TYPE && Math.abs(sums.total - bill.billed) > PRICE_MISMATCH_TOLERANCE,
  };
}

function invoiceWire(bill: InvoiceJson) {
  const { invoiced, taxes, fees, discounted, paid, billed: _billed, has_payments: _paid, ...invoice } = bill;
  return { ...invoice, ...totalsWire({ invoiced, taxes, fees, discounted, paid }) };
}

/** The detail page's whole contract `id`, when the user may see it (non-admins: their facility's), else 404. */
export async function readContractDetail(db: Db, user: SessionUser, id: number) {
  const facility = facilityScope(user);
  const statements = prepared(db);
  return toDetail((await (facility === null ? statements.byId.execute({ id }) : statements.inFacility.execute({ id, facility })))[0]);
}

/** The whole detail of a contract already found (its document and signing page), in a transaction or not. */
export async function contractDetail(db: Db | Tx, contract: ContractRow) {
  // A transaction is a Db too (it extends it), but its statements must run on its own connection.
  const query = db instanceof PgTransaction ? prepareById(db) : prepared(db).byId;
  return toDetail((await query.execute({ id: contract.ID }))[0]);
}
