import { z } from 'zod';
import { UNIFORM_SIZES } from '../constants';
import { isWholeCents, MAX_DOLLARS } from '../money';
import { jsonRecordId } from '../validation/ids';
import { CLASS_DEFAULTS, CLASS_MESSAGES, MAX_COACHES, type ClassType } from '../validation/classes';
import { customerCreateSchema } from '../validation/customer';
import { dollars, facilityFilterId, idParam, queryBool, recordId, specMessageOr } from '../validation/wire';
import { endpoint } from './endpoint';
import { entity } from './entity';
import * as answers from './answers/classes';

// Classes and camps (spec 3 §2.15–2.16, §3–§7 "Classes", issue 26): the list and its money, one class
// (season, division or class) with its events, participants, free trials, waitlist and coaches,
// creating, editing, cloning and deleting one, registrations with their invoices, the waitlist and its
// promotions, free trials, and the class's own events. Money in dollars, dates in unix seconds.
// Admins create classes and search several facilities; admins and managers choose coaches; the rest is
// the office's. Another facility's class answers 404.

export const specMessage = specMessageOr(Object.values(CLASS_MESSAGES));

// ——— Answers ———

export interface Property { key: string; value: string }
export type UniformSize = (typeof UNIFORM_SIZES)[number];

/** A class's own columns on the wire (fee in dollars). */
export interface ClassRecord {
  ID: number; name: string; description: string | null; start_date: number; end_date: number;
  registration_start_date: number | null; registration_end_date: number | null;
  available_online: boolean; accepts_free_trial: boolean; require_membership: boolean; max_kids: number;
  fee: number | null; facility_id: number; is_camp: boolean; is_container: boolean; class_parent_id: number | null;
  new_product_id: number | null; product_id: number | null; properties: Property[]; quota: number | null;
  CreatedAt: number; UpdatedAt: number;
}

/** Money of a class (a season: its divisions'), dollars: invoiced = Σ(invoiced − discounted). */
export interface ClassMoney { invoiced: number; paid: number; balance: number }

/** A row of the classes list. */
export interface ClassListRow extends ClassRecord, ClassMoney {
  facility: { ID: number; name: string; time_zone: string };
  /** Participants (a season: its divisions'). */
  participants: number;
  class_type: ClassType;
}

export interface ClassList { classes: ClassListRow[]; nb_classes: number; participants: number }

export interface ClassPerson { ID: number; first_name: string; last_name: string; email: string | null; phone: string | null }
export interface Child extends ClassPerson { birthdate: number | null; details: string | null }
export interface InvoiceFigures { ID: number; invoiced: number; discounted: number; paid: number; balance: number }

export interface Attendee {
  ID: number; class_id: number; customer_id: number; customer: Child; parent: ClassPerson | null;
  uniform_size: UniformSize | null; invoice_id: number | null; invoice: InvoiceFigures | null; has_active_membership: boolean; CreatedAt: number;
}

export type WaitlistRow = Omit<Attendee, 'class_id'>;

/** A free trial (an assistant of one event). */
export interface TrialRow extends Omit<Attendee, 'invoice' | 'invoice_id' | 'has_active_membership'> { event_id: number }

export interface ClassEvent {
  ID: number; start_date: number; end_date: number; field_id: number; field: { ID: number; name: string };
  product_type_id: number; comment: string | null; quota: number | null; facility_id: number; keep: boolean;
  /** Its free trials. */
  assistents: TrialRow[];
}

export interface ClassCoach { worker_id: number; name: string; position: number }

export interface ClassDivision { ID: number; name: string; max_kids: number; attendees: number; coaches: string[]; start_date: number; end_date: number }

/** The price of a registration now (spec 3 §5), dollars: `fixed` disables the price field. */
export interface ClassPrice { price: number; base: number; per_event: number; events_left: number; fixed: boolean; prorate: boolean }

/** A promotion of the waitlist, as the Waitlist tab's history shows it. */
export interface Promotion { at: number; customer_id: number; name: string; attendee_id: number; invoice_id: number; price: number }

/** GET /class/{id}: the page in one call. */
export interface ClassDetail extends ClassListRow {
  class_parent: { ID: number; name: string } | null;
  newProduct: { ID: number; name: string; gl: { code: string; product_type_id: number | null }; base_price: number; individual_price: number; prorate: boolean } | null;
  price: ClassPrice;
  events: ClassEvent[];
  divisions: ClassDivision[];
  /** A season: its divisions' attendees; a class: its own. */
  attendees: Attendee[];
  waitlists: WaitlistRow[];
  coaches: ClassCoach[];
  promotions: Promotion[];
  /** Σ of the attendees' invoices, expected (invoiced − discounted), dollars. */
  expected: number;
}

/** A class a participant or a trial can move to (GET /class/active). */
export interface ActiveClass {
  ID: number; name: string; facility_id: number; start_date: number; end_date: number; is_container: boolean; accepts_free_trial: boolean;
  max_kids: number; attendees: number; price: number;
  divisions: Array<{ ID: number; name: string; max_kids: number; attendees: number; price: number }>;
}

/** A product a class can be sold at (the create form, Update Product). */
export interface ClassProduct {
  new_product_id: number; product_id: number | null; name: string; gl_code: string; product_type_id: number | null;
  base_price: number; individual_price: number; prorate: boolean; text: string;
}

export interface FacilityCoach { id: number; name: string; title: string }

/** POST /class/registration: an attendee (with its invoice) or a waitlist entry. */
/** POST /class/registration names its participant once: an existing customer or a new one. */
export const ONE_PARTICIPANT = 'Name the participant once: an existing customer (attendee.customer_id) or a new one (new_participant)';
export const PARENT_ADULT = 'The parent must be an adult with an email';

export interface RegistrationAnswer { ID: number; class_id: number; customer_id: number; waitlisted: boolean; invoice_id: number | null; price: number }

// ——— The list ———

const ids = z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v), z.array(recordId()).max(200));
const unixQuery = z.coerce.number({ error: 'must be a date (unix seconds)' }).int().nonnegative();

export const classList = endpoint<ClassList>()({
  method: 'GET',
  path: '/class',
  summary: 'The classes list: top-level classes and seasons (container_only: seasons) by facility (admins: facility_ids), dates and words; classes[] and nb_classes',
  permission: { resource: 'classes', action: 'list' },
  query: z.strictObject({
    facility_id: facilityFilterId().optional(),
    facility_ids: ids.optional(),
    start: unixQuery.optional(),
    end: unixQuery.optional(),
    query: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    container_only: queryBool.optional(),
  }),
  answer: answers.classList,
});

export const activeClasses = endpoint<ActiveClass[]>()({
  method: 'GET',
  path: '/class/active',
  summary: 'Classes not ended yet of a facility (container_only: seasons) with their divisions, counts and prices: where a participant or a trial can move',
  permission: { resource: 'classes', action: 'list' },
  query: z.strictObject({ facility_id: facilityFilterId().optional(), container_only: queryBool.optional() }),
  answer: answers.activeClass.array(),
});

export const classProducts = endpoint<ClassProduct[]>()({
  method: 'GET',
  path: '/class/products',
  summary: 'The class products sold at a facility (gl_prefix: whose GL code starts so), with their prices there',
  permission: { resource: 'classes', action: 'list' },
  query: z.strictObject({ facility_id: facilityFilterId().optional(), gl_prefix: z.string().regex(/^\d{1,5}$/, 'must be digits').optional() }),
  answer: answers.classProduct.array(),
});

// ——— One class ———

export const getClass = endpoint<ClassDetail>()({
  method: 'GET',
  path: '/class/{id}',
  summary: 'A class, season or division: money, price now, events with their trials, divisions, attendees, waitlist, coaches and promotions',
  permission: { resource: 'classes', action: 'show' },
  params: idParam,
  answer: answers.classDetail,
});

const required = { error: CLASS_MESSAGES.required };
const unix = z.number(required).int().nonnegative();
const property = z.strictObject({ key: z.string().trim().max(100), value: z.string().trim().max(200) });

/** The class form's fields (spec 3 §7 POST /class), with its rules (spec 3 §5). */
const classFields = {
  name: z.string(required).trim().min(1, CLASS_MESSAGES.required).max(200),
  description: z.string(required).trim().max(5000),
  start_date: unix,
  end_date: unix,
  registration_start_date: unix,
  registration_end_date: unix,
  available_online: z.boolean().default(true),
  accepts_free_trial: z.boolean().default(false),
  require_membership: z.boolean().default(false),
  max_kids: z.number(required).int('must be a whole number').min(1, 'must be at least 1').max(500, 'must be at most 500').default(CLASS_DEFAULTS.max_kids),
  new_product_id: jsonRecordId(CLASS_MESSAGES.required),
  product_id: jsonRecordId().nullable().optional(),
  fee: dollars.min(0).nullable().optional(),
  facility_id: jsonRecordId(CLASS_MESSAGES.required),
  is_camp: z.boolean().default(false),
  is_container: z.boolean().default(false),
  class_parent_id: jsonRecordId().nullable().optional(),
  properties: z.array(property).max(50).optional(),
  quota: z.number().int().min(1).max(500).nullable().optional(),
};

type DatesLike = { start_date?: number; end_date?: number; registration_start_date?: number; registration_end_date?: number };
const datesInOrder = (d: DatesLike) => !(
  (d.start_date !== undefined && d.end_date !== undefined && d.end_date < d.start_date)
  || (d.registration_start_date !== undefined && d.registration_end_date !== undefined && d.registration_end_date < d.registration_start_date)
);

export const classBody = z.strictObject({
  ...classFields,
  // A clone sends the original's timestamps (spec 3 §7); the new class gets its own.
  CreatedAt: z.number().optional(),
  UpdatedAt: z.number().optional(),
}).refine(datesInOrder, { message: CLASS_MESSAGES.datesOrder });
export type ClassBody = z.output<typeof classBody>;

export const createClass = endpoint<ClassRecord>()({
  method: 'POST',
  path: '/class',
  summary: 'Creates a class, a season (is_container), a division of a season (class_parent_id) or a clone; admins only',
  permission: { resource: 'classes', action: 'create' },
  status: 201,
  idempotent: true,
  body: classBody,
  describe: specMessage,
  answer: answers.classRecord,
});

const { facility_id: _facility, ...editable } = classFields;
// An update changes only what it sends: the create's defaults are left out (zod applies a default even under optional()).
const withoutDefault = (schema: z.ZodType) => (schema instanceof z.ZodDefault ? schema.unwrap() as z.ZodType : schema);
export const classUpdate = z.strictObject(
  Object.fromEntries(Object.entries(editable).map(([k, v]) => [k, withoutDefault(v as z.ZodType).optional()])) as { [K in keyof typeof editable]: z.ZodOptional<(typeof editable)[K]> },
).refine(datesInOrder, { message: CLASS_MESSAGES.datesOrder });
export type ClassUpdate = z.output<typeof classUpdate>;

export const updateClass = endpoint<ClassRecord>()({
  method: 'PUT',
  path: '/class/{id}',
  summary: 'Changes a class: the form, its name alone, or its product (fee); raising max_kids promotes the waitlist',
  permission: { resource: 'classes', action: 'edit' },
  params: idParam,
  body: classUpdate,
  describe: specMessage,
  answer: answers.classRecord,
});

export const deleteClass = endpoint<ClassRecord & { message: string }>()({
  method: 'DELETE',
  path: '/class/{id}',
  summary: 'Deletes a class without participants or invoices (a season without divisions), with its events',
  permission: { resource: 'classes', action: 'delete' },
  params: idParam,
  answer: answers.deleteClassAnswer,
});

export const setClassCoaches = endpoint<ClassCoach[]>()({
  method: 'PUT',
  path: '/class/coaches',
  summary: "Sets a class's coaches (at most 2: the first is the lead); admins and managers",
  permission: { resource: 'classes', action: 'coaches' },
  body: z.strictObject({
    class_id: jsonRecordId(),
    coaches: z.array(jsonRecordId()).max(MAX_COACHES, CLASS_MESSAGES.tooManyCoaches).refine((c) => new Set(c).size === c.length, 'must not repeat a coach'),
  }),
  describe: specMessage,
  answer: answers.classCoach.array(),
});

export const facilityCoaches = endpoint<FacilityCoach[]>()({
  method: 'GET',
  path: '/facility/{id}/coaches',
  summary: "A facility's coaches, as the class's coach box offers them",
  permission: { resource: 'classes', action: 'show' },
  params: idParam,
  answer: answers.facilityCoach.array(),
});

// ——— Registrations, waitlist, trials ———

const price = z.number({ error: CLASS_MESSAGES.validPrice }).positive(CLASS_MESSAGES.validPrice).max(MAX_DOLLARS, CLASS_MESSAGES.validPrice)
  .refine(isWholeCents, CLASS_MESSAGES.validPrice);
const uniformSize = z.enum(UNIFORM_SIZES, { error: `must be one of ${UNIFORM_SIZES.join(', ')}` });

export const register = endpoint<RegistrationAnswer>()({
  method: 'POST',
  path: '/class/registration',
  summary: 'Registers a child in a class with an invoice at the price (plus tax and fee); a full class answers 409 unless waitlist: true, which adds a waitlist entry. A new participant (new_participant: the customer, and a new child\'s new parent) is created in the same transaction, so a refused registration leaves no customer behind',
  permission: { resource: 'classes', action: 'register' },
  status: 201,
  idempotent: true,
  body: z.strictObject({
    parent_id: jsonRecordId().nullable().optional(),
    price,
    /** customer_id: an existing participant; left out with new_participant. */
    attendee: z.strictObject({ class_id: jsonRecordId(), customer_id: jsonRecordId().optional(), uniform_size: uniformSize.nullable().optional() }),
    new_participant: z.strictObject({ customer: customerCreateSchema(), parent: customerCreateSchema().optional() }).optional(),
    waitlist: z.boolean().default(false),
  }),
  describe: specMessage,
  answer: answers.registrationAnswer,
});

export const unregister = endpoint<Attendee>()({
  method: 'DELETE',
  path: '/class/registration/{id}',
  summary: 'Removes an attendee when nothing was paid (its untouched invoice goes too); the freed place goes to the waitlist',
  permission: { resource: 'classes', action: 'register' },
  params: idParam,
  answer: answers.attendee,
});

export const moveRegistration = endpoint<Attendee>()({
  method: 'PUT',
  path: '/class/registration/{attendeeId}',
  summary: 'Moves an attendee to another class of the facility; a prorated price higher by more than $10 updates the invoice; the freed place goes to the waitlist',
  permission: { resource: 'classes', action: 'register' },
  params: z.strictObject({ attendeeId: recordId() }),
  query: z.strictObject({ new_class_id: recordId(), old_class_id: recordId() }),
  answer: answers.attendee,
});

export const updateAttendee = endpoint<Attendee>()({
  method: 'PUT',
  path: '/attendee/{id}',
  summary: "Changes an attendee's uniform size",
  permission: { resource: 'classes', action: 'register' },
  params: idParam,
  body: z.strictObject({ uniform_size: uniformSize.nullable() }),
  answer: answers.attendee,
});

export const deleteWaitlist = endpoint<WaitlistRow>()({
  method: 'DELETE',
  path: '/waitlist/{id}',
  summary: 'Removes a waitlist entry (refused when something was paid on its invoice)',
  permission: { resource: 'classes', action: 'register' },
  params: idParam,
  answer: answers.waitlistRow,
});

export const convertWaitlist = endpoint<RegistrationAnswer>()({
  method: 'PUT',
  path: '/waitlist/{id}',
  summary: 'Converts a waitlist entry into an attendee at the current price, with its invoice, when the class has a free place',
  permission: { resource: 'classes', action: 'register' },
  params: idParam,
  answer: answers.registrationAnswer,
});

export const deleteTrial = endpoint<TrialRow>()({
  method: 'DELETE',
  path: '/assistant/{id}',
  summary: 'Deletes a free trial whose event starts no earlier than 3 weeks ago',
  permission: { resource: 'classes', action: 'register' },
  params: idParam,
  describe: specMessage,
  answer: answers.trialRow,
});

/**
 * Where a free trial may move (the Change trial date dialog): a season, or a stand-alone class, with
 * its divisions (a stand-alone class: itself) that take the trial, each with its events still to come.
 */
export interface TrialTarget {
  ID: number;
  name: string;
  is_container: boolean;
  divisions: Array<{ ID: number; name: string; events: Array<{ ID: number; start_date: number; end_date: number }> }>;
}

export const trialTargets = endpoint<TrialTarget[]>()({
  method: 'GET',
  path: '/assistant/{id}/targets',
  summary: 'The classes a free trial may move to, the trial\'s own first: its own class always, and the classes of its facility not ended whose division (or season) accepts free trials; each division with its upcoming events',
  permission: { resource: 'classes', action: 'register' },
  params: idParam,
  answer: answers.trialTarget.array(),
});

export const moveTrial = endpoint<TrialRow>()({
  method: 'PUT',
  path: '/assistant/{id}',
  summary: 'Moves a free trial to an upcoming event of its own class, or of a class whose division (or season) accepts free trials',
  permission: { resource: 'classes', action: 'register' },
  params: idParam,
  body: z.strictObject({ event_id: jsonRecordId(CLASS_MESSAGES.required), class_id: jsonRecordId(CLASS_MESSAGES.required), uniform_size: uniformSize.nullable().optional() }),
  describe: specMessage,
  answer: answers.trialRow,
});

// ——— The class's events ———

const eventFields = {
  field_id: jsonRecordId(CLASS_MESSAGES.required),
  product_type_id: jsonRecordId().default(CLASS_DEFAULTS.product_type_id),
  start_date: unix,
  end_date: unix,
  comment: z.string().trim().max(2000).optional(),
  quota: z.number().int().min(1).max(500).nullable().optional(),
};

const classEventBody = z.strictObject({ class_id: jsonRecordId(), ...eventFields, keep: z.boolean().optional() });

const createClassEventOf = (path: '/class/event' | '/class/event/keep', summary: string) => ({
  method: 'POST' as const,
  path,
  summary,
  permission: { resource: 'classes', action: 'edit' },
  status: 201,
  idempotent: true as const,
  body: classEventBody,
  describe: specMessage,
});

export const createClassEvent = endpoint<ClassEvent>()({ ...createClassEventOf('/class/event', "Books an event of a class on a field of its facility; a taken slot answers 409 naming the event in the way"), answer: answers.classEvent });
export const forceClassEvent = endpoint<ClassEvent>()({ ...createClassEventOf('/class/event/keep', 'Books an event of a class even if it conflicts (kept, shown red)'), answer: answers.classEvent });

export const updateClassEvent = endpoint<ClassEvent>()({
  method: 'PUT',
  path: '/class/event/{id}',
  summary: 'Edits an event of a class (field, type, times, comment, quota); a taken slot is refused',
  permission: { resource: 'classes', action: 'edit' },
  params: idParam,
  body: z.strictObject({
    field_id: eventFields.field_id.optional(),
    product_type_id: jsonRecordId().optional(),
    start_date: unix.optional(),
    end_date: unix.optional(),
    comment: eventFields.comment,
    quota: eventFields.quota,
    field: z.unknown().optional(),
    product_type: z.unknown().optional(),
  }),
  describe: specMessage,
  answer: answers.classEvent,
});

export const deleteClassEvent = endpoint<{ deleted: number[] }>()({
  method: 'DELETE',
  path: '/class/event/{id}',
  summary: 'Deletes an event of a class (refused while a free trial is booked on it)',
  permission: { resource: 'classes', action: 'edit' },
  params: idParam,
  answer: answers.deleteClassEventAnswer,
});

/** The class entity (/classes, /classes/{id}): its list pages by limit and offset (spec 3 §7). */
export const classEntity = entity({
  resource: 'classes', label: 'Class', listStyle: { limit: 'limit', offset: 'offset', items: 'classes', total: 'nb_classes' },
  list: classList, one: getClass, create: createClass, update: updateClass, delete: deleteClass,
});
