// Classes and camps (spec 3 §2.15–2.16, §4, §5, §8, §9; issue 26): the spec's messages word for word,
// the defaults, and the rules the server and the screens share — the class type, the prorated price,
// the deletion windows, and who of a waitlist gets a freed place. Pure: no I/O.

export const CLASS_MESSAGES = {
  // The spec's (spec 3 §8).
  validPrice: 'Please enter a valid price',
  checkFirst: 'Check for availabilities first',
  keepOrFree: 'Please ensure that all events have available spots, or select the events you want to keep before proceeding.',
  deleted: 'Class deleted successfully',
  updated: 'Update successful',
  noParent: 'The selected child appears to have no parent on our records',
  // Ours: what the spec leaves unworded.
  required: 'Please fill all the required fields',
  datesOrder: 'Please make sure all end dates are after start dates',
  full: 'This class is full: add the child to its waitlist instead',
  fullConvert: 'This class is full: a place must free up before a waitlisted child can join',
  already: 'This child is already registered in this class',
  alreadyWaiting: 'This child is already on the waitlist of this class',
  season: 'A season takes no participants: choose one of its divisions',
  hasAttendees: 'A class with participants cannot be deleted',
  hasDivisions: 'A season with divisions cannot be deleted',
  hasInvoices: 'This class has invoices: it cannot be deleted',
  paid: 'Something was paid on this registration: it cannot be deleted',
  maxBelowAttendees: 'Max kids cannot be lower than the number of participants',
  tooManyCoaches: 'A class has at most 2 coaches',
  notCoach: 'Choose coaches of the class\'s facility',
  trialTooOld: 'Only free trials of the last 3 weeks can be deleted',
  trialNotFuture: 'Choose an upcoming event of the class',
  noTrials: 'This class does not accept free trials',
  otherFacility: 'Choose a class of the same facility',
  fieldFacility: 'Choose a field of the class\'s facility',
  sameClass: 'The participant is already in this class',
} as const;

/** Max kids asked below the participants and the places held online (issue 44): the floor and what to do. */
export const maxBelowHeld = (registered: number, held: number) =>
  `Max kids cannot be lower than ${registered + held}: ${registered} participants and ${held} places held for families registering online. `
  + `Choose ${registered + held} or more, or lower it once those holds are paid or have ended`;

export const CLASS_DEFAULTS = { max_kids: 8, product_type_id: 10 } as const;
export const MAX_COACHES = 2;
/** Free trials older than this are kept as history (spec 3 §9). */
export const TRIAL_DELETE_WINDOW = 21 * 86_400;
/** A move whose prorated price is higher by more than this updates the invoice (spec 3 §5), cents. */
export const PRORATE_WARNING_CENTS = 1_000;
export const CLASS_PAGE_SIZES = [1, 10, 25, 50, 100] as const;
export const CLASS_TABLE_SIZES = [10, 25, 50, 100] as const;

/** The property keys of a new class (spec 3 §3), each with an empty value. */
export const CLASS_PROPERTY_KEYS = [
  'Season Name', 'Division Name', 'Type', 'Category', 'Level', 'Gender', 'Age Category', 'Year', 'Season', 'Start Date', 'End Date',
] as const;
export const defaultClassProperties = () => CLASS_PROPERTY_KEYS.map((key) => ({ key, value: '' }));

/** Class types (spec 3 §9): Youth Camp 1, Youth Class 2, Lil' Kickers Class 3. */
export const CLASS_TYPE = { CAMP: 1, YOUTH: 2, LIL_KICKERS: 3 } as const;
export type ClassType = (typeof CLASS_TYPE)[keyof typeof CLASS_TYPE];

/**
 * A class's type. The spec reads GL 140 both as a camp and as a youth class; the catalog files youth
 * classes (14001) and camps (14002) under GL 140 alike, so the prefix cannot tell them apart: is_camp
 * decides (the form's camp type sets it), GL 141 is Lil' Kickers, everything else a youth class.
 */
export function classType(cls: { is_camp: boolean }, glCode: string | null | undefined): ClassType {
  if (cls.is_camp) return CLASS_TYPE.CAMP;
  if (glCode?.startsWith('141')) return CLASS_TYPE.LIL_KICKERS;
  return CLASS_TYPE.YOUTH;
}

/** The GL prefix of the products a class type is sold with (spec 3 §5): 141 for type 3, 140 otherwise. */
export const glPrefixOf = (type: ClassType) => (type === CLASS_TYPE.LIL_KICKERS ? '141' : '140');

export interface PriceBasis {
  /** The class's full price, cents (its fee, else its product's base price at the facility). */
  base: number;
  /** The product's price per event, cents (its individual price); 0 when it has none. */
  perEvent: number;
  /** Whether the product is prorated. */
  prorate: boolean;
  /** Events of the class that have not started yet. */
  eventsLeft: number;
}

/**
 * The price of a registration now, cents (spec 3 §5): a prorated product costs its per-event price
 * times the events left, never more than the full price; otherwise the full price. `fixed` says the
 * price field is disabled: the prorated price is the full price.
 */
export function classPrice({ base, perEvent, prorate, eventsLeft }: PriceBasis): { price: number; fixed: boolean } {
  if (!prorate || perEvent <= 0) return { price: base, fixed: true };
  const prorated = Math.min(base, perEvent * Math.max(0, eventsLeft));
  return { price: prorated, fixed: prorated === base };
}

/** Whether a registration may be deleted (spec 3 §5): no invoice, or nothing paid on it. */
export const registrationDeletable = (invoice: { paid: number } | null) => !invoice || invoice.paid === 0;

/** Whether a free trial may be deleted (spec 3 §5): its event starts no earlier than 3 weeks ago. */
export const trialDeletable = (eventStart: number, now: number) => eventStart >= now - TRIAL_DELETE_WINDOW;

/** What a registration becomes in a class holding `attendees` of `maxKids`. */
export function admission(maxKids: number, attendees: number, waitlist: boolean): 'attendee' | 'waitlist' | 'full' {
  if (attendees < maxKids) return 'attendee';
  return waitlist ? 'waitlist' : 'full';
}

export interface WaitlistEntry { ID: number; CreatedAt: number }

/**
 * The waitlist entries a class promotes when it holds `attendees` of `maxKids`: the oldest first (join
 * date, then ID), as many as there are free places.
 */
export function promotions<E extends WaitlistEntry>(maxKids: number, attendees: number, waitlist: readonly E[]): E[] {
  const free = Math.max(0, maxKids - attendees);
  return [...waitlist].sort((a, b) => a.CreatedAt - b.CreatedAt || a.ID - b.ID).slice(0, free);
}

/** Age in whole years on `day` of someone born on `birthdate` (unix seconds, midnight UTC). */
export function ageOn(birthdate: number, day: number): number {
  const born = new Date(birthdate * 1000);
  const at = new Date(day * 1000);
  let years = at.getUTCFullYear() - born.getUTCFullYear();
  if (at.getUTCMonth() < born.getUTCMonth() || (at.getUTCMonth() === born.getUTCMonth() && at.getUTCDate() < born.getUTCDate())) years -= 1;
  return years;
}

/** The age the participants table shows: only for birth dates within 100 years (spec 3 §9). */
export const shownAge = (birthdate: number | null, now: number) => {
  if (birthdate === null) return null;
  const age = ageOn(birthdate, now);
  return age >= 0 && age < 100 ? age : null;
};
