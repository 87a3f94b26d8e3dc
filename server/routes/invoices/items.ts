import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { can } from '../../../core/permissions';
import { formatMoney, toCents } from '../../../core/money';
import { authorize } from '../../auth/guard';
import { invoiceItems } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { dollars, idParam, parse } from '../../http/validate';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { assertOpen, balanceOf, facilityRates, findInvoice, invoiceFigures } from './access';
import { recordInvoiceChange } from './audit';
import { addLine, lineAmounts, lineInput } from './lines';
import { hasMoney } from './write';

// Invoice items (spec 2 §7): POST /invoice/item adds a line for an event (merging with the line of the
// same product, event and price), PUT /invoice/item/{id} changes its price (admins; managers on
// invoices without a contract), DELETE /invoice/item/{id} (admins, only without payments, never a
// contract's line). The invoice is locked first: a price change may not leave it paid above its total.

export const ITEM_MESSAGES = {
  noEvent: "EventID can't be empty",
  contractPrice: 'Only admins change the prices of a contract invoice',
  contractDelete: 'A contract invoice keeps its items',
  overpaid: 'The invoice would be paid more than its total',
  deleteFailed: (price: number) => `Failed to delete invoice item with price ${formatMoney(price)}: the invoice has payments`,
} as const;

const addBody = lineInput.extend({ invoice_id: z.number({ error: 'must be an invoice ID' }).int().positive('must be an invoice ID') });
const priceBody = z.strictObject({ invoice_id: z.number().int().positive().optional(), price: dollars.min(0, 'must be 0 or more') });

async function findItem(tx: Tx, user: SessionUser, id: number) {
  const [item] = await tx.select().from(invoiceItems).where(eq(invoiceItems.ID, id));
  if (!item) throw notFound('Invoice item');
  const invoice = await findInvoice(tx, user, item.invoice_id, { lock: true }).catch(() => { throw notFound('Invoice item'); });
  return { item, invoice };
}

export async function invoiceItemRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.post('/invoice/item', async (request, reply) => {
    const user = authorize(request, 'invoices', 'edit');
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!body.event_id) throw badRequest(ITEM_MESSAGES.noEvent);
    const { invoice_id, ...line } = parse(addBody, body);
    const view = await db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, user, invoice_id, { lock: true });
      assertOpen(invoice);
      await addLine(tx, invoice.ID, await facilityRates(tx, invoice.facility_id), line);
      return recordInvoiceChange(tx, user, invoice, 'add_item');
    });
    return reply.status(201).send(view);
  });

  app.put('/invoice/item/:id', async (request) => {
    const user = authorize(request, 'invoices', 'price');
    const { id } = parse(idParam, request.params);
    const { price } = parse(priceBody, request.body);
    return db.transaction(async (tx) => {
      const { item, invoice } = await findItem(tx, user, id);
      assertOpen(invoice);
      if (invoice.contract_id !== null && !can(user.role, 'invoices', 'contract_price')) throw forbidden(ITEM_MESSAGES.contractPrice);
      const cents = toCents(price);
      await tx.update(invoiceItems)
        .set({ price: cents, ...lineAmounts(cents, item.quantity, item.taxes, item.fees) })
        .where(eq(invoiceItems.ID, id));
      if (balanceOf(await invoiceFigures(tx, invoice.ID)) < 0) throw conflict(ITEM_MESSAGES.overpaid);
      return recordInvoiceChange(tx, user, invoice, 'edit_item');
    });
  });

  app.delete('/invoice/item/:id', async (request) => {
    const user = authorize(request, 'invoices', 'delete_item');
    const { id } = parse(idParam, request.params);
    return db.transaction(async (tx) => {
      const { item, invoice } = await findItem(tx, user, id);
      assertOpen(invoice);
      if (invoice.contract_id !== null) throw conflict(ITEM_MESSAGES.contractDelete);
      if (await hasMoney(tx, invoice.ID)) throw conflict(ITEM_MESSAGES.deleteFailed(item.price));
      await tx.delete(invoiceItems).where(eq(invoiceItems.ID, id));
      return recordInvoiceChange(tx, user, invoice, 'delete_item');
    });
  });
}
