import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { eventHours, eventPrice, PICKUP_PRODUCT_TYPE } from '../../../core/validation/contract';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { events, fields, invoiceItems } from '../../db/schema';
import { facilityRates } from '../invoices/access';
import { recordInvoiceChange } from '../invoices/audit';
import { lineAmounts } from '../invoices/lines';
import { contractInvoice, type ContractRow } from './access';

// The contract's invoice follows its events (issue 12 §4): one line per event, priced at the event's
// hourly fee (its custom price, else the contract's) × its hours, taxed at the facility's rate and
// charged its processing fee when the contract applies it. Every change to the events calls
// syncContractInvoice in the change's own transaction, after locking the invoice row.

export interface ContractTotals {
  /** Σ event prices, cents. */
  total: number;
  hours: number;
  count: number;
}

/** The events of a contract with their price (cents) and hours. */
export async function pricedEvents(db: Db | Tx, contract: ContractRow) {
  const rows = await db
    .select({
      ID: events.ID, field_id: events.field_id, start_date: events.start_date, end_date: events.end_date, contract_variant_price: events.contract_variant_price,
      keep: events.keep, field: { ID: fields.ID, name: fields.name },
    })
    .from(events)
    .innerJoin(fields, eq(fields.ID, events.field_id))
    .where(eq(events.contract_id, contract.ID))
    .orderBy(asc(events.start_date), asc(events.ID));
  return rows.map((e) => ({
    ...e,
    hourly: e.contract_variant_price ?? contract.fee,
    price: eventPrice(e.contract_variant_price ?? contract.fee, e.start_date, e.end_date),
    hours: eventHours(e.start_date, e.end_date),
  }));
}

export const totalsOf = (rows: Array<{ price: number; hours: number }>): ContractTotals => ({
  total: rows.reduce((s, r) => s + r.price, 0),
  hours: Math.round(rows.reduce((s, r) => s + r.hours, 0) * 100) / 100,
  count: rows.length,
});

/**
 * Brings the invoice's event lines in line with the events: reprices changed ones, adds missing ones,
 * removes lines of events no longer in the contract. Pickup contracts bill players, not events: their
 * invoice is left alone. Answers the contract's totals after the change.
 */
export async function syncContractInvoice(tx: Tx, user: SessionUser, contract: ContractRow): Promise<ContractTotals> {
  const priced = await pricedEvents(tx, contract);
  const totals = totalsOf(priced);
  if (contract.product_type_id === PICKUP_PRODUCT_TYPE) return totals;
  const invoice = await contractInvoice(tx, contract.ID, { lock: true });
  if (!invoice) return totals;
  const lines = await tx.select().from(invoiceItems).where(and(eq(invoiceItems.invoice_id, invoice.ID), isNotNull(invoiceItems.event_id)));
  const byEvent = new Map(lines.map((l) => [l.event_id!, l]));
  const rates = await facilityRates(tx, invoice.facility_id);
  const taxes = Math.round(rates.tax_rate * 100 * 1e6) / 1e6;
  const fees = contract.ApplyProcessingFee ? Math.round(rates.processing_fee * 100 * 1e6) / 1e6 : 0;
  const added: Array<typeof invoiceItems.$inferInsert> = [];
  const repriced: SQL[] = [];
  for (const e of priced) {
    const line = byEvent.get(e.ID);
    byEvent.delete(e.ID);
    if (!line) {
      added.push({ invoice_id: invoice.ID, event_id: e.ID, product_id: contract.product_id, price: e.price, quantity: 1, comment: '', taxes, fees, ...lineAmounts(e.price, 1, taxes, fees) });
    } else if (line.price !== e.price || line.quantity !== 1) {
      const amounts = lineAmounts(e.price, 1, line.taxes, line.fees);
      repriced.push(sql`(${line.ID}::int, ${e.price}::bigint, ${amounts.amount_taxes}::bigint, ${amounts.amount_fees}::bigint)`);
    }
  }
  // One statement for every repriced line (a bulk edit of 100 events is one UPDATE, not 100).
  if (repriced.length) {
    await tx.execute(sql`update ${invoiceItems} set price = v.price, quantity = 1, amount_taxes = v.taxes, amount_fees = v.fees
      from (values ${sql.join(repriced, sql`, `)}) as v(id, price, taxes, fees) where ${invoiceItems.ID} = v.id`);
  }
  if (added.length) await tx.insert(invoiceItems).values(added);
  const gone = [...byEvent.values()].map((l) => l.ID);
  if (gone.length) await tx.delete(invoiceItems).where(inArray(invoiceItems.ID, gone));
  if (repriced.length || added.length || gone.length) await recordInvoiceChange(tx, user, invoice, 'update');
  return totals;
}

/** Removes the invoice lines of events about to be deleted (their event_id would otherwise go null). */
export async function dropEventLines(tx: Tx, eventIds: number[]): Promise<void> {
  if (eventIds.length) await tx.delete(invoiceItems).where(inArray(invoiceItems.event_id, eventIds));
}
