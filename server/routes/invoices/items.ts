import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addEventItem, addInvoiceItem, deleteInvoiceItem, ITEM_MESSAGES, setItemPrice } from '../../../core/api/invoices';
import { can } from '../../../core/permissions';
import { toCents } from '../../../core/money';
import { invoiceItems, products, productVariations } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { serve } from '../../http/endpoint';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { assertOpen, balanceOf, facilityRates, findInvoice, invoiceFigures } from '../../domain/invoices/access';
import { recordInvoiceChange } from '../../domain/invoices/audit';
import { addLine, lineAmounts } from '../../domain/invoices/lines';
import { hasMoney } from '../../domain/invoices/write';

// Invoice items (spec 2 §7): POST /invoice/item adds a line for an event (merging with the line of the
// same product, event and price), POST /invoice/item/{id} (admins) adds a line without an event to
// invoice {id}: a product or a description, a unit price and a quantity; PUT /invoice/item/{id}
// changes its price (admins; managers on invoices without a contract), DELETE /invoice/item/{id}
// (admins, only without payments, never a contract's line). The invoice is locked first: a price
// change may not leave it paid above its total.

async function findItem(tx: Tx, user: SessionUser, id: number) {
  const [item] = await tx.select().from(invoiceItems).where(eq(invoiceItems.ID, id));
  if (!item) throw notFound('Invoice item');
  const invoice = await findInvoice(tx, user, item.invoice_id, { lock: true }).catch(() => { throw notFound('Invoice item'); });
  return { item, invoice };
}

export async function invoiceItemRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, addEventItem, async ({ user, body: { invoice_id, ...line } }) => {
    return db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, user, invoice_id, { lock: true });
      assertOpen(invoice);
      await addLine(tx, invoice.ID, await facilityRates(tx, invoice.facility_id), line);
      return recordInvoiceChange(tx, user, invoice, 'add_item');
    });
  });

  serve(app, addInvoiceItem, async ({ user, params: { id }, body: line }) => {
    return db.transaction(async (tx) => {
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
  });

  serve(app, setItemPrice, async ({ user, params: { id }, body: { price } }) => {
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

  serve(app, deleteInvoiceItem, async ({ user, params: { id } }) => {
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
