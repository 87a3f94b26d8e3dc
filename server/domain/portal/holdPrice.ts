import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PortalCheckout, PortalHold } from '../../../core/api/portalOfferings';
import { sum, toDollars } from '../../../core/money';
import { siblingAmount } from '../../../core/siblingDiscount';
import { nowSeconds } from '../../../core/time';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { customers, memberships, type portalHolds } from '../../db/schema';
import { recordCustomerChange } from '../customers/audit';
import type { ClassRow } from '../classes/access';
import { invoiceFigures, type InvoiceRow } from '../invoices/access';
import { lineAmounts } from '../invoices/lines';
import { addMembershipLine, facilityMembership, grantMembership, membershipRates } from '../memberships/sale';
import { applySiblingDiscount, siblingDiscountLines, type SiblingLine, type SiblingProgram } from './siblingDiscount';

// What a hold costs beyond its registrations (issue 44 §3, §6), as the front desk would invoice it: the
// facility's sibling discount on the family's second and later children in a class or camp (a discount
// on the invoice saying why; the lines and their taxes untouched), and where the offering (a class, a
// camp, a division) requires a membership, one for each participant without a valid one — the
// facility's cheapest membership product, its line on the same invoice with the product's taxes and
// fees, the membership made with the registration (a team's captain's too: ./teams.ts). The hold shows
// it, the checkout charges it and then writes it: one computation for all three, read under the
// offering's lock at checkout. Once checked out, the hold shows what it was charged (shownPrice), not a
// new quote.

/** The registrations' price (cents): one registration, and the taxes, fees and total of all of them (holds.ts quote). */
export interface RegistrationQuote { price: number; taxes: number; fees: number; total: number }

type Product = NonNullable<Awaited<ReturnType<typeof facilityMembership>>>;
type HoldRow = typeof portalHolds.$inferSelect;

/** What a hold's price depends on beyond its registrations: the facility, a required membership, the program whose siblings count (a class's or camp's; none for the other kinds). */
export interface PricedOffering { facility_id: number; require_membership: boolean; sibling: SiblingProgram | null }

export const classPricing = (cls: ClassRow): PricedOffering => ({ facility_id: cls.facility_id, require_membership: cls.require_membership, sibling: { type: 'class', id: cls.ID } });

/** A membership bought with a registration, for one participant: the product and its taxes and fees, cents. */
export interface BoughtMembership { customer_id: number; product: Product; taxes: number; fees: number }

export interface HoldPrice {
  /** One registration, cents. */
  price: number;
  lines: Array<{ customer_id: number; sibling: SiblingLine | null; discount: number }>;
  memberships: BoughtMembership[];
  /** A participant lacks a required membership the facility does not sell online: the checkout refuses. */
  membershipMissing: boolean;
  taxes: number;
  fees: number;
  discounts: number;
  total: number;
}

/** The participants without a membership valid now (held by them: sub_customer_id, as staff's rosters read it). */
const membersHolding = perDatabase((db) => db.select({ ID: memberships.sub_customer_id }).from(memberships)
  .where(and(sql`${memberships.sub_customer_id} = any(${sql.placeholder('ids')}::int[])`, gt(memberships.valid_until, sql.placeholder('now')))).prepare('members_holding'));

export async function withoutMembership(db: Db | Tx, ids: number[], now = nowSeconds()): Promise<number[]> {
  // Prepared (the IDs one array parameter): the offerings and every hold's price read it.
  const held = await membersHolding(db).execute({ ids, now });
  return ids.filter((id) => !held.some((m) => m.ID === id));
}

/** What memberships bought cost with their taxes and fees, cents. */
export const membershipsTotal = (bought: BoughtMembership[]) => sum(bought.map((m) => m.product.price + m.taxes + m.fees));

/**
 * The memberships to buy with a registration of `ids` (none unless `required`): one for each without a
 * valid membership, the facility's cheapest product; `missing` when one is needed and the facility
 * sells none (the registration is refused then).
 */
export async function membershipsToBuy(db: Db | Tx, facilityId: number, required: boolean, ids: number[], now = nowSeconds()) {
  const unmembered = required ? await withoutMembership(db, ids, now) : [];
  const product = unmembered.length ? await facilityMembership(db, facilityId) : null;
  const rates = product ? await membershipRates(db, product.ID) : null;
  const bought: BoughtMembership[] = product && rates ? unmembered.map((customer_id) => {
    const { amount_taxes, amount_fees } = lineAmounts(product.price, 1, rates.taxes, rates.fees);
    return { customer_id, product, taxes: amount_taxes, fees: amount_fees };
  }) : [];
  return { bought, missing: unmembered.length > 0 && !product };
}

/**
 * The price of a hold of `offering` on top of its registrations' `quote`. Read before the participants
 * are registered: the children already in the class count first for the discount, the hold's holder (an
 * adult registering too) is nobody's sibling.
 */
export async function holdPrice(db: Db | Tx, offering: PricedOffering, hold: Pick<HoldRow, 'customer_id' | 'participant_ids'>, quote: RegistrationQuote, now = nowSeconds()): Promise<HoldPrice> {
  const children = hold.participant_ids.filter((id) => id !== hold.customer_id);
  const siblings = offering.sibling ? await siblingDiscountLines(db, { facility_id: offering.facility_id, program: offering.sibling, participant_ids: children }) : [];
  const lines = hold.participant_ids.map((customer_id) => {
    const sibling = siblings.find((s) => s.participant_id === customer_id);
    const discount = sibling ? siblingAmount(quote.price, sibling.percent) : 0;
    return { customer_id, sibling: discount > 0 ? sibling! : null, discount };
  });
  const { bought, missing } = await membershipsToBuy(db, offering.facility_id, offering.require_membership, hold.participant_ids, now);
  const discounts = sum(lines.map((l) => l.discount));
  const taxes = quote.taxes + sum(bought.map((m) => m.taxes));
  const fees = quote.fees + sum(bought.map((m) => m.fees));
  return {
    price: quote.price, lines, memberships: bought, membershipMissing: missing, taxes, fees, discounts,
    total: quote.total - discounts + membershipsTotal(bought),
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

/** What a checked-out hold keeps (portal_holds.answer): a class's checkout answer (a retry answers it) or another kind's registrations, and what it was charged. */
export interface KeptCheckout {
  checkout?: PortalCheckout;
  registrations?: PortalCheckout['registrations'];
  /** The lines and memberships the checkout invoiced, as the hold showed them then. */
  charged: Pick<PortalHold, 'lines' | 'memberships'>;
}

export const chargedOf = (p: HoldPrice): KeptCheckout['charged'] => {
  const { lines, memberships: bought } = holdPriceWire(p);
  return { lines, memberships: bought };
};

type PriceWire = ReturnType<typeof holdPriceWire> & Pick<PortalHold, 'paid'>;

/**
 * A hold's price as the portal shows it: once checked out (its invoice made), what it was charged — the
 * lines and memberships kept at checkout, the invoice's discounts, taxes, fees, total and payments now —
 * never a new quote by today's rules (an early bird ended, a discount rule changed); else `quote()`.
 */
export async function shownPrice(db: Db | Tx, hold: HoldRow, quote: () => Promise<HoldPrice>): Promise<PriceWire> {
  const kept = hold.invoice_id !== null ? (hold.answer as KeptCheckout | null)?.charged : undefined;
  if (!kept) return holdPriceWire(await quote());
  const f = await invoiceFigures(db, hold.invoice_id!);
  return {
    ...kept, discounts: toDollars(f.discounted), taxes: toDollars(f.taxes), fees: toDollars(f.fees),
    total: toDollars(f.invoiced + f.taxes + f.fees - f.discounted), paid: toDollars(f.paid),
  };
}

/**
 * Writes the memberships bought with a registration onto its `invoice` (inside the registration's
 * transaction), each made for its participant, `payer` (the family's holder) invoiced: the memberships' IDs.
 */
export async function invoiceMemberships(tx: Tx, invoice: InvoiceRow, bought: BoughtMembership[], payer: number): Promise<number[]> {
  if (!bought.length) return [];
  const holders = await tx.select().from(customers).where(inArray(customers.ID, bought.map((m) => m.customer_id)));
  const made: number[] = [];
  for (const m of bought) {
    await addMembershipLine(tx, invoice.ID, invoice.facility_id, m.product.ID, m.product.price);
    const membership = await grantMembership(tx, null, holders.find((h) => h.ID === m.customer_id)!, {
      member_customer_id: payer, product: m.product, facility_id: invoice.facility_id, is_free: false, invoice_id: invoice.ID,
    });
    made.push(membership.ID);
  }
  return made;
}

/** Removes memberships made with a registration whose card was not charged (its invoice goes with it), each noted on its holder's record. */
export async function undoMemberships(tx: Tx, ids: number[] | undefined) {
  if (!ids?.length) return;
  const removed = await tx.delete(memberships).where(inArray(memberships.ID, ids)).returning();
  for (const membership of removed) {
    const [holder] = await tx.select().from(customers).where(eq(customers.ID, membership.sub_customer_id));
    await recordCustomerChange(tx, null, holder, 'update', { membership_removed: membership, reason: 'The card was not charged' });
  }
}

/**
 * Writes a hold's price beyond its registrations' lines onto the checkout's `invoice` (the offering
 * locked, inside the checkout's transaction): the sibling discounts and the memberships, each made for
 * its participant, `payer` (the family's holder) invoiced. Answers the memberships' IDs.
 */
export async function invoiceHoldPrice(tx: Tx, invoice: InvoiceRow, p: HoldPrice, payer: number): Promise<number[]> {
  for (const line of p.lines) if (line.sibling) await applySiblingDiscount(tx, invoice.ID, p.price, line.sibling, null);
  return invoiceMemberships(tx, invoice, p.memberships, payer);
}
