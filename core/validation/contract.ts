// Contracts and pickup sessions (spec 2 §4, §5, §8, §9): the spec's messages word for word, the
// defaults, and how a contract event is priced. Shared by the server and the contract screens.

export const CONTRACT_MESSAGES = {
  required: 'Please fill all the required fields',
  priceWeird: 'The price looks weird',
  endAfterStart: 'The end date must be after the start date',
  checkFirst: 'Check for availabilities first',
  selectField: 'Please select a field',
  selectTimes: 'Please select a start and end time',
  mismatch: 'The contract event prices does not match the invoice price, check the invoice and events',
  generated: 'New document generated',
  sent: 'Contract sent via email',
  validFee: 'Please select a valid fee',
  notAvailable: 'Please ensure that all events have available spots, or select the events you want to keep before proceeding.',
  hasPayments: 'Payments were taken on this contract: its events and the contract cannot be deleted',
} as const;

/** Product types a contract may be (spec 2 §2 Contracts list): block booking, youth contract, events. */
export const CONTRACT_PRODUCT_TYPES = [2, 7, 11] as const;
export const PICKUP_PRODUCT_TYPE = 5;

export const CONTRACT_DEFAULTS = { fee: 100, percentage: 50, ApplyProcessingFee: true } as const;

/** Event prices and the invoice may differ by this much (cents) before the contract page warns. */
export const PRICE_MISMATCH_TOLERANCE = 1000;

/** The contract document's state (spec 2 §4): none → generated → sent (→ signed); void goes back to none. */
export type DocumentState = 'none' | 'generated' | 'sent' | 'signed';
export function documentState(c: { doc: string | null; sent: boolean; signed: boolean }): DocumentState {
  if (!c.doc) return 'none';
  if (c.signed) return 'signed';
  return c.sent ? 'sent' : 'generated';
}

/** The name of a pickup session's contract. */
export const pickupContractName = (facility: string) => `Pickup session @${facility}`;

/** An event's price in cents: its hourly fee (cents) × its length in hours, rounded to the cent. */
export function eventPrice(hourly: number, start: number, end: number): number {
  return Math.round((hourly * (end - start)) / 3600);
}

/**
 * Hours of an event, to the hundredth, half up: one division (seconds / 36), exact at the halves, so that
 * PostgreSQL's round(seconds / 3600.0, 2) agrees (the contract detail prices its events in SQL).
 */
export const eventHours = (start: number, end: number) => Math.round((end - start) / 36) / 100;
