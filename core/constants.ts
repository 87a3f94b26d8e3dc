// Constants of the spec that both halves of the app use.

export const ROLES = ['admin', 'manager', 'mod', 'coach', 'referee'] as const;
export type Role = (typeof ROLES)[number];

/** The shortest password a staff member or a portal account holder may choose (core/validation/staff's rule). */
export const MIN_PASSWORD_LENGTH = 8;

export const PAYMENT_METHODS = ['cash', 'check', 'wire', 'credit', 'card', 'terminal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods taken through the card provider (Square): the only payments a refund can send back to the card. */
export const CARD_PAYMENTS: ReadonlySet<PaymentMethod> = new Set(['card', 'terminal']);
/** How a close time of midnight (24) is stored: the seed, the field dialog and older clients use it. */
export const STORED_MIDNIGHT = 23.99;
/** The most rows an export (the invoice list's, a server-paged report table's) writes; the screens say so. */
export const EXPORT_MAX_ROWS = 50_000;
/** How a refund can go back: to the card (card payments only), or as cash, check, wire or customer credit. */
export const REFUND_METHODS = ['cash', 'check', 'wire', 'credit', 'card'] as const satisfies readonly PaymentMethod[];

/** What a family registers for online (issue 44). */
export const OFFERING_TYPES = ['class', 'camp', 'league', 'tournament', 'pickup', 'rental'] as const;
export const TEAM_GENDERS = ['Male', 'Female', 'Co-Ed', 'Boys', 'Girls'] as const;
/** Where a registration was made: at the front desk (staff) or by the family from the portal (online). */
export const REGISTRATION_SOURCES = ['staff', 'online'] as const;
export const GAME_TYPES = [
  'regular', 'friendly', '9th place consolation', '7th place consolation', '5th place consolation',
  '3rd place consolation', 'Quarter final', 'Semi final', 'Final',
] as const;
export const UNIFORM_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL'] as const;
export const PRODUCT_CATEGORIES = ['event', 'aux', 'block', 'class', 'rental', 'league', 'tournament'] as const;
export const INTEGRATION_TYPES = ['hubspot', 'acuity', 'square'] as const;

/** Facility ids with special meaning. */
export const FACILITY = {
  DEFAULT: 1,
  /** In list calls, for admins: every facility. */
  ALL_IN_LISTS: 0,
  /** Facilities with this id or above are hidden from selectors. */
  HIDDEN_FROM: 997,
  /** Integrations: applies to every facility. */
  ALL_INTEGRATIONS: 999999,
} as const;

/** Product type ids with special meaning. */
export const PRODUCT_TYPE = {
  ADULT_BLOCK_BOOKING: 2,
  ADULT_LEAGUE: 3,
  ADULT_TOURNAMENT: 4,
  PICKUP: 5,
  YOUTH_CONTRACT: 7,
  YOUTH_LEAGUE: 8,
  YOUTH_TOURNAMENT: 9,
  CLASS: 10,
  EVENTS: 11,
  BLOCK: 13,
  SOCCERNAUT: 14,
  CLASS_ALT: 17,
  MEMBERSHIP: 18,
  BLOCKER: 19,
  CLASS_OTHER: 21,
} as const;
export const CLASS_PRODUCT_TYPES = [10, 17, 21] as const;
export const LEAGUE_PRODUCT_TYPES = [3, 4, 8, 9] as const;
export const MATCH_PRODUCT_TYPES = [3, 8] as const;
export const BLOCKER_PRODUCT_TYPES = [13, 19] as const;
export const NO_SHOW_PRODUCT_TYPES = [1, 2, 11] as const;
export const MANUAL_FEE_PRODUCT_TYPES = [3, 8, 11, 12] as const;
/**
 * Product types whose calendar booking is not billed to its own customer at a product's price: blockers,
 * leagues and tournaments (team invoices), classes (registrations), pickup and Soccernaut (per player).
 * Every other type (rentals, events, parties and any type staff add) is priced: its booking takes a product.
 */
export const UNPRICED_BOOKING_TYPES: readonly number[] = [...BLOCKER_PRODUCT_TYPES, ...LEAGUE_PRODUCT_TYPES, ...CLASS_PRODUCT_TYPES, PRODUCT_TYPE.PICKUP, PRODUCT_TYPE.SOCCERNAUT];
export const isPricedBooking = (productTypeId: number) => !UNPRICED_BOOKING_TYPES.includes(productTypeId);
export const SPECIAL_NEW_PRODUCT_ID = 1169;

export const CUSTOMER_TYPE_ADULT = 1;
export const AGE_GROUP = { ADULT: 1, YOUTH: 2 } as const;
export const INVOICE_TYPE = { GENERAL: 1, TEAM: 2 } as const;

export const CHILD_AGE = { MIN: 1, MAX: 18 } as const;
export const PROFILE_PHOTO_MAX_BYTES = 716800;
export const PROFILE_PHOTO_CROP_PX = 300;

export const SNACKBAR_MS = 4000;
export const ALERT_MS = 3000;
export const SCOREBOARD_RECONNECT_MS = 1000;
export const SEARCH_DEBOUNCE_MS = 300;
/** At most this many customers answer a customer search; staff narrow it with another word. */
export const SEARCH_LIMIT = 50;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** The languages of the product (English is the spec's wording), as the language switch offers them. */
export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
] as const;
export type Locale = (typeof LOCALES)[number]['locale'];
