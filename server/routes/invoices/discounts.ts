import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as api from '../../../core/api/discounts';
import { APPLY_MESSAGES } from '../../../core/api/discounts';
import { applyRate, toCents, toDollars } from '../../../core/money';
import { discountApplications, discountRules, discounts } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { assertOpen, balanceOf, findInvoice, invoiceFigures } from '../../domain/invoices/access';
import { recordInvoiceChange } from '../../domain/invoices/audit';

// Discounts on invoices (spec 2 §3, §7; spec 1 §7), as core/api/discounts.ts declares them: the
// offers (a rule's for the invoice's facility, product type and date first), taking one off an invoice
// (a percentage of the items before taxes and fees, half-up to the cent, a fixed amount, or a manual
// one), never more than the balance, and removing one. The rule CRUD lives in ../discounts.ts.

export async function invoiceDiscountRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, api.discountOffers, async ({ user, query: { invoice_id } }) => {
    const invoice = await findInvoice(db, user, invoice_id);
    const offered = await db
      .selectDistinct({ ID: discountRules.discount_id })
      .from(discountRules)
      .where(and(
        or(isNull(discountRules.facility_id), eq(discountRules.facility_id, invoice.facility_id)),
        invoice.product_type_id === null ? undefined : or(isNull(discountRules.product_type_id), eq(discountRules.product_type_id, invoice.product_type_id)),
        lte(discountRules.start_date, invoice.date),
        gte(discountRules.end_date, invoice.date),
      ));
    const offeredIds = new Set(offered.map((r) => r.ID));
    const active = await db.select().from(discounts).where(eq(discounts.expired, false)).orderBy(asc(discounts.name));
    return active
      .map(({ amount, value, ...d }) => ({ ...d, value: d.is_percentage ? Number(value ?? 0) : toDollars(amount ?? 0), offered: offeredIds.has(d.ID) }))
      .sort((a, b) => Number(b.offered) - Number(a.offered));
  });

  serve(app, api.applyDiscount, async ({ user, body: input }) => {
    const manual = input.discount_id === -1;
    return db.transaction(async (tx) => {
      const invoice = await findInvoice(tx, user, input.invoice_id, { lock: true });
      assertOpen(invoice);
      const figures = await invoiceFigures(tx, invoice.ID);
      let amount: number;
      if (manual) amount = toCents(input.amount!);
      else {
        const [discount] = await tx.select().from(discounts).where(eq(discounts.ID, input.discount_id));
        if (!discount) throw badRequest('discount_id: there is no such discount');
        if (discount.expired) throw badRequest(APPLY_MESSAGES.expired);
        amount = discount.is_percentage ? applyRate(figures.invoiced, Number(discount.value ?? 0) / 100) : discount.amount ?? 0;
      }
      if (amount <= 0) throw badRequest(APPLY_MESSAGES.zero);
      if (amount > balanceOf(figures)) throw badRequest(APPLY_MESSAGES.overBalance);
      await tx.insert(discountApplications).values({
        invoice_id: invoice.ID, discount_id: manual ? null : input.discount_id, amount, comment: input.comment ?? '', user_id: user.ID,
      });
      return recordInvoiceChange(tx, user, invoice, 'apply_discount');
    });
  });

  serve(app, api.removeDiscount, async ({ user, params: { id } }) => db.transaction(async (tx) => {
      const [applied] = await tx.select().from(discountApplications).where(eq(discountApplications.ID, id));
      if (!applied) throw notFound('Discount');
      const invoice = await findInvoice(tx, user, applied.invoice_id, { lock: true }).catch(() => { throw notFound('Discount'); });
      assertOpen(invoice);
      await tx.delete(discountApplications).where(eq(discountApplications.ID, id));
      return recordInvoiceChange(tx, user, invoice, 'remove_discount');
    }));
}
