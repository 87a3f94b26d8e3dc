import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants';
import { formatMoney } from '../money';
import { dollars, facilityFilterId, idParam, queryBool, recordId, specMessageOr } from '../validation/wire';
import { isIsoDate } from '../reports/windows';
import { endpoint } from './endpoint';
import type { InvoicePayment } from './invoices';
import * as answers from './answers/payments';

// Payments (spec 2 §4, §5, §7): take one (with an Idempotency-Key, so a retried click pays once),
// revert one or ask a refund, edit its details, move a team player's payment to another team's
// invoice; the refund review (admins) and the payment log. Money in dollars, times in unix seconds.

// ——— Messages (the spec's words) ———

export const PAYMENT_MESSAGES = {
  skipCreditRevertOnly: 'skip_credit applies to a revert (refund=0) only',
  zero: 'Amount cannot be 0',
  overBalance: 'Amount cannot be greater than invoice balance',
  notEnoughCredits: (credits: number) => `Not enough credits, customer has ${formatMoney(credits)} in credit.`,
  cardNotCharged: 'Card must be charged on square',
  player: 'Please select a player: a league payment is for one player of the team',
  notOnTeam: 'This player is not on the team of the invoice',
  checkNumber: 'Please enter the check number',
  transactionNumber: 'Please enter the wire transaction number',
  refundTooMuch: 'Refund amount cant be greater than payment amount',
  refundType: 'Please select a valid payment type',
  refundToCard: 'Only a card or terminal payment can be refunded to the card; choose cash, check, wire or customer credit',
  fieldsMissing: 'Fields missing',
  noTargetInvoice: "Target team has no invoice, can't move player payment",
  settled: 'This payment is already reversed, a reversal, refunded or a refund: it cannot be reverted or refunded',
} as const;

export const REFUND_MESSAGES = {
  settled: 'This refund is already confirmed or denied: it cannot be changed',
  denyReason: 'Please enter the reason for denying the refund',
  squareRefused: 'Square did not accept the refund; the request stays pending',
} as const;

// ——— Answers ———

/** A payment's row on the wire (amount in dollars; details is its JSON text). */
export type Payment = Omit<InvoicePayment, 'player'> & {
  invoice_id: number; facility_id: number; user_id: number | null; refund_status: string | null; UpdatedAt: number;
};

/** A refund request's row: how much goes back by which method, its state and who settled it. */
export type Refund = z.output<typeof answers.refund>;
/** A refund request of the refund review: the row with who asked, where, and the payment it refunds. */
export type RefundRequest = z.output<typeof answers.refundRequest>;
export interface RefundFilter { start_date?: number; end_date?: number; from?: string; to?: string; facility_id?: number; pending?: boolean; q?: string }

/** A league the transfer dialog offers, with the teams whose invoice can take the payment. */
export type TransferLeague = z.output<typeof answers.transferLeague>;

// ——— Taking one ———

/** details on the wire: an object or its JSON text, with the check number, wire transaction number, note. */
export const paymentDetails = z
  .union([
    z.string().max(4000).transform((text, ctx) => {
      try {
        const value = text.trim() ? JSON.parse(text) : {};
        if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch { /* refused below */ }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return z.NEVER;
    }),
    z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])),
  ])
  .refine((d) => Object.keys(d).length <= 20, 'has too many fields');

const newPayment = z.strictObject({
  invoice_id: z.number({ error: 'must be an invoice ID' }).int().positive('must be an invoice ID'),
  amount: dollars,
  type: z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` }),
  square_id: z.string().trim().max(200).optional(),
  player_customer_id: z.number().int().min(0).optional(),
  details: paymentDetails.optional(),
});
/** A payment as sent: check number, wire transaction number or note in details. */
export type NewPayment = Omit<z.input<typeof newPayment>, 'details'> & { details?: { number?: string; transaction_number?: string; note?: string } };
export type PaymentInput = z.output<typeof newPayment>;

export const takePayment = endpoint<Payment & { balance: number; paid: number }>()({
  method: 'POST',
  path: '/payment',
  summary: 'Takes a payment on an invoice (card and terminal only with the card provider\'s transaction id); answers it with the invoice\'s new balance',
  permission: { resource: 'payments', action: 'create' },
  status: 201,
  idempotent: true,
  body: newPayment,
  answer: answers.takePaymentAnswer,
});

// ——— Reverting, refunding, editing, moving ———

export const reversePayment = endpoint<(Payment & { balance: number; paid: number }) | (Refund & { balance: number })>()({
  method: 'DELETE',
  path: '/payment/{id}',
  summary: '?refund=0 reverts the payment (admins; a credit payment\'s credits go back to the customer, unless skip_credit=1: the caller moves the payment to another invoice); ?refund=1&p_type&amount&reason asks a refund (Pending for the refund review; to credit, settled at once)',
  permission: { resource: 'payments', action: 'refund' },
  params: idParam,
  query: z.strictObject({
    refund: z.enum(['0', '1'], { error: 'must be 0 (revert) or 1 (refund)' }),
    p_type: z.string().optional(),
    amount: z.coerce.number({ error: 'must be an amount in dollars' }).optional(),
    reason: z.string().trim().max(1000, 'is too long (1000 characters at most)').optional(),
    /** With refund=0: the reverted payment is being moved (spec 3 §7), so its credits do not go back to the customer. */
    skip_credit: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
    /** The client sends who asks; the session decides. */
    creator: z.string().optional(),
  }),
  answer: answers.reversePaymentAnswer,
});

export const updatePaymentDetails = endpoint<Payment>()({
  method: 'PUT',
  path: '/payment/details/{id}',
  summary: 'Changes the details (check number, wire transaction number, note) of a payment',
  permission: { resource: 'payments', action: 'details' },
  params: idParam,
  body: z.strictObject({ details: paymentDetails }),
  answer: answers.payment,
});

/** Each of a transfer's choices, missing or not an ID: the spec's 'Fields missing' (under the dialog's League and Target team). */
const chosen = z.coerce.number({ error: PAYMENT_MESSAGES.fieldsMissing }).int(PAYMENT_MESSAGES.fieldsMissing).positive(PAYMENT_MESSAGES.fieldsMissing);

export const transferPayment = endpoint<Payment>()({
  method: 'PUT',
  path: '/payment/transfer',
  summary: 'Moves a team player\'s payment to the invoice of another team of a league',
  permission: { resource: 'payments', action: 'transfer' },
  body: z.object({ payment_id: chosen, league_id: chosen, team_id: chosen, player_id: chosen }),
  describe: () => PAYMENT_MESSAGES.fieldsMissing,
  answer: answers.payment,
});

export const transferTargets = endpoint<TransferLeague[]>()({
  method: 'GET',
  path: '/payment/transfer/targets/{id}',
  summary: 'What the transfer dialog offers for payment {id}: the leagues of its invoice\'s facility, each with its other teams that have a live team invoice',
  permission: { resource: 'payments', action: 'transfer' },
  params: idParam,
  answer: answers.transferLeague.array(),
});

// ——— The refund review and the payment log ———

export const listRefunds = endpoint<RefundRequest[]>()({
  method: 'GET',
  path: '/refunds',
  summary: 'Refund requests, newest first (at most 1000), by time, facility, state and a search of reason, invoice and requestor',
  permission: { resource: 'refunds', action: 'list' },
  query: z.strictObject({
    start_date: recordId('must be a date (unix seconds)', 0).optional(),
    end_date: recordId('must be a date (unix seconds)', 0).optional(),
    /** Whole days (YYYY-MM-DD, both included) read in each refund's facility's zone (issue 41 item 12). */
    from: z.string().refine(isIsoDate, 'must be a date (YYYY-MM-DD)').optional(),
    to: z.string().refine(isIsoDate, 'must be a date (YYYY-MM-DD)').optional(),
    facility_id: facilityFilterId().optional(),
    pending: queryBool.optional(),
    q: z.string().trim().max(200).optional(),
  }),
  answer: answers.refundRequest.array(),
});

export const confirmRefund = endpoint<Refund & { square_refund_id: string | null; balance: number }>()({
  method: 'POST',
  path: '/refunds/{id}',
  summary: 'Confirms a Pending refund: a card payment is refunded through Square first; recorded as a negative payment',
  permission: { resource: 'refunds', action: 'confirm' },
  params: idParam,
  answer: answers.confirmRefundAnswer,
});

export const denyRefund = endpoint<Refund>()({
  method: 'PUT',
  path: '/refunds/{id}/deny',
  summary: 'Denies a Pending refund with a reason',
  permission: { resource: 'refunds', action: 'deny' },
  params: idParam,
  body: z.strictObject({
    denyReason: z.string({ error: REFUND_MESSAGES.denyReason }).trim().min(1, REFUND_MESSAGES.denyReason).max(1000, 'is too long (1000 characters at most)'),
  }),
  describe: specMessageOr([REFUND_MESSAGES.denyReason]),
  answer: answers.refund,
});

export const paymentLog = endpoint<Array<Payment & { facility: { ID: number; name: string }; user: { ID: number; first_name: string; last_name: string } | null }>>()({
  method: 'GET',
  path: '/log/payments',
  summary: 'The payment log, newest first: every payment with its facility and who took it, by time, facility and Square transaction id',
  permission: { resource: 'payments', action: 'log' },
  query: z.strictObject({
    start: recordId('must be a date (unix seconds)', 0).optional(),
    end: recordId('must be a date (unix seconds)', 0).optional(),
    facility_id: facilityFilterId().optional(),
    square_id: z.string().trim().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(200),
  }),
  answer: answers.paymentLogAnswer,
});
