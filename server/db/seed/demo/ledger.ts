import { applyRate } from '../../../../core/money';
import type { PaymentMethod } from '../../../../core/constants';
import { discountApplications, discounts, idempotencyKeys, invoiceItems, invoices, payments, refunds } from '../../schema';
import { PROCESSING_FEE } from '../facilities';
import { productById, variationId } from '../catalog';
import type { Random } from '../random';
import type { Writer } from '../writer';
import { DAY } from './calendar';
import { facilityById, type Staff } from './context';

// Invoices with items, discounts and payments whose totals add up: each line's taxes and fees are
// round(quantity × price × rate) through core/money, and no invoice is paid beyond its total.

export interface ItemDraft {
  productId: number;
  /** Unit price in cents. */
  price: number;
  quantity?: number;
  event_id?: number | null;
  team_signup_id?: number | null;
  comment?: string;
}

export interface InvoiceDraft {
  facilityId: number;
  customer_id: number | null;
  product_type_id: number;
  date: number;
  invoice_type_id?: 1 | 2;
  team_id?: number | null;
  class_id?: number | null;
  contract_id?: number | null;
  comment?: string;
  items: ItemDraft[];
  /** Contracts may waive the processing fee. */
  processingFee?: boolean;
}

export interface Bill {
  ID: number;
  facilityId: number;
  date: number;
  header: typeof invoices.$inferInsert;
  items: Array<typeof invoiceItems.$inferInsert>;
  /** Cents: Σ quantity × price, Σ taxes, Σ fees, Σ discounts, Σ payments. */
  invoiced: number;
  taxes: number;
  fees: number;
  discounted: number;
  paid: number;
}

export const totalOf = (bill: Bill) => bill.invoiced + bill.taxes + bill.fees - bill.discounted;
export const balanceOf = (bill: Bill) => totalOf(bill) - bill.paid;

/** The discounts of the demo: [name, is_percentage, percent or cents, expired]. */
export const DEMO_DISCOUNTS: Array<[string, boolean, number, boolean]> = [
  ['Early bird 10%', true, 10, false],
  ['Loyalty $20', false, 2000, false],
  ['Staff 50%', true, 50, false],
  ['Team referral $50', false, 5000, false],
  ['Spring promo 15%', true, 15, true],
];

const METHODS: Array<[PaymentMethod, number]> = [['card', 45], ['terminal', 22], ['cash', 14], ['check', 7], ['wire', 6], ['credit', 6]];
const REFUND_STATUSES = ['Confirmed', 'Pending', 'Denied'] as const;

/** Percent with six decimals, as the rate column keeps it. */
const percentOf = (fraction: number) => Math.round(fraction * 100 * 1e6) / 1e6;

export class Ledger {
  private paidInFull = 0;
  private unpaidPast = 0;
  private cardPayments = 0;

  constructor(private readonly writer: Writer, private readonly rng: Random, private readonly staff: Staff, private readonly now: number) {}

  seedDiscounts(): void {
    DEMO_DISCOUNTS.forEach(([name, is_percentage, value, expired], i) => this.writer.add(discounts, {
      ID: i + 1, name, is_percentage, expired, value: is_percentage ? value : null, amount: is_percentage ? null : value,
    }));
  }

  private clerk(facilityId: number): number {
    return this.staff.managers.get(facilityId)?.[0] ?? this.staff.admin;
  }

  invoice(draft: InvoiceDraft): Bill {
    const facility = facilityById(draft.facilityId);
    const header = {
      facility_id: draft.facilityId, customer_id: draft.customer_id, invoice_type_id: draft.invoice_type_id ?? 1,
      product_type_id: draft.product_type_id, team_id: draft.team_id ?? null, class_id: draft.class_id ?? null,
      contract_id: draft.contract_id ?? null, date: draft.date, comment: draft.comment ?? '', user_id: this.clerk(draft.facilityId),
      CreatedAt: draft.date, UpdatedAt: draft.date,
    };
    const ID = this.writer.add(invoices, header);
    const bill: Bill = { ID, facilityId: draft.facilityId, date: draft.date, header, items: [], invoiced: 0, taxes: 0, fees: 0, discounted: 0, paid: 0 };
    const withFees = draft.processingFee ?? true;
    for (const item of draft.items) {
      const product = productById(item.productId);
      const quantity = item.quantity ?? 1;
      const line = quantity * item.price;
      const taxRate = product.taxed ? facility.tax_rate : 0;
      const feeRate = withFees ? PROCESSING_FEE : 0;
      const row = {
        invoice_id: ID, product_id: variationId(product.ID, draft.facilityId), new_product_id: product.ID,
        event_id: item.event_id ?? null, team_signup_id: item.team_signup_id ?? null, price: item.price, quantity,
        comment: item.comment ?? '', taxes: percentOf(taxRate), fees: percentOf(feeRate),
        amount_taxes: applyRate(line, taxRate), amount_fees: applyRate(line, feeRate), CreatedAt: draft.date, UpdatedAt: draft.date,
      };
      this.writer.add(invoiceItems, row);
      bill.items.push(row);
      bill.invoiced += line;
      bill.taxes += row.amount_taxes;
      bill.fees += row.amount_fees;
    }
    return bill;
  }

  /** Now and then takes a discount of the list, or a manual one, off a positive invoice. */
  maybeDiscount(bill: Bill): void {
    if (bill.invoiced <= 0 || !this.rng.chance(0.08)) return;
    const manual = this.rng.chance(0.25);
    const index = this.rng.int(0, DEMO_DISCOUNTS.length - 2); // never the expired one
    const [, isPercentage, value] = DEMO_DISCOUNTS[index];
    const amount = manual ? applyRate(bill.invoiced, 0.05) : Math.min(bill.invoiced, isPercentage ? applyRate(bill.invoiced, value / 100) : value);
    this.discount(bill, { discount_id: manual ? null : index + 1, amount, comment: manual ? 'Goodwill gesture' : '' });
  }

  /** Takes a discount (of the list, or a manual one: discount_id null) off an invoice. */
  discount(bill: Bill, applied: { discount_id: number | null; amount: number; comment: string }): void {
    if (applied.amount <= 0) return;
    this.writer.add(discountApplications, { invoice_id: bill.ID, ...applied, user_id: this.clerk(bill.facilityId), CreatedAt: bill.date, UpdatedAt: bill.date });
    bill.discounted += applied.amount;
  }

  /** Records a payment (at most the balance) and returns its ID. */
  pay(bill: Bill, amount: number, at: number, options: { type?: PaymentMethod; player?: number | null } = {}): number {
    const type = options.type ?? this.rng.weighted(METHODS);
    const when = Math.min(at, this.now - 60);
    const card = type === 'card' || type === 'terminal';
    const square_id = card ? `sq_${this.rng.hex(20)}` : null;
    const details = type === 'check' ? { number: String(this.rng.int(1000, 9999)) }
      : type === 'wire' ? { transaction_number: `WT${this.rng.hex(10).toUpperCase()}` }
        : card ? { method: type, transaction_id: square_id } : { note: type === 'credit' ? 'Customer credit' : '' };
    const ID = this.writer.add(payments, {
      invoice_id: bill.ID, amount, type, details: JSON.stringify(details), square_id,
      player_customer_id: options.player ?? null, user_id: this.clerk(bill.facilityId), CreatedAt: when, UpdatedAt: when,
    });
    bill.paid += amount;
    if (card && ++this.cardPayments % 10 === 1) {
      this.writer.add(idempotencyKeys, {
        key: `${this.rng.hex(8)}-${this.rng.hex(4)}-${this.rng.hex(4)}-${this.rng.hex(4)}-${this.rng.hex(12)}`, scope: 'payment',
        request_hash: this.rng.hex(64), status_code: 200, response: { ID, amount: amount / 100 }, CreatedAt: when,
      });
    }
    return ID;
  }

  /**
   * Pays an invoice as its customers would have by now: in full, a deposit, or not yet, between `from`
   * and `to`. A team invoice is paid in shares by its players (payers). Past invoices are mostly
   * paid; now and then a payment is refunded or reverted, or an unpaid invoice is reversed.
   */
  settle(bill: Bill, from: number, to: number, options: { depositShare?: number; payers?: number[] } = {}): void {
    const total = totalOf(bill);
    if (total <= 0) return;
    const past = to <= this.now;
    const roll = this.rng.next();
    const plan = past ? (roll < 0.86 ? 'full' : roll < 0.94 ? 'deposit' : 'none') : roll < 0.35 ? 'full' : roll < 0.75 ? 'deposit' : 'none';
    const at = () => this.rng.int(from, Math.max(from, Math.min(to, this.now - 3600)));
    const payers = options.payers ?? [];
    if (plan === 'none') {
      if (past && ++this.unpaidPast % 25 === 0) this.reverse(bill);
      return;
    }
    if (plan === 'deposit') {
      this.pay(bill, Math.max(1, Math.round(total * (options.depositShare ?? 0.5))), at(), { player: payers[0] ?? null });
      return;
    }
    // In shares: one per player, or two halves now and then, or all at once.
    const shares = payers.length || (total >= 20000 && this.rng.chance(0.3) ? 2 : 1);
    const share = Math.floor(total / shares);
    const type = this.rng.weighted(METHODS);
    const firstId = this.pay(bill, total - share * (shares - 1), at(), { type, player: payers[0] ?? null });
    for (let i = 1; i < shares; i++) this.pay(bill, share, at(), { player: payers[i] ?? null });
    if (!past) return;
    const n = ++this.paidInFull;
    const first = { ID: firstId, amount: total - share * (shares - 1), type };
    if (n % 37 === 0) this.requestRefund(bill, first, REFUND_STATUSES[(n / 37) % 3]);
    else if (n % 41 === 0) this.revert(bill, first.ID, first.amount);
  }

  /** A refund request on a payment; confirmed ones record the negative payment. */
  private requestRefund(bill: Bill, payment: { ID: number; amount: number; type: PaymentMethod }, status: (typeof REFUND_STATUSES)[number]): void {
    const amount = this.rng.chance(0.5) ? payment.amount : Math.max(1, Math.round(payment.amount / 2));
    const card = payment.type === 'card' || payment.type === 'terminal';
    const requested = Math.min(this.now - 7200, bill.date + this.rng.int(1, 10) * DAY);
    const resolved = Math.min(this.now - 3600, requested + DAY);
    const refund_payment_id = status === 'Confirmed'
      ? this.writer.add(payments, {
        invoice_id: bill.ID, amount: -amount, type: payment.type, details: JSON.stringify({ note: 'Refund' }),
        square_id: card ? `sq_${this.rng.hex(20)}` : null, refund: payment.ID, refund_status: card ? 'Validated' : null, user_id: this.clerk(bill.facilityId), CreatedAt: resolved, UpdatedAt: resolved,
      })
      : null;
    if (refund_payment_id) bill.paid -= amount;
    this.writer.add(refunds, {
      invoice_id: bill.ID, payment_id: payment.ID, facility_id: bill.facilityId, amount, type: payment.type, refund_status: status,
      refund_creator: this.clerk(bill.facilityId), refund_reason: 'Customer cancelled the booking',
      deny_reason: status === 'Denied' ? 'Cancelled less than 24 hours before the booking' : '',
      refund_payment_id, resolved_by: status === 'Pending' ? null : this.staff.admin, resolved_at: status === 'Pending' ? null : resolved,
      CreatedAt: requested, UpdatedAt: status === 'Pending' ? requested : resolved,
    });
  }

  /** Reverts a payment into customer credit (a negative payment pointing at it), which then pays the invoice again. */
  private revert(bill: Bill, paymentId: number, amount: number): void {
    const at = Math.min(this.now - 7200, bill.date + DAY);
    this.writer.add(payments, {
      invoice_id: bill.ID, amount: -amount, type: 'credit', details: JSON.stringify({ note: 'Payment reverted' }), reversal: paymentId,
      user_id: this.staff.admin, CreatedAt: at, UpdatedAt: at,
    });
    bill.paid -= amount;
    this.pay(bill, amount, at + 3600, { type: 'credit' });
  }

  /** A reversal invoice cancelling an unpaid one, line by line. */
  private reverse(bill: Bill): void {
    const at = Math.min(this.now - 3600, bill.date + 2 * DAY);
    const ID = this.writer.add(invoices, { ...bill.header, reversal: bill.ID, date: at, comment: `Reversal of invoice #${bill.ID}`, CreatedAt: at, UpdatedAt: at });
    for (const item of bill.items) {
      this.writer.add(invoiceItems, {
        ...item, invoice_id: ID, price: -item.price, amount_taxes: -(item.amount_taxes ?? 0), amount_fees: -(item.amount_fees ?? 0), CreatedAt: at, UpdatedAt: at,
      });
    }
  }
}
