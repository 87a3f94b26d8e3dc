import type { InvoiceLine } from '../../../core/api/invoices';
import type { OfferingType, PortalCheckout, PortalHold } from '../../../core/api/portalOfferings';
import type { PortalUser } from '../../auth/portalSession';
import type { Db, Tx } from '../../db/client';
import type { portalHolds } from '../../db/schema';
import { facilityRates } from '../invoices/access';
import { lineAmounts, percentOf } from '../invoices/lines';
import { holdPrice, shownPrice, type PricedOffering } from './holdPrice';
import { individualHolds } from './individualHolds';
import { pickupHolds } from './pickupHolds';
import { rentalHolds } from './rentalHolds';

// The offerings held besides classes and camps (issue 44 items 2–3): a pickup game's places, a division's
// individual registration (free agents) and a rental (a booking held as an event of its own). Each kind
// says what it locks, how a hold takes its places, what it buys and what its checkout registers; the
// hold's life (extend, expiry, checkout through cardOrder) is the same for all (./anyHold.ts).

type HoldRow = typeof portalHolds.$inferSelect;

export type HoldColumns = Pick<typeof portalHolds.$inferInsert, 'facility_id' | 'league_id' | 'pickup_session_id' | 'event_id' | 'field_id' | 'start_date' | 'end_date'>;

export interface HoldRequest {
  offering: { type: OfferingType; id: number };
  participant_ids: number[];
  event_id?: number;
  rental?: { field_id: number; start_date: number; end_date: number };
}

/** What a hold buys: one registration per participant at `price` (cents), on one invoice. */
export interface Bought {
  offering: PortalHold['offering'];
  price: number;
  facility_id: number;
  product_type_id: number | null;
  /** The invoice line of each participant (its price is `price`). */
  line: Omit<InvoiceLine, 'price' | 'quantity'>;
  membership: boolean;
  slot?: PortalHold['slot'];
}

export interface HoldKind {
  /** Locks the offering's row: every writer of the kind's holds takes it before the hold's. */
  lock(tx: Tx, hold: HoldRow): Promise<void>;
  /** POST /holds, in its transaction: locks, checks and takes the places; the hold's columns. */
  take(tx: Tx, holder: PortalUser, request: HoldRequest, participants: number[], now: number): Promise<HoldColumns>;
  describe(db: Db | Tx, hold: HoldRow): Promise<Bought>;
  /** The checkout's registrations, billed on `invoiceId` (their lines are already on it). */
  register(tx: Tx, holder: PortalUser, hold: HoldRow, invoiceId: number): Promise<PortalCheckout['registrations']>;
  /** Undoes register (the card was not charged). */
  unregister(tx: Tx, hold: HoldRow): Promise<void>;
  /** Frees what an expired hold took beyond its places (a rental's booking), and offers its places to the waitlist (links under `publicUrl`). */
  release(tx: Tx, hold: HoldRow, publicUrl: string): Promise<void>;
}

const KINDS: Partial<Record<OfferingType, HoldKind>> = {
  pickup: pickupHolds, league: individualHolds, tournament: individualHolds, rental: rentalHolds,
};

/** The kind of a hold's offering; null for classes and camps (./holds.ts). */
export const holdKind = (type: OfferingType): HoldKind | null => KINDS[type] ?? null;

/** `seats` registrations at `price` cents and the invoice's taxes and fees on them, cents (as addLine computes them). */
export async function priceSeats(db: Db | Tx, facilityId: number, price: number, seats: number) {
  const rates = await facilityRates(db, facilityId);
  const line = lineAmounts(price, seats, percentOf(rates.tax_rate), percentOf(rates.processing_fee));
  return { price, taxes: line.amount_taxes, fees: line.amount_fees, total: price * seats + line.amount_taxes + line.amount_fees };
}

/** What the price of a hold of another kind depends on beyond its registrations: no sibling discount, a division's required membership. */
export const kindPricing = (bought: Bought): PricedOffering => ({ facility_id: bought.facility_id, require_membership: bought.membership, sibling: null });

/** A hold of another kind's price now: its registrations and the memberships bought with them. */
export const kindPrice = async (db: Db | Tx, bought: Bought, hold: HoldRow, now?: number) =>
  holdPrice(db, kindPricing(bought), hold, await priceSeats(db, bought.facility_id, bought.price, hold.seats), now);

/** A hold of another kind as the portal shows it. */
export async function kindHoldWire(db: Db | Tx, kind: HoldKind, hold: HoldRow): Promise<PortalHold> {
  const bought = await kind.describe(db, hold);
  return {
    ID: hold.ID, offering: bought.offering, participant_ids: hold.participant_ids, status: hold.status,
    expires_at: hold.expires_at, extended: hold.extended, is_offer: hold.queue_id !== null,
    ...await shownPrice(db, hold, () => kindPrice(db, bought, hold)), invoice_id: hold.invoice_id,
    ...(bought.slot && { slot: bought.slot }),
  };
}
