import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ITEM_MESSAGES, setInvoiceFee } from '../../../core/api/invoices';
import { can } from '../../../core/permissions';
import { invoiceItems } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { conflict, forbidden } from '../../http/errors';
import { assertOpen, balanceOf, findInvoice, invoiceFigures } from '../../domain/invoices/access';
import { recordInvoiceChange } from '../../domain/invoices/audit';
import { lineAmounts } from '../../domain/invoices/lines';

// Edit fee (spec 2 §2, §6; the spec names no call): PUT /invoice/fee/{id} {fees} sets the invoice's
// processing fee, a percent like an item's `fees`, on every line and recomputes each line's fee in
// cents (half-up, core/money). Admins on any invoice, managers on invoices without a contract. The
// invoice is locked first: a lower fee may not leave it paid above its total.

export const FEE_MESSAGES = {
  contract: 'Only admins change the processing fee of a contract invoice',
} as const;

export async function invoiceFeeRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, setInvoiceFee, async ({ user, params: { id }, body: { fees } }) => {
    return db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, user, id, { lock: true });
      assertOpen(invoice);
      if (invoice.contract_id !== null && !can(user.role, 'invoices', 'contract_price')) throw forbidden(FEE_MESSAGES.contract);
      const lines = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, id)).orderBy(invoiceItems.ID);
      for (const line of lines) {
        const { amount_fees } = lineAmounts(line.price, line.quantity, line.taxes, fees);
        await tx.update(invoiceItems).set({ fees, amount_fees }).where(eq(invoiceItems.ID, line.ID));
      }
      if (balanceOf(await invoiceFigures(tx, id)) < 0) throw conflict(ITEM_MESSAGES.overpaid);
      return recordInvoiceChange(tx, user, invoice, 'edit_fee');
    });
  });
}
