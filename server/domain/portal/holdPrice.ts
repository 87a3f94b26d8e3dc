import { and, gt, inArray } from 'drizzle-orm';
import type { PortalHold } from '../../../core/api/portalOfferings';
import { sum, toDollars } from '../../../core/money';
import { siblingAmount } from '../../../core/siblingDiscount';
import { nowSeconds } from '../../../core/time';
import type { Db, Tx } from '../../db/client';
import { customers, memberships, portalHolds } from '../../db/schema';
import type { ClassRow } from '../classes/access';
import type { InvoiceRow } from '../invoices/access';
import { lineAmounts } from '../invoices/lines';
import { addMembershipLine, facilityMembership, grantMembership, membershipRates } from '../memberships/sale';
import { applySiblingDiscount, siblingDiscountLines, type SiblingLine } from './siblingDiscount';

// What a class or camp hold costs beyond its registrations (issue 44 §3, §6), as the front desk would
// invoice it: the facility's sibling discount on the family's second and later children in the class
// (a discount on the invoice saying why; the lines and their taxes untouched), and where the class
// requires a membership, one for each participant without a valid one — the facility's cheapest
// membership product, its line on the same invoice with the product's taxes and fees, the membership
// made with the registration. The hold shows it, the checkout charges it and then writes it: one
// computation for all three, read under the class's lock at checkout.

/** The registrations' price (cents): one registration, and the taxes, fees and total of all of them (holds.ts quote). */
export interface RegistrationQuote { price: number; taxes: number; fees: number; total: number }

type Product = NonNullable<Awaited<ReturnType<typeof facilityMembership>>>;

export interface HoldPrice {
  /** One registration, cents. */
  price: number;
  lines: Array<{ customer_id: number; sibling: SiblingLine | null; discount: number }>;
  memberships: Array<{ customer_id: number; product: Product; taxes: number; fees: number }>;
  /** A participant lacks a required membership the facility does not sell online: the checkout refuses. */
  membershipMissing: boolean;
  taxes: number;
  fees: number;
  discounts: number;
  total: number;
}

/** The participants without a membership valid now (held by them: sub_customer_id, as staff's rosters read it). */
export async function withoutMembership(db: Db | Tx, ids: number[], now = nowSeconds()): Promise<number[]> {
  const held = await db.select({ ID: memberships.sub_customer_id }).from(memberships)
    .where(and(inArray(memberships.sub_customer_id, ids), gt(memberships.valid_until, now)));
  return ids.filter((id) => !held.some((m) => m.ID === id));
}

/**
 * The price of a hold of `cls` on top of its registrations' `quote`. Read before the participants are
 * registered: the children already in the class count first for the discount, the hold's holder (an
 * adult registering too) is nobody's sibling.
 */
export async function holdPrice(db: Db | Tx, cls: ClassRow, hold: Pick<typeof portalHolds.$inferSelect, 'customer_id' | 'participant_ids'>, quote: RegistrationQuote, now = nowSeconds()): Promise<HoldPrice> {
  const children = hold.participant_ids.filter((id) => id !== hold.customer_id);
  const siblings = await siblingDiscountLines(db, { facility_id: cls.facility_id, program: { type: 'class', id: cls.ID }, participant_ids: children });
  const lines = hold.participant_ids.map((customer_id) => {
    const sibling = siblings.find((s) => s.participant_id === customer_id);
    const discount = sibling ? siblingAmount(quote.price, sibling.percent) : 0;
    return { customer_id, sibling: discount > 0 ? sibling! : null, discount };
  });
  const unmembered = cls.require_membership ? await withoutMembership(db, hold.participant_ids, now) : [];
  const product = unmembered.length ? await facilityMembership(db, cls.facility_id) : null;
  const rates = product ? await membershipRates(db, product.ID) : null;
  const bought = product && rates ? unmembered.map((customer_id) => {
    const { amount_taxes, amount_fees } = lineAmounts(product.price, 1, rates.taxes, rates.fees);
    return { customer_id, product, taxes: amount_taxes, fees: amount_fees };
  }) : [];
  const discounts = sum(lines.map((l) => l.discount));
  const taxes = quote.taxes + sum(bought.map((m) => m.taxes));
  const fees = quote.fees + sum(bought.map((m) => m.fees));
  return {
    price: quote.price, lines, memberships: bought, membershipMissing: unmembered.length > 0 && !product, taxes, fees, discounts,
    total: quote.total - discounts + sum(bought.map((m) => m.product.price + m.taxes + m.fees)),
  };
}

/** A hold's price as the portal shows it, dollars. */
export const holdPriceWire = (p: HoldPrice): Pick<PortalHold, 'lines' | 'memberships' | 'discounts' | 'taxes' | 'fees' | 'total'> => ({
  lines: p.lines.map((l) => ({
    customer_id: l.customer_id, price: toDollars(p.price),
    discount: l.sibling && { position: l.sibling.position, percent: l.sibling.percent, amount: toDollars(l.discount), reason: l.sibling.comment },
  })),
  memberships: p.memberships.map((m) => ({ customer_id: m.customer_id, product_id: m.product.ID, name: m.product.name, price: toDollars(m.product.price) })),
  discounts: toDollars(p.discounts), taxes: toDollars(p.taxes), fees: toDollars(p.fees), total: toDollars(p.total),
});

/**
 * Writes a hold's price beyond its registrations' lines onto the checkout's `invoice` (the class locked,
 * inside the checkout's transaction): the sibling discounts and the memberships, each made for its
 * participant, `payer` (the family's holder) invoiced.
 */
export async function invoiceHoldPrice(tx: Tx, invoice: InvoiceRow, p: HoldPrice, payer: number) {
  for (const line of p.lines) if (line.sibling) await applySiblingDiscount(tx, invoice.ID, p.price, line.sibling, null);
  if (!p.memberships.length) return;
  const holders = await tx.select().from(customers).where(inArray(customers.ID, p.memberships.map((m) => m.customer_id)));
  for (const m of p.memberships) {
    await addMembershipLine(tx, invoice.ID, invoice.facility_id, m.product.ID, m.product.price);
    await grantMembership(tx, null, holders.find((h) => h.ID === m.customer_id)!, {
      member_customer_id: payer, product: m.product, facility_id: invoice.facility_id, is_free: false, invoice_id: invoice.ID,
    });
  }
}
