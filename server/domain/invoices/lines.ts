import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { applyRate, toCents } from '../../../core/money';
import type { Tx } from '../../db/client';
import { invoiceItems } from '../../db/schema';
import type { InvoiceLine } from '../../../core/api/invoices';

// Invoice lines. A line's tax and processing fee are the facility's rates (fractions, stored on the
// line as percents) applied to quantity × price, half-up to the cent (core/money's applyRate). The
// client's amount_taxes / amount_fees only say whether the line is taxed / charged the fee: 0 means
// not, anything else (or nothing) means yes — the amounts themselves are always computed here.
// Lines of one invoice with the same product, event and price merge: their quantities add up.

export interface Rates {
  tax_rate: number;
  processing_fee: number;
}

/** Percent with the stored precision (numeric(12,6)). */
export const percentOf = (fraction: number) => Math.round(fraction * 100 * 1e6) / 1e6;

/** Taxes and fees of quantity × price at the line's percents. */
export function lineAmounts(price: number, quantity: number, taxes: number, fees: number) {
  const line = price * quantity;
  return { amount_taxes: applyRate(line, taxes / 100), amount_fees: applyRate(line, fees / 100) };
}

const sameOrNull = (column: Parameters<typeof eq>[0], value: number | null): SQL => (value === null ? isNull(column) : eq(column, value));

/** Adds a line to an invoice, or adds its quantity to the line of the same product, event and price. */
export async function addLine(tx: Tx, invoiceId: number, rates: Rates, input: InvoiceLine, sign: 1 | -1 = 1) {
  const price = sign * toCents(input.price);
  const [existing] = await tx
    .select()
    .from(invoiceItems)
    .where(and(
      eq(invoiceItems.invoice_id, invoiceId),
      sameOrNull(invoiceItems.product_id, input.product_id),
      sameOrNull(invoiceItems.event_id, input.event_id),
      eq(invoiceItems.price, price),
    ))
    .limit(1);
  if (existing) {
    const quantity = existing.quantity + input.quantity;
    const [row] = await tx
      .update(invoiceItems)
      .set({ quantity, ...lineAmounts(price, quantity, existing.taxes, existing.fees) })
      .where(eq(invoiceItems.ID, existing.ID))
      .returning();
    return row;
  }
  const taxes = input.amount_taxes === 0 ? 0 : percentOf(rates.tax_rate);
  const fees = input.amount_fees === 0 ? 0 : percentOf(rates.processing_fee);
  const [row] = await tx
    .insert(invoiceItems)
    .values({
      invoice_id: invoiceId,
      event_id: input.event_id,
      product_id: input.product_id,
      new_product_id: input.new_product_id,
      team_signup_id: input.team_signup_id,
      price,
      quantity: input.quantity,
      comment: input.comment,
      taxes,
      fees,
      ...lineAmounts(price, input.quantity, taxes, fees),
    })
    .returning();
  return row;
}
