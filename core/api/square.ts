import { z } from 'zod';
import { dollars, facilityFilterId, recordId } from '../validation/wire';
import { IDEMPOTENCY_KEY_PATTERN, endpoint } from './endpoint';
import { invoiceReference } from './invoices';
import { PAYMENT_MESSAGES } from './payments';
import * as answers from './answers/square';

// Square (spec 2 §4, §7; issue 11): the card form's configuration, card charges (staff, and the
// customer on the public invoice page, signed out, the link's reference as the key), the terminal
// checkout (devices, a pending check, starting one for an invoice or a membership, confirming it),
// and the simulator page's calls. Amounts to Square in cents, as its API takes them.

// ——— Answers ———

export type SquareConfig = z.output<typeof answers.squareConfig>;
export type TerminalDevice = z.output<typeof answers.terminalDevice>;
export type PendingCheck = z.output<typeof answers.pendingCheck>;
export type CheckoutStart = z.output<typeof answers.checkoutStart>;
export type CheckoutState = z.output<typeof answers.checkoutState>;
export type ChargeResult = z.output<typeof answers.chargeResult>;
export type SimulatedCheckout = z.output<typeof answers.simulatedCheckout>;
export type SimulatedPayment = z.output<typeof answers.simulatedPayment>;

// ——— Messages (spec 2 §5) ———

export const SQUARE_MESSAGES = {
  overBalance: PAYMENT_MESSAGES.overBalance,
  notPositive: 'Amount must be strictly positive',
  membershipPrice: 'A problem happened, the selected product is missing an invoice_price or amount',
  unknownDevice: "This terminal is not one of the facility's terminals: search the terminals again",
  notCharged: 'The card was not charged; please try again',
  keyReused: 'This idempotency key was used for another payment: send a new key for a new payment',
} as const;

// ——— Bodies ———

/** An idempotency key as the card and terminal bodies carry it. */
const idempotencyKey = z.string({ error: 'is required' }).regex(IDEMPOTENCY_KEY_PATTERN, 'must be 8 to 200 visible characters');

/** Cents as Square takes them: a whole number (no fractional cents). */
const centsAmount = z.number({ error: 'must be an amount in cents' }).int('must be a whole number of cents').max(100_000_000, 'is too large');
const amountMoney = z.strictObject({ amount: centsAmount, currency: z.literal('USD', { error: 'must be USD' }).default('USD') });

/** A card charge: the card form's token, the amount in cents, and a key of its own (a retry charges once). */
const cardCharge = z.strictObject({
  idempotency_key: idempotencyKey,
  amount_money: amountMoney,
  source_id: z.string({ error: 'is required' }).trim().min(1, 'is required').max(500),
  buyer_email_address: z.string().trim().max(254).default(''),
  note: z.string().trim().max(500).default(''),
});
export type CardCharge = z.input<typeof cardCharge>;
export type CardChargeInput = z.output<typeof cardCharge>;

const checkout = z.strictObject({
  amount_money: amountMoney,
  device_options: z.strictObject({ device_id: z.string().trim().min(1, 'is required').max(200) }),
  note: z.string().trim().max(500).default(''),
  reference_id: z.string().trim().max(40).default(''),
});
export type CheckoutInput = z.output<typeof checkout>;

// ——— The card form and card charges ———

export const squareConfig = endpoint<SquareConfig>()({
  method: 'GET',
  path: '/square/config',
  summary: 'Which card form to show: the simulator\'s, or Square\'s with its application and location (never a token)',
  permission: { resource: 'payments', action: 'create' },
  answer: answers.squareConfig,
});

export const chargeCard = endpoint<ChargeResult>()({
  method: 'POST',
  path: '/charge/event',
  summary: 'Charges a card token on an invoice: Square first, then the card payment, once per idempotency key',
  permission: { resource: 'payments', action: 'create' },
  body: cardCharge.extend({
    facility_id: recordId('must be a facility ID').optional(),
    /** The invoice the charge pays (Touchline records the payment on it in the same call). */
    invoice_id: recordId('must be an invoice ID'),
  }),
  answer: answers.chargeResult,
});

export const publicCardConfig = endpoint<SquareConfig>()({
  method: 'GET',
  path: '/public/invoice/{ref}/card',
  summary: 'The public invoice page\'s card form configuration (no sign-in: the link\'s reference is the key)',
  permission: 'public',
  params: invoiceReference,
  answer: answers.squareConfig,
});

export const publicCharge = endpoint<ChargeResult>()({
  method: 'POST',
  path: '/public/invoice/{ref}/charge',
  summary: 'The customer pays the invoice by card on its public page (no sign-in: the link\'s reference is the key)',
  permission: 'public',
  params: invoiceReference,
  body: cardCharge,
  answer: answers.chargeResult,
});

// ——— The terminal ———

export const terminalDevices = endpoint<TerminalDevice[]>()({
  method: 'GET',
  path: '/square/terminal/getdevices',
  summary: 'The facility\'s terminals (an admin names the facility)',
  permission: { resource: 'payments', action: 'create' },
  query: z.strictObject({ facility_id: facilityFilterId().optional() }),
  answer: answers.terminalDevice.array(),
});

export const checkPending = endpoint<PendingCheck>()({
  method: 'GET',
  path: '/square/terminal/check_pending',
  summary: 'Whether a terminal has a checkout waiting: SUCCESS (free), PENDING with its id, or NOT_FOUND',
  permission: { resource: 'payments', action: 'create' },
  query: z.strictObject({ terminal_id: z.string().trim().min(1, 'is required').max(200), facility_id: facilityFilterId().optional() }),
  answer: answers.pendingCheck,
});

export const initCheckout = endpoint<CheckoutStart>()({
  method: 'POST',
  path: '/square/terminal/init-checkout',
  summary: 'Starts a terminal checkout for an invoice (checkout.reference_id), once per idempotency key',
  permission: { resource: 'payments', action: 'create' },
  body: z.strictObject({ idempotency_key: idempotencyKey, checkout }),
  answer: answers.checkoutStart,
});

export const initMembershipCheckout = endpoint<CheckoutStart>()({
  method: 'POST',
  path: '/square/terminal/init-checkout/membership',
  summary: 'Sells a membership at the terminal: the membership, its invoice and the payment are written once the checkout completes',
  permission: { resource: 'memberships', action: 'create' },
  body: z.strictObject({
    idempotency_key: idempotencyKey,
    checkout,
    sub_customer_id: recordId('must be a customer ID'),
    /** Seconds the membership lasts; the product's duration when 0 or absent. */
    duration: z.number().int().min(0).max(10 * 366 * 86400).default(0),
    base_price: dollars.default(0),
    tax_price: dollars.default(0),
    fee_price: dollars.default(0),
    new_product_id: recordId('must be a product ID'),
    facility_id: recordId('must be a facility ID'),
  }),
  answer: answers.checkoutStart,
});

export const confirmCheckout = endpoint<CheckoutState>()({
  method: 'GET',
  path: '/square/terminal/confirm',
  summary: 'A checkout\'s state, polled every 3 s: SUCCESS once completed (its payment recorded exactly once), CANCELED or PENDING',
  permission: { resource: 'payments', action: 'create' },
  query: z.strictObject({ id: z.string().trim().min(1, 'is required').max(200) }),
  answer: answers.checkoutState,
});

// ——— Square refunds that settle later (issue 30) ———

/** What one reading of the pending Square refunds found: how many settled each way, are still pending, or could not be read. */
export type RefundSync = z.output<typeof answers.refundSync>;

export const syncSquareRefunds = endpoint<RefundSync>()({
  method: 'POST',
  path: '/square/refunds/sync',
  summary: 'Reads the refunds Square answered PENDING again: COMPLETED ones are validated, REJECTED or FAILED ones give the money back to the invoice',
  permission: { resource: 'refunds', action: 'confirm' },
  query: z.strictObject({ facility_id: facilityFilterId().optional() }),
  answer: answers.refundSync,
});

// ——— The simulator page (only with SQUARE_ENV=simulator: otherwise 404) ———

const simulatorFacility = z.strictObject({ facility_id: facilityFilterId().optional() });

export const simulatorCheckouts = endpoint<SimulatedCheckout[]>()({
  method: 'GET',
  path: '/square/simulator/checkouts',
  summary: 'The simulated terminals\' pending checkouts (the user\'s facility; an admin\'s chosen one, or all)',
  permission: { resource: 'square_simulator', action: 'list' },
  query: simulatorFacility,
  answer: answers.simulatedCheckout.array(),
});

export const simulatorPayments = endpoint<SimulatedPayment[]>()({
  method: 'GET',
  path: '/square/simulator/payments',
  summary: 'The simulated payments (the "dashboard" a payment\'s link opens)',
  permission: { resource: 'square_simulator', action: 'list' },
  query: simulatorFacility,
  answer: answers.simulatedPayment.array(),
});

export const simulatorAct = endpoint<unknown>()({
  method: 'POST',
  path: '/square/simulator/checkouts/{id}/{action}',
  summary: 'Completes or cancels a pending checkout as the customer would at the terminal',
  permission: { resource: 'square_simulator', action: 'edit' },
  params: z.strictObject({ id: z.string().min(1).max(200), action: z.enum(['complete', 'cancel'], { error: 'must be complete or cancel' }) }),
  answer: answers.simulatorActAnswer,
});
