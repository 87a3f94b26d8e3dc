import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as api from '../../../core/api/invoices';
import { can } from '../../../core/permissions';
import { nowSeconds } from '../../../core/time';
import { facilityScope } from '../../auth/guard';
import { discountApplications, invoiceItems, invoices } from '../../db/schema';
import { conflict, forbidden } from '../../http/errors';
import { serve } from '../../http/endpoint';
import { idempotentCreate } from '../../http/idempotency';
import { assertOpen, findInvoice, INVOICE_MESSAGES } from '../../domain/invoices/access';
import { recordInvoiceChange } from '../../domain/invoices/audit';
import { createInvoice, hasMoney } from '../../domain/invoices/write';

// Writing invoices (spec 2 §7): POST /invoice with its items, PUT /invoice/{id} (date for admins,
// comment), DELETE /invoice/{id} (only an open invoice without payments), POST /invoice/reverse/{id}
// (admins: the reversal invoice cancels every line and discount; neither takes money afterwards).

export async function invoiceWriteRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, api.createInvoice, async ({ user, body: input, idempotencyKey }, _request, reply) => {
    // Non-admins invoice at their own facility whatever they send.
    const facility_id = facilityScope(user, input.facility_id) ?? input.facility_id;
    // A repeat with the Idempotency-Key (a double click) answers the first invoice.
    const answer = await idempotentCreate(db, user, idempotencyKey, 'invoice', input, async (tx) => {
      const invoice = await createInvoice(tx, user, { ...input, facility_id });
      return recordInvoiceChange(tx, user, invoice, 'create');
    });
    return reply.status(answer.status).send(answer.body);
  });

  serve(app, api.updateInvoice, async ({ user, params: { id }, body: changes }) => {
    if (changes.date !== undefined && !can(user.role, 'invoices', 'date')) throw forbidden('Only admins change the date of an invoice');
    return db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, user, id, { lock: true });
      if (Object.keys(changes).length === 0) return recordInvoiceChange(tx, user, invoice, 'update');
      const [row] = await tx.update(invoices).set(changes).where(eq(invoices.ID, id)).returning();
      return recordInvoiceChange(tx, user, row, 'update');
    });
  });

  serve(app, api.deleteInvoice, async ({ user, params: { id } }) => {
    return db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, user, id, { lock: true });
      assertOpen(invoice);
      if (await hasMoney(tx, id)) throw conflict(INVOICE_MESSAGES.hasPayments);
      const view = await recordInvoiceChange(tx, user, invoice, 'delete');
      await tx.delete(invoices).where(eq(invoices.ID, id));
      return view;
    });
  });

  serve(app, api.reverseInvoice, async ({ user, params: { id } }) => {
    return db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, user, id, { lock: true });
      assertOpen(invoice);
      const { ID: _id, CreatedAt: _c, UpdatedAt: _u, public_link_hash: _h, reversed: _r, invoiced: _i, discounted: _d, paid: _p, ...header } = invoice;
      const [reversal] = await tx.insert(invoices).values({
        ...header, reversal: invoice.ID, date: nowSeconds(), user_id: user.ID, comment: `Reversal of invoice ${invoice.ID}`,
      }).returning();
      const lines = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, invoice.ID));
      if (lines.length) {
        await tx.insert(invoiceItems).values(lines.map(({ ID: _i, CreatedAt: _a, UpdatedAt: _b, invoice_id: _v, ...line }) => ({
          ...line, invoice_id: reversal.ID, price: -line.price, amount_taxes: -line.amount_taxes, amount_fees: -line.amount_fees,
        })));
      }
      // A discount took money off the original: the reversal gives it back as a positive line.
      const applied = await tx.select().from(discountApplications).where(eq(discountApplications.invoice_id, invoice.ID));
      for (const discount of applied) {
        await tx.insert(invoiceItems).values({ invoice_id: reversal.ID, price: discount.amount, quantity: 1, comment: `Reversal of discount ${discount.ID}` });
      }
      const [reversed] = await tx.update(invoices).set({ reversed: reversal.ID }).where(eq(invoices.ID, invoice.ID)).returning();
      await recordInvoiceChange(tx, user, reversed, 'reverse');
      return recordInvoiceChange(tx, user, reversal, 'create');
    });
  });
}
