import { z } from 'zod';

export const classType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const paymentMethod = z.enum(['check', 'cash', 'wire', 'credit', 'card', 'terminal']);

/** A payment's refund status on Square. */
export const paymentStatus = z.enum(['Pending', 'Validated', 'Denied']);

/** A record named by its ID and name (a facility, a field, a team…). */
export const named = z.object({ ID: z.number().int(), name: z.string() });

/** A facility with its time zone. */
export const facilityZone = named.extend({ time_zone: z.string() });

/** An invoice's figures. */
export const invoiceFigures = z.object({
  ID: z.number().int(),
  invoiced: z.number(),
  discounted: z.number(),
  paid: z.number(),
  balance: z.number(),
});

/** A team's games, goals and points in a standings. */
export const standingsFigures = z.object({
  games: z.number(),
  won: z.number(),
  draw: z.number(),
  lost: z.number(),
  gf: z.number(),
  ga: z.number(),
  gd: z.number(),
  points: z.number(),
});

/** A row of a league's standings. */
export const standingsWireRow = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  team: z.string(),
  group: z.number().nullable(),
  rank: z.number(),
  ...standingsFigures.shape,
});

/** An invoice's own fields. */
export const invoiceRecord = z.object({
  ID: z.number().int(),
  date: z.number().int(),
  comment: z.string(),
  facility_id: z.number().int(),
  customer_id: z.number().int().nullable(),
  invoice_type_id: z.number().int(),
  product_type_id: z.number().int().nullable(),
  contract_id: z.number().int().nullable(),
  team_id: z.number().int().nullable(),
  class_id: z.number().int().nullable(),
  reversed: z.number().int().nullable(),
  reversal: z.number().int().nullable(),
});

export const membershipRow = z.object({
  ID: z.number().int(),
  sub_customer_id: z.number().int(),
  member_customer_id: z.number().int(),
  valid_until: z.number(),
  is_free: z.boolean(),
  new_product_id: z.number().int().nullable(),
  CreatedAt: z.number().int(),
});

export const documentState = z.enum(['none', 'generated', 'sent', 'signed']);

export const customerSummary = z.object({
  ID: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  facility_id: z.number().int(),
  birthdate: z.number().int().nullable(),
  gender: z.string(),
  address: z.string(),
  state: z.string(),
  country: z.string(),
  is_kid: z.boolean(),
  parent_email: z.string(),
  customer_type_id: z.number().int(),
  deleted_at: z.number().int().nullable(),
  facility: named,
});

export const customerName = z.object({ ID: z.number().int(), first_name: z.string(), last_name: z.string() });

/** A customer named, with the email. */
export const customerContact = customerName.extend({ email: z.string() });

/** The IDs a deletion removed. */
export const deletedIds = z.object({ deleted: z.array(z.number()) });

export const customer = z.object({
  ID: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  state: z.string(),
  country: z.string(),
  gender: z.string(),
  is_kid: z.boolean(),
  parent_email: z.string(),
  birthdate: z.number().int().nullable(),
  facility_id: z.number().int(),
  customer_type_id: z.number().int(),
  credits: z.number(),
  note: z.string(),
  photo: z.string().nullable(),
  waiver_signed: z.boolean(),
  hubspot_id: z.string().nullable(),
  deleted_at: z.number().int().nullable(),
  unsubscribed_at: z.number().int().nullable().optional(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
});

export const eventMark = z.enum(['paid', 'owed', 'scored', 'uninvoiced']).nullable();

export const eventRecord = z.object({
  ID: z.number().int(),
  product_type_id: z.number().int(),
  field_id: z.number().int(),
  facility_id: z.number().int(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  comment: z.string(),
  customer_id: z.number().int().nullable(),
  new_product_id: z.number().int().nullable(),
  product_id: z.number().int().nullable(),
  match_id: z.number().int().nullable(),
  contract_id: z.number().int().nullable(),
  class_id: z.number().int().nullable(),
  coach_id: z.number().int().nullable(),
  team_a: z.string().nullable(),
  team_b: z.string().nullable(),
  no_show: z.boolean(),
  video_visible: z.boolean(),
  video_url: z.string().nullable(),
  block_token: z.string().nullable(),
  keep: z.boolean(),
  contract_variant_price: z.number().nullable(),
  checked_in: z.boolean(),
  quota: z.number().nullable(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
});

export const calendarEvent = z.object({
  product_type: z.object({ ID: z.number().int(), name: z.string(), color: z.string() }),
  field: z.object({
    ID: z.number().int(),
    number: z.number(),
    name: z.string(),
    parent_field_id: z.number().int().nullable(),
  }),
  customer: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  contract: z.object({ ID: z.number().int(), name: z.string().nullable() }).nullable(),
  match: z.object({
    ID: z.number().int(),
    league: z.object({ ID: z.number().int(), name: z.string().nullable(), color: z.string().nullable() }).nullable(),
    home_team: z.object({ ID: z.number().int(), name: z.string().nullable() }).nullable(),
    away_team: z.object({ ID: z.number().int(), name: z.string().nullable() }).nullable(),
    home_score: z.number().nullable(),
    away_score: z.number().nullable(),
  }).nullable(),
  invoice: z.object({ amount: z.number(), paid: z.number(), balance: z.number() }).nullable(),
  title: z.string(),
  color: z.string(),
  mark: eventMark,
  conflict: z.boolean(),
  ...eventRecord.shape,
});

export const rosterMark = z.enum(['xM', 'xW', '-SUS-']);

export const feeOption = z.object({ kind: z.enum(['full', 'early_bird']), price: z.number(), discount: z.number() });

export const shortfallReason = z.enum(['slots', 'one_a_day', 'at_once']);

export const shortfall = z.object({
  games: z.number(),
  reason: shortfallReason,
  cells: z.number(),
  days: z.number(),
  wanted: z.number(),
  teams: z.array(z.object({ team_id: z.number().int(), games: z.number() })),
});

export const extraGames = z.object({ team_id: z.number().int(), games: z.number() });

export const scoreboardGame = z.object({
  home: z.string(),
  away: z.string(),
  home_score: z.number(),
  away_score: z.number(),
  timer: z.number(),
  start: z.number(),
});

export const scoreboard = z.object({
  ID: z.number().int(),
  port: z.number(),
  field: z.object({ ID: z.number().int(), number: z.number(), name: z.string() }),
  facility: named,
  connected: z.boolean(),
  game: scoreboardGame.nullable(),
  background: z.string().nullable(),
  last_seen_at: z.number().int().nullable(),
});

export const squareMode = z.enum(['simulator', 'sandbox', 'production']);

/** A file's bytes (a photo, a PDF, a background): not JSON, so the API tests' check leaves it alone. */
export const file = z.custom<Blob>(() => true).meta({ type: 'string', format: 'binary' });
