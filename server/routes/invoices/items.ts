import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { can } from '../../../core/permissions';
import { formatMoney, toCents } from '../../../core/money';
import { authorize } from '../../auth/guard';
import { invoiceItems, products, productVariations } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { dollars, idParam } from '../../../core/validation/wire';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { assertOpen, balanceOf, facilityRates, findInvoice, invoiceFigures } from './access';
import { recordInvoiceChange } from './audit';
import { addLine, lineAmounts, lineInput } from './lines';
import { hasMoney } from './write';

// Invoice items (spec 2 §7): POST /invoice/item adds a line for an event (merging with the line of the
// same product, event and price), POST /invoice/item/{id} (admins) adds a line without an event to
// invoice {id}: a product or a description, a unit price and a quantity; PUT /invoice/item/{id}
// changes its price (admins; managers on invoices without a contract), DELETE /invoice/item/{id}
// (admins, only without payments, never a contract's line). The invoice is locked first: a price
// change may not leave it paid above its total.

export const ITEM_MESSAGES = {
  noEvent: "EventID can't be empty",
  noProduct: 'new_product_id: there is no such product',
  unnamed: 'Choose a product or describe the item',
  contractPrice: 'Only admins change the prices of a contract invoice',
  contractDelete: 'A contract invoice keeps its items',
  overpaid: 'The invoice would be paid more than its total',
  deleteFailed: (price: number) => `Failed to delete invoice item with price ${formatMoney(price)}: the invoice has payments`,
} as const;

const addBody = lineInput.extend({ invoice_id: z.number({ error: 'must be an invoice ID' }).int().positive('must be an invoice ID') });
const freeBody = z.strictObject({
  new_product_id: lineInput.shape.new_product_id,
  comment: lineInput.shape.comment,
  price: dollars.positive('must be more than 0'),
  quantity: lineInput.shape.quantity,
});
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

  app.post('/invoice/item/:id', async (request, reply) => {
    const user = authorize(request, 'invoices', 'add_item');
    const { id } = parse(idParam, request.params);
    const line = parse(freeBody, request.body);
    if (!line.new_product_id && !line.comment) throw badRequest(ITEM_MESSAGES.unnamed);
    const view = await db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, user, id, { lock: true });
      assertOpen(invoice);
      let product_id: number | null = null;
      if (line.new_product_id) {
        const [product] = await tx.select({ ID: products.ID }).from(products).where(eq(products.ID, line.new_product_id));
        if (!product) throw badRequest(ITEM_MESSAGES.noProduct);
        // The product as sold at the invoice's facility, when it is.
        const [variation] = await tx.select({ ID: productVariations.ID }).from(productVariations)
          .where(and(eq(productVariations.new_product_id, product.ID), eq(productVariations.facility_id, invoice.facility_id)));
        product_id = variation?.ID ?? null;
      }
      await addLine(tx, invoice.ID, await facilityRates(tx, invoice.facility_id), { ...line, product_id, event_id: null, team_signup_id: null });
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
