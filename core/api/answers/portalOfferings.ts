import { z } from 'zod';
import { OFFERING_TYPES, REGISTRATION_SOURCES } from '../../constants';

// The answers of online registration (core/api/portalOfferings.ts). Money in dollars, times in unix seconds.


/** Whether a family member may take the offering, and why not. */
export const eligibility = z.object({
  customer_id: z.number().int(),
  eligible: z.boolean(),
  /** Why not, in words a parent reads; null when eligible. */
  reason: z.string().nullable(),
});

/** A pickup session's slot (one of its coming games). */
export const pickupSlot = z.object({
  event_id: z.number().int(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  /** null when the field's type gives no capacity. */
  seats_left: z.number().int().nullable(),
  /** Full, with a waitlist to join (event_id with POST /portal/waitlist). */
  waitlist_open: z.boolean(),
});

export const offering = z.object({
  type: z.enum(OFFERING_TYPES),
  ID: z.number().int(),
  name: z.string(),
  description: z.string(),
  facility_id: z.number().int(),
  start_date: z.number().int().nullable(),
  end_date: z.number().int().nullable(),
  registration_end_date: z.number().int().nullable(),
  /** team: a captain registers a team (the team fee); individual: a player registers alone. */
  registration: z.enum(['participant', 'team', 'individual']),
  /** The price of one registration now (early bird inside its window, else the regular price). */
  price: z.number(),
  /** Why the price is what it is: regular, early_bird (until early_bird_until) or prorated (to the sessions left). */
  price_rule: z.enum(['regular', 'early_bird', 'prorated']),
  regular_price: z.number(),
  early_bird_until: z.number().int().nullable(),
  /** What a deposit registration pays now, where the offering takes deposits. */
  deposit: z.number().nullable(),
  membership_required: z.boolean(),
  /** Where a membership is required: the price of the one an online registration adds for who has none (the facility's cheapest); null when it sells none (the front desk then). */
  membership_price: z.number().nullable(),
  /** Places left now (capacity − registered − live holds); null where unlimited. */
  seats_left: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  /** Full, with a waitlist to join (a pickup session: per game, in its slots). */
  waitlist_open: z.boolean(),
  slots: z.array(pickupSlot),
  /** A rental's fields (of its field type), each bookable online at its hourly price. */
  fields: z.array(z.object({ ID: z.number().int(), name: z.string() })).optional(),
  /** A pickup session's or a rental's facility's time zone: the times shown and picked. */
  time_zone: z.string().optional(),
  eligibility: z.array(eligibility),
});

/** The facility's sibling discount on a class or camp registration (issue 44 §6): a discount on the invoice saying why. */
export const holdDiscount = z.object({
  /** The child's place among the family's children in the program: 2 for the second, … */
  position: z.number().int(),
  percent: z.number(),
  amount: z.number(),
  /** As the invoice's discount says it: "Sibling discount: 2nd child −10%". */
  reason: z.string(),
});

/** A membership sold with the registration, its line on the same invoice (the product's taxes and fees). */
export const holdMembership = z.object({
  customer_id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  price: z.number(),
});

/** A seat (or seats) held while the family pays. */
export const portalHold = z.object({
  ID: z.number().int(),
  offering: z.object({ type: z.enum(OFFERING_TYPES), id: z.number().int(), name: z.string() }),
  participant_ids: z.array(z.number().int()),
  status: z.enum(['held', 'paying', 'done', 'released']),
  expires_at: z.number().int(),
  /** Extended once already (POST …/extend answers 409 then). */
  extended: z.boolean(),
  /** A waitlist offer (held 24 hours, 2 within 3 days of the start) rather than a hold the family made. */
  is_offer: z.boolean(),
  /** Each participant's price and the total with taxes and fees, as the invoice will have them. */
  lines: z.array(z.object({ customer_id: z.number().int(), price: z.number(), discount: holdDiscount.nullable().optional() })),
  /** The memberships bought with it, one for each participant the offering (a class, a camp, a division) requires one of and who has none. */
  memberships: z.array(holdMembership).optional(),
  /** The sibling discounts' sum (a class's or camp's), taken off the total (the taxes are the lines'). */
  discounts: z.number().optional(),
  taxes: z.number(),
  fees: z.number(),
  total: z.number(),
  /**
   * A checked-out hold's (invoice_id set): what its invoice has had paid. Its lines and memberships are
   * then those it was charged, its discounts, taxes, fees and total the invoice's: never a new quote.
   */
  paid: z.number().optional(),
  invoice_id: z.number().int().nullable(),
  /** A pickup game's or a rental's time (and a rental's field). */
  slot: z.object({ start_date: z.number().int(), end_date: z.number().int(), field: z.string().nullable(), time_zone: z.string() }).optional(),
});

export const portalCheckout = z.object({
  hold_id: z.number().int(),
  invoice_id: z.number().int(),
  /** What was made, one per participant: attendees, pickup players or free agents; a rental's booking (its event). */
  registrations: z.array(z.object({ ID: z.number().int(), customer_id: z.number().int() })),
  /** null when nothing was due (a free pickup game). */
  payment_id: z.number().int().nullable(),
  square_id: z.string().nullable(),
  amount: z.number(),
  balance: z.number(),
});

export const portalWaitlistEntry = z.object({
  ID: z.number().int(),
  offering: z.object({ type: z.enum(OFFERING_TYPES), id: z.number().int() }),
  customer_id: z.number().int(),
  /** A pickup game's entry: the game. */
  event_id: z.number().int().optional(),
  /** A division's entry: the waiting team's name. */
  team_name: z.string().optional(),
  /** 1 is first in line. */
  position: z.number().int(),
});

/** An entry of a pickup game's or a division's waitlist as staff see it (the join date is CreatedAt). */
export const waitingEntry = z.object({
  ID: z.number().int(),
  customer: z.object({ ID: z.number().int(), first_name: z.string(), last_name: z.string() }),
  /** A division's: the waiting team. */
  team_name: z.string().nullable(),
  /** 'online': joined from the families' portal. */
  source: z.enum(REGISTRATION_SOURCES),
  CreatedAt: z.number().int(),
  /** Until when a place is held for it (its offer), else null. */
  offered_until: z.number().int().nullable(),
});
