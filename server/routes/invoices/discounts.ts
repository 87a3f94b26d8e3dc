import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { applyRate, toCents, toDollars } from '../../../core/money';
import { authorize } from '../../auth/guard';
import { discountApplications, discountRules, discounts } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { dollars, idParam } from '../../../core/validation/wire';
import { assertOpen, balanceOf, findInvoice, invoiceFigures } from './access';
import { recordInvoiceChange } from './audit';

// Discounts on invoices (spec 2 §3, §7; spec 1 §7). GET /discount/apply/offers?invoice_id lists the
// active discounts, those a rule offers for the invoice's facility, product type and date first.
// POST /discount/apply takes a discount off an invoice: one of /discount (a percentage of the items
// before taxes and fees, half-up to the cent, or a fixed amount), or a manual one (discount_id -1 with
// amount and comment). Never more than the balance. DELETE /discount/apply/{id} removes one.
// The rule CRUD lives in ../discounts.ts.

export const APPLY_MESSAGES = {
  manual: 'A manual discount needs an amount and a comment',
  expired: 'This discount has expired',
  overBalance: 'The discount cannot be greater than the invoice balance',
  zero: 'Amount cannot be 0',
} as const;

const applyBody = z.strictObject({
  invoice_id: z.number({ error: 'must be an invoice ID' }).int().positive('must be an invoice ID'),
  discount_id: z.number({ error: 'must be a discount ID, or -1 for a manual discount' }).int().min(-1).refine((v) => v !== 0, 'must be a discount ID, or -1 for a manual discount'),
  amount: dollars.optional(),
  comment: z.string().trim().max(1000, 'is too long (1000 characters at most)').optional(),
});

export async function invoiceDiscountRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get('/discount/apply/offers', async (request) => {
    const user = authorize(request, 'invoice_discounts', 'list');
    const { invoice_id } = parse(z.strictObject({ invoice_id: z.coerce.number().int().positive('must be an invoice ID') }), request.query);
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

  app.post('/discount/apply', async (request, reply) => {
    const user = authorize(request, 'invoice_discounts', 'apply');
    const input = parse(applyBody, request.body);
    const manual = input.discount_id === -1;
    if (manual && (input.amount === undefined || !input.comment)) throw badRequest(APPLY_MESSAGES.manual);
    if (manual && input.amount! <= 0) throw badRequest(APPLY_MESSAGES.zero);
    const view = await db.transaction(async (tx) => {
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
    return reply.status(201).send(view);
  });

  app.delete('/discount/apply/:id', async (request) => {
    const user = authorize(request, 'invoice_discounts', 'remove');
    const { id } = parse(idParam, request.params);
    return db.transaction(async (tx) => {
      const [applied] = await tx.select().from(discountApplications).where(eq(discountApplications.ID, id));
      if (!applied) throw notFound('Discount');
      const invoice = await findInvoice(tx, user, applied.invoice_id, { lock: true }).catch(() => { throw notFound('Discount'); });
      assertOpen(invoice);
      await tx.delete(discountApplications).where(eq(discountApplications.ID, id));
      return recordInvoiceChange(tx, user, invoice, 'remove_discount');
    });
  });
}
