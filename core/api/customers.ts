import { z } from 'zod';
import type { Customer, CustomerSummary } from '../customer';
import { customerCreateSchema, familyLinkSchema, parseBirthdate } from '../validation/customer';
import { CUSTOMER_PHONE_MESSAGE, normalizeUsPhone } from '../validation/phone';
import { dollars, facilityFilterId, idParam, recordId, specMessageOr } from '../validation/wire';
import { endpoint } from './endpoint';
import { entity } from './entity';
import * as answers from './answers/customers';

// Customers (spec 1 §2, §4, §5, §7): search (and the deleted ones', with reactivation), creation with
// the likely duplicates and family links, the profile (details, email, note, photo, credit) and its
// tabs' lists, merging, suspensions, free trials and the HubSpot link. Non-admins reach only their
// facility's customers: anyone else's answer 404, like missing ones. Money in dollars, dates in unix
// seconds.

// ——— Answers ———

/** A family member as the wizard's family calls name them. */
export type FamilyMember = Pick<CustomerSummary, 'ID' | 'first_name' | 'last_name' | 'email' | 'is_kid'>;
export type FamilyLink = z.output<typeof answers.familyLink>;

/** What a likely duplicate shares with the customer about to be created. */
export type DuplicateMatch = 'email' | 'phone' | 'name_birthdate';
export type DuplicateCustomer = CustomerSummary & { matched: DuplicateMatch[] };

/** A customer as the profile names its family. */
export type Person = Pick<Customer, 'ID' | 'first_name' | 'last_name' | 'email'>;

export type Suspension = z.output<typeof answers.suspension>;

/** A membership as the profile lists it: the row, whether it is valid now, whose and of what. */
export type Membership = z.output<typeof answers.membership>;

export type Eplayer = z.output<typeof answers.eplayer>;

/** GET /customer/{id}: the customer with everything the summary card and the profile's tabs show. */
export type CustomerProfileRecord = z.output<typeof answers.customerProfileRecord>;

export type ContractSummary = z.output<typeof answers.contractSummary>;
export type ClassPlace = z.output<typeof answers.classPlace>;
/** A session the Add free trial dialog offers. */
export type TrialSession = z.output<typeof answers.trialSession>;
export type TrialPlace = z.output<typeof answers.trialPlace>;

// ——— Messages ———

export { INVALID_EMAIL, PARENT_EMAIL_ONLY } from '../validation/customer';
export const EMAIL_CONFIRMATION_SENT = 'Email confirmation sent';
export const NO_CUSTOMERS_TO_MERGE = 'No customers selected for merging';
export const FILE_TOO_BIG = 'File is too big!';
export const NOT_AN_IMAGE = 'The file must be an image (JPEG, PNG, GIF or WebP)';
/** No HubSpot integration applies to the facility: which one, and where it is set up (issue 41 m27). */
export const noHubspot = (facility: string) =>
  `No HubSpot integration is set up for ${facility}: an admin or manager adds one under Admin → Resources → Integrations`;
export const NOT_IN_HUBSPOT = 'This customer is not in HubSpot yet';
export const CHILD_WITHOUT_PARENT = 'The selected child appears to have no parent on our records';
export const NO_TRIALS = 'This class does not accept free trials';
export const TRIAL_TAKEN = 'This customer already has a free trial on this event';
export const NOT_UPCOMING = 'Please select an upcoming event of this class';

// ——— Search and reactivation ———

const searchParams = z.strictObject({ query: z.string().trim().min(1, 'type something to search for').max(200, 'at most 200 characters') });
/** The admin's facility (0 or none: all); other roles are pinned to theirs whatever they send. */
const searchScope = z.object({ facility_id: facilityFilterId().optional() });

export const searchCustomers = endpoint<CustomerSummary[]>()({
  method: 'GET',
  path: '/customer/search/{query}',
  summary: 'Active customers for whom every word of the query occurs in some field (name, email, phone …), by name',
  permission: { resource: 'customers', action: 'list' },
  params: searchParams,
  query: searchScope,
  answer: answers.customerSummary.array(),
});

export const searchDeletedCustomers = endpoint<CustomerSummary[]>()({
  method: 'GET',
  path: '/customer/search/deleted/{query}',
  summary: 'Deleted customers matching the query, to reactivate',
  permission: { resource: 'customers', action: 'reactivate' },
  params: searchParams,
  query: searchScope,
  answer: answers.customerSummary.array(),
});

export const reactivateCustomer = endpoint<CustomerSummary>()({
  method: 'POST',
  path: '/customer/reactivate/{id}',
  summary: 'Brings a deleted customer back',
  permission: { resource: 'customers', action: 'reactivate' },
  params: idParam,
  answer: answers.customerSummary,
});

// ——— Creation and families ———

export const createCustomer = endpoint<CustomerSummary>()({
  method: 'POST',
  path: '/customer',
  summary: "Creates an adult (email and US phone) or a child (birth date making them 1 to 18, Boy or Girl; the family link gives the email)",
  permission: { resource: 'customers', action: 'create' },
  status: 201,
  body: customerCreateSchema(),
  answer: answers.customerSummary,
});

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`).default('');

export const findDuplicates = endpoint<DuplicateCustomer[]>()({
  method: 'GET',
  path: '/customer/duplicates',
  summary: 'Active customers with the same email, phone (its digits), or first and last name and birth date as the one about to be created (10 at most)',
  permission: { resource: 'customers', action: 'create' },
  query: z.strictObject({
    first_name: text(100),
    last_name: text(100),
    email: text(254),
    phone: text(40),
    /** M/D/YYYY, as the wizard takes it. */
    birthdate: text(10).refine((value) => !value || parseBirthdate(value) !== null, 'must be a date as M/D/YYYY'),
    facility_id: facilityFilterId().optional(),
  }),
  answer: answers.duplicateCustomer.array(),
});

export const linkFamily = endpoint<Omit<FamilyLink, 'parent' | 'child'> & { child: CustomerSummary }>()({
  method: 'POST',
  path: '/family',
  summary: "Links a child to a parent: the child's email becomes the parent's + '##' + the child's ID",
  permission: { resource: 'customers', action: 'family' },
  status: 201,
  body: familyLinkSchema,
  answer: answers.linkFamilyAnswer,
});

export const customerFamily = endpoint<FamilyLink[]>()({
  method: 'GET',
  path: '/family/{id}',
  summary: "A customer's parents and children",
  permission: { resource: 'customers', action: 'show' },
  params: idParam,
  answer: answers.familyLink.array(),
});

// ——— The profile ———

const profileText = (max: number) => z.string().trim().max(max, `is too long (${max} characters at most)`);
const name = profileText(100).min(1, 'Required');
const phone = z.string().transform((value, ctx) => {
  if (value.trim() === '') return '';
  const normalized = normalizeUsPhone(value);
  if (!normalized) ctx.addIssue({ code: 'custom', message: CUSTOMER_PHONE_MESSAGE });
  return normalized ?? '';
});

export const customerProfile = endpoint<CustomerProfileRecord>()({
  method: 'GET',
  path: '/customer/{id}',
  summary: 'The profile in one answer (totals, family, e-player, memberships, suspensions); its ETag is the version PUT takes as If-Match',
  permission: { resource: 'customer_profile', action: 'show' },
  params: idParam,
  answer: answers.customerProfileRecord,
});

export const updateCustomer = endpoint<CustomerProfileRecord>()({
  method: 'PUT',
  path: '/customer/{id}',
  summary: "Changes the details (credits, the new balance: admins only); with If-Match, only that version (else 412)",
  permission: { resource: 'customer_profile', action: 'edit' },
  params: idParam,
  body: z.strictObject({
    first_name: name,
    last_name: name,
    phone,
    address: profileText(300),
    state: profileText(100),
    country: profileText(100),
    gender: profileText(50),
    parent_email: profileText(200),
    birthdate: z.number().int().nullable(),
    facility_id: z.number().int().positive(),
    customer_type_id: z.number().int().positive(),
    waiver_signed: z.boolean(),
    credits: dollars.min(0, 'cannot be negative'),
  }).partial(),
  answer: answers.customerProfileRecord,
});

export const updateCustomerEmail = endpoint<{ message: string; email: string }>()({
  method: 'PUT',
  path: '/customer/email/{id}',
  summary: "Changes an adult's email (and their children's with it) and mails the new address",
  permission: { resource: 'customer_profile', action: 'edit' },
  params: idParam,
  // Checked by the handler with the dialog's rule (customerEmailProblem: INVALID_EMAIL, PARENT_EMAIL_ONLY).
  query: z.strictObject({ email: z.string().optional() }),
  answer: answers.updateCustomerEmailAnswer,
});

export const updateCustomerNote = endpoint<Customer>()({
  method: 'PUT',
  path: '/customer/note/{id}',
  summary: "Replaces the customer's note",
  permission: { resource: 'customer_profile', action: 'edit' },
  params: idParam,
  body: z.strictObject({ note: profileText(5000) }),
  answer: answers.customer,
});

export const uploadCustomerPhoto = endpoint<Customer>()({
  method: 'POST',
  path: '/customer/{id}/profile-picture',
  summary: `The profile photo: one image in the multipart field "file", at most 716800 bytes (else "${FILE_TOO_BIG}")`,
  permission: { resource: 'customer_profile', action: 'edit' },
  params: idParam,
  bodyKind: 'multipart',
  answer: answers.customer,
});

export const customerPhoto = endpoint<Blob>()({
  method: 'GET',
  path: '/files/customers/{name}',
  summary: 'A stored profile photo (no session: <img> tags send none; the names are random)',
  permission: 'public',
  params: z.strictObject({ name: z.string().max(100, 'is not a photo name') }),
  answer: answers.file,
});

export const mergeCustomers = endpoint<{ ID: number; merged: number[] }>()({
  method: 'POST',
  path: '/customer/merge/{id}',
  summary: 'Moves everything of the other customers to this one and deletes them, all or nothing (409 for one already merged)',
  permission: { resource: 'customer_profile', action: 'merge' },
  params: idParam,
  body: z.strictObject({ customer_ids: z.array(z.number().int().positive()).min(1, NO_CUSTOMERS_TO_MERGE).default([]) }),
  describe: specMessageOr([NO_CUSTOMERS_TO_MERGE]),
  answer: answers.mergeCustomersAnswer,
});

export const hubspotLink = endpoint<{ link: string }>()({
  method: 'GET',
  path: '/customer/hubspot/{id}',
  summary: "The customer's contact page in HubSpot (409 without an integration, 404 when HubSpot does not know them)",
  permission: { resource: 'customer_profile', action: 'show' },
  params: idParam,
  answer: answers.hubspotLinkAnswer,
});

/** POST /customer/hubspot's answer: `data` is the list's id, as the spec has it. */
export type HubspotListAnswer = z.output<typeof answers.hubspotListAnswer>;

export const HUBSPOT_LIST_MESSAGES = {
  none: 'Please select at least one league, team or class',
  facilities: 'Please select leagues, teams and classes of one facility',
  nobody: 'The selected leagues, teams and classes have nobody with an e-mail address to add',
} as const;

const ids = z.array(recordId()).max(500, 'at most 500').default([]);

export const hubspotList = endpoint<HubspotListAnswer>()({
  method: 'POST',
  path: '/customer/hubspot',
  summary: "Creates (or adds to) a static HubSpot contact list of the players, captains and parents of leagues, teams and classes of one facility; answers the list's id",
  permission: { resource: 'customer_profile', action: 'export' },
  body: z.strictObject({ league_ids: ids, team_ids: ids, class_ids: ids })
    .refine((b) => b.league_ids.length + b.team_ids.length + b.class_ids.length > 0, HUBSPOT_LIST_MESSAGES.none),
  describe: (error) => error.issues[0]?.message === HUBSPOT_LIST_MESSAGES.none ? HUBSPOT_LIST_MESSAGES.none : error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
  answer: answers.hubspotListAnswer,
});

// ——— The profile's tabs ———

export const customerContracts = endpoint<ContractSummary[]>()({
  method: 'GET',
  path: '/contract/cust/{id}',
  summary: "The customer's contracts, newest first",
  permission: { resource: 'customer_profile', action: 'show' },
  params: idParam,
  answer: answers.contractSummary.array(),
});

export const customerClasses = endpoint<ClassPlace[]>()({
  method: 'GET',
  path: '/class/customer/{id}',
  summary: "The classes the customer attends, latest first",
  permission: { resource: 'customer_profile', action: 'show' },
  params: idParam,
  answer: answers.classPlace.array(),
});

export const customerTrials = endpoint<TrialPlace[]>()({
  method: 'GET',
  path: '/class/trial/customer/{id}',
  summary: "The customer's free trials, latest first",
  permission: { resource: 'customer_profile', action: 'show' },
  params: idParam,
  answer: answers.trialPlace.array(),
});

export const customerEplayer = endpoint<Eplayer | null>()({
  method: 'GET',
  path: '/eplayer/cust/{id}',
  summary: "The customer's e-sports player, if any",
  permission: { resource: 'customer_profile', action: 'show' },
  params: idParam,
  answer: answers.eplayer.nullable(),
});

// ——— Suspensions and free trials ———

const seconds = z.number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a date (unix seconds)') }).int().nonnegative();

/** The Suspend player dialog's words (spec 1 §5), under its Until. */
export const SUSPENSION_UNTIL_BEFORE_FROM = 'Until must be after From';

export const suspendCustomer = endpoint<Suspension>()({
  method: 'POST',
  path: '/customer/suspension',
  summary: 'Suspends a customer from one date to another',
  permission: { resource: 'suspensions', action: 'create' },
  status: 201,
  body: z.strictObject({
    customer_id: z.number().int().positive(),
    from: seconds,
    until: seconds,
    foul: z.string().trim().min(1, 'Required').max(200),
    notes: z.string().trim().max(2000).default(''),
  }).refine((period) => period.until >= period.from, { path: ['until'], message: SUSPENSION_UNTIL_BEFORE_FROM }),
  answer: answers.suspension,
});

export const liftSuspension = endpoint<Suspension>()({
  method: 'DELETE',
  path: '/suspension/{id}',
  summary: 'Lifts a suspension',
  permission: { resource: 'suspensions', action: 'delete' },
  params: idParam,
  answer: answers.suspension,
});

export const upcomingTrials = endpoint<TrialSession[]>()({
  method: 'GET',
  path: '/class/trial/upcoming',
  summary: "Upcoming events of the classes that accept free trials, soonest first; with customer_id, those of the customer's facility that fit them",
  permission: { resource: 'trials', action: 'list' },
  query: z.strictObject({ customer_id: recordId().optional() }),
  answer: answers.trialSession.array(),
});

export const addTrial = endpoint<Omit<TrialPlace, 'class' | 'event'>>()({
  method: 'POST',
  path: '/class/trial',
  summary: 'Books a customer on an upcoming event of a class that accepts free trials (a child needs a parent on record)',
  permission: { resource: 'trials', action: 'create' },
  status: 201,
  body: z.strictObject({
    class_id: z.number().int().positive(),
    event_id: z.number().int().positive(),
    customer_id: z.number().int().positive(),
    parent_id: z.number().int().positive().optional(),
  }),
  answer: answers.addTrialAnswer,
});

/** The customer entity (/customer: a search whose words are the path's last segment; /customer/{id}: the profile). */
export const customerEntity = entity({
  resource: 'customer', label: 'Customer', facilityFilter: 'facility_id', listStyle: 'search-in-path',
  list: searchCustomers, one: customerProfile, create: createCustomer, update: updateCustomer,
});
