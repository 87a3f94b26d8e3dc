import { eq } from 'drizzle-orm';
import type { InvoiceInput } from '../../../core/api/invoices';
import { nowSeconds } from '../../../core/time';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { facilities, invoices, payments, productTypes } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { reachableCustomer } from '../customers/summary';
import { facilityRates, type InvoiceRow } from './access';
import { addLine } from './lines';

// Writing invoices for the operations that bill (POST /invoice, contracts, pickup): an invoice with its
// lines, after checking what it names; and whether an invoice has payments, which keeps it and its lines.

async function assertReferences(tx: Tx, user: SessionUser, input: InvoiceInput) {
  const [facility] = await tx.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, input.facility_id));
  if (!facility) throw badRequest('facility_id: there is no such facility');
  if (input.product_type_id) {
    const [type] = await tx.select({ ID: productTypes.ID }).from(productTypes).where(eq(productTypes.ID, input.product_type_id));
    if (!type) throw badRequest('product_type_id: there is no such product type');
  }
  if (input.customer_id) await reachableCustomer(tx, user, input.customer_id).catch(() => { throw badRequest('customer_id: there is no such customer'); });
}

/** Creates an invoice and its lines inside `tx`; answers the row. */
export async function createInvoice(tx: Tx, user: SessionUser, input: InvoiceInput): Promise<InvoiceRow> {
  await assertReferences(tx, user, input);
  const [invoice] = await tx.insert(invoices).values({
    facility_id: input.facility_id,
    customer_id: input.customer_id || null,
    invoice_type_id: input.invoice_type_id,
    product_type_id: input.product_type_id ?? null,
    team_id: input.team_id ?? null,
    class_id: input.class_id ?? null,
    contract_id: input.contract_id ?? null,
    date: input.date ?? nowSeconds(),
    comment: input.comment,
    user_id: user.ID,
  }).returning();
  const rates = await facilityRates(tx, invoice.facility_id);
  for (const line of input.invoice_items) await addLine(tx, invoice.ID, rates, line);
  return invoice;
}

/** Whether an invoice has payments (reverted ones included): then it and its lines stay. */
export async function hasMoney(tx: Tx, invoiceId: number): Promise<boolean> {
  const [payment] = await tx.select({ ID: payments.ID }).from(payments).where(eq(payments.invoice_id, invoiceId)).limit(1);
  return Boolean(payment);
}
