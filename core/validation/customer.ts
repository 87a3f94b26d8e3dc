// New customers (spec 1 §4, §5; spec 3 §5): the add-participant wizard's per-field rules and messages,
// the child's birth date and age, the child's '##' email, the parent rule for an existing child, and the
// body of POST /customer. The browser's wizard and the server's routes both use these, so both refuse
// the same input with the same words.
import { z } from 'zod';
import { CHILD_AGE, CUSTOMER_TYPE_ADULT } from '../constants';
import type { Customer } from '../customer';
import { ageInYears, CHILD_EMAIL_MARKER, readBirthdate } from './display';
import { jsonRecordId } from './ids';
import { CUSTOMER_PHONE_MESSAGE, normalizeUsPhone } from './phone';

export { CHILD_EMAIL_MARKER } from './display';

/** The spec's messages (1 §5, §8; 3 §5), word for word. */
export const CUSTOMER_MESSAGES = {
  required: 'Required',
  email: 'Valid Email Required',
  phone: CUSTOMER_PHONE_MESSAGE,
  childBirthdate: 'Valid Child Birthdate Required',
  birthdate: 'Valid Birthdate Required',
  noParent: 'The selected child appears to have no parent on our records',
  created: 'Customer created successfully!',
} as const;

/** Customer type of children created through the wizard (adults are CUSTOMER_TYPE_ADULT). */
export const CUSTOMER_TYPE_KID = 2;
export const CHILD_GENDERS = ['Boy', 'Girl'] as const;
export type ChildGender = (typeof CHILD_GENDERS)[number];

/** The marker between a parent's email and the child's ID in a child's email. */

// Emails ----------------------------------------------------------------------------------------

const emailFormat = z.email();

/** A valid address without '##' (a child marker cannot be typed in as anyone's email). */
export function isValidCustomerEmail(value: string): boolean {
  const email = value.trim();
  return !email.includes(CHILD_EMAIL_MARKER) && email.length <= 254 && emailFormat.safeParse(email).success;
}

export const INVALID_EMAIL = 'Invalid email';
export const PARENT_EMAIL_ONLY = 'Email cannot contain ## character (need to be a parent email)';

/** The spec's message for an adult's new email (spec 1 §5: Edit customer email), or null: the dialog's and PUT /customer/email's rule. */
export function customerEmailProblem(value: string): string | null {
  const email = value.trim();
  if (email.includes(CHILD_EMAIL_MARKER)) return PARENT_EMAIL_ONLY;
  return isValidCustomerEmail(email) ? null : INVALID_EMAIL;
}

/** A child's email: the parent's, '##', and the child's ID (spec 1 §4). */
export const childEmail = (parentEmail: string, childId: number) => `${parentEmail}${CHILD_EMAIL_MARKER}${childId}`;


/** The part of an email before the first '#': a child's parent's address, or an adult's own. */
export const emailBeforeMarker = (email: string) => email.split('#')[0].trim().toLowerCase();

/**
 * Spec 3 §5, for an existing child joining a team or class: the child's parent, i.e. the first family
 * member whose email is the part of the child's email before '#'; null when there is none (then the
 * caller shows CUSTOMER_MESSAGES.noParent).
 */
export function findChildParent<P extends { email: string }>(child: { email: string }, parents: readonly P[]): P | null {
  const wanted = emailBeforeMarker(child.email);
  if (!wanted) return null;
  return parents.find((parent) => parent.email.trim().toLowerCase() === wanted) ?? null;
}

// Birth dates -------------------------------------------------------------------------------------

/** M/D/YYYY or MM/DD/YYYY (the API's order, whatever the reader's) → unix seconds at UTC midnight, or null when it is not a real date. */
export function parseBirthdate(text: string): number | null {
  return readBirthdate(text, false);
}

/** A child's age is between 1 and 18 years inclusive (spec 1 §9). */
export function isChildAge(birth: number, today: number): boolean {
  const age = ageInYears(birth, today);
  return age >= CHILD_AGE.MIN && age <= CHILD_AGE.MAX;
}

/** The birth date a child may have, typed in the reader's order (readBirthdate): its unix seconds, or null. */
export function parseChildBirthdate(text: string, today: number): number | null {
  const birth = readBirthdate(text);
  return birth !== null && isChildAge(birth, today) ? birth : null;
}

// The wizard's forms ------------------------------------------------------------------------------

/** A new adult as typed in the wizard. */
export interface AdultForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

/** A new child as typed in the wizard; birthdate is the text in the reader's order (M/D/YYYY or D/M/YYYY). */
export interface ChildForm {
  first_name: string;
  last_name: string;
  birthdate: string;
  gender: string;
}

export type AdultField = keyof AdultForm;
export type ChildField = keyof ChildForm;
/** Where the wizard shows each error: a field of a form, or a selection. */
export type WizardErrorKey = `adult.${AdultField}` | `child.${ChildField}` | 'parent' | 'existing';
export type WizardErrors = Partial<Record<WizardErrorKey, string>>;

const blank = (value: string | undefined) => !value || !value.trim();

export function validateAdultForm(form: AdultForm): WizardErrors {
  const errors: WizardErrors = {};
  if (blank(form.first_name)) errors['adult.first_name'] = CUSTOMER_MESSAGES.required;
  if (blank(form.last_name)) errors['adult.last_name'] = CUSTOMER_MESSAGES.required;
  if (!isValidCustomerEmail(form.email ?? '')) errors['adult.email'] = CUSTOMER_MESSAGES.email;
  if (!normalizeUsPhone(form.phone ?? '')) errors['adult.phone'] = CUSTOMER_MESSAGES.phone;
  return errors;
}

export function validateChildForm(form: ChildForm, today: number): WizardErrors {
  const errors: WizardErrors = {};
  if (blank(form.first_name)) errors['child.first_name'] = CUSTOMER_MESSAGES.required;
  if (blank(form.last_name)) errors['child.last_name'] = CUSTOMER_MESSAGES.required;
  if (parseChildBirthdate(form.birthdate ?? '', today) === null) errors['child.birthdate'] = CUSTOMER_MESSAGES.childBirthdate;
  if (!CHILD_GENDERS.includes(form.gender as ChildGender)) errors['child.gender'] = CUSTOMER_MESSAGES.required;
  return errors;
}

/** A picked parent needs an ID and a (parent's) email. */
export function validateParentSelection(parent: Pick<Customer, 'ID' | 'email'> | null): WizardErrors {
  return parent?.ID && isValidCustomerEmail(parent.email ?? '') ? {} : { parent: CUSTOMER_MESSAGES.required };
}

/** A customer picked by search needs an ID. */
export function validateExistingSelection(picked: Pick<Customer, 'ID'> | null): WizardErrors {
  return picked?.ID ? {} : { existing: CUSTOMER_MESSAGES.required };
}

// POST /customer ---------------------------------------------------------------------------------

const requiredText = z.string({ error: CUSTOMER_MESSAGES.required }).trim().min(1, CUSTOMER_MESSAGES.required).max(100, 'at most 100 characters');
const recordId = jsonRecordId();
const email = z.string({ error: CUSTOMER_MESSAGES.email }).trim().toLowerCase().max(254, CUSTOMER_MESSAGES.email);
/** Blank stays blank; anything else must be a US phone, stored as +1XXXXXXXXXX. */
const phone = z.string({ error: CUSTOMER_MESSAGES.phone }).trim().transform((value, ctx) => {
  if (value === '') return '';
  const normalized = normalizeUsPhone(value);
  if (normalized) return normalized;
  ctx.addIssue({ code: 'custom', message: CUSTOMER_MESSAGES.phone });
  return z.NEVER;
});
/** Unix seconds at UTC midnight, or the M/D/YYYY text. */
const birthdate = z.union([z.number().int(), z.string().transform((text, ctx) => {
  const seconds = parseBirthdate(text);
  if (seconds !== null) return seconds;
  ctx.addIssue({ code: 'custom', message: CUSTOMER_MESSAGES.childBirthdate });
  return z.NEVER;
})], { error: CUSTOMER_MESSAGES.childBirthdate });

/**
 * POST /customer. Adults need a valid email without '##' and a US phone; children need a birth date
 * that makes them 1 to 18 and a gender (Boy or Girl); their email comes from the family link.
 * `today` (unix seconds, read at each parse) fixes the age check.
 */
export const customerCreateSchema = (today: () => number = () => Math.floor(Date.now() / 1000)) => z.strictObject({
  first_name: requiredText,
  last_name: requiredText,
  email: email.default(''),
  phone: phone.default(''),
  facility_id: recordId.optional(),
  customer_type_id: recordId.optional(),
  is_kid: z.boolean().default(false),
  parent_email: email.default(''),
  birthdate: birthdate.nullable().optional(),
  gender: z.enum(CHILD_GENDERS, { error: CUSTOMER_MESSAGES.required }).optional(),
}).superRefine((input, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (input.is_kid) {
    if (input.birthdate == null || !isChildAge(input.birthdate, today())) issue('birthdate', CUSTOMER_MESSAGES.childBirthdate);
    if (!input.gender) issue('gender', CUSTOMER_MESSAGES.required);
    if (input.parent_email && !isValidCustomerEmail(input.parent_email)) issue('parent_email', CUSTOMER_MESSAGES.email);
    // The '##' form is made by the family link alone (POST /family), never typed in.
    if (input.email && !isValidCustomerEmail(input.email)) issue('email', CUSTOMER_MESSAGES.email);
  } else {
    if (!isValidCustomerEmail(input.email)) issue('email', CUSTOMER_MESSAGES.email);
    if (!input.phone) issue('phone', CUSTOMER_MESSAGES.phone);
  }
}).transform((input) => ({
  ...input,
  birthdate: input.birthdate ?? null,
  gender: input.gender ?? '',
  customer_type_id: input.customer_type_id ?? (input.is_kid ? CUSTOMER_TYPE_KID : CUSTOMER_TYPE_ADULT),
}));
export type CustomerCreateInput = z.input<ReturnType<typeof customerCreateSchema>>;
export type CustomerCreate = z.output<ReturnType<typeof customerCreateSchema>>;

/** POST /family. */
export const familyLinkSchema = z.strictObject({
  parent_id: recordId,
  child_id: recordId,
  relation: z.string().trim().max(50).default(''),
});
export type FamilyLinkInput = z.input<typeof familyLinkSchema>;

// PUT /customer/{id} ------------------------------------------------------------------------------

/** Children carry the '##' marker in their email (spec 1 §2), or the is_kid flag. */
export const isKidCustomer = (customer: Pick<Customer, 'is_kid' | 'email'>) => customer.is_kid || customer.email.includes(CHILD_EMAIL_MARKER);

/** The fields of a profile edit these rules look at, as stored (phone normalized, birthdate in seconds). */
export type CustomerEdit = Partial<Pick<Customer, 'phone' | 'birthdate' | 'gender' | 'parent_email'>>;

const EARLIEST_BIRTHDATE = Date.UTC(1900, 0, 1) / 1000;

/**
 * The rules of POST /customer for a profile edit, as [field, message] pairs, judged against the stored
 * customer (a child stays a child) and only for the fields the edit changes: a child who has since
 * turned 19, or an adult on record without a phone, can still have the rest of their details saved.
 */
export function customerEditIssues(stored: Pick<Customer, keyof CustomerEdit | 'is_kid' | 'email'>, edit: CustomerEdit, today: number): Array<[keyof CustomerEdit, string]> {
  const changed = <K extends keyof CustomerEdit>(key: K) => edit[key] !== undefined && edit[key] !== stored[key];
  const kid = isKidCustomer(stored);
  const issues: Array<[keyof CustomerEdit, string]> = [];
  if (changed('birthdate')) {
    const birth = edit.birthdate ?? null;
    if (kid && (birth === null || !isChildAge(birth, today))) issues.push(['birthdate', CUSTOMER_MESSAGES.childBirthdate]);
    if (!kid && birth !== null && (birth > today || birth < EARLIEST_BIRTHDATE)) issues.push(['birthdate', CUSTOMER_MESSAGES.birthdate]);
  }
  if (kid && changed('gender') && !CHILD_GENDERS.includes(edit.gender as ChildGender)) issues.push(['gender', CUSTOMER_MESSAGES.required]);
  if (!kid && changed('phone') && !edit.phone) issues.push(['phone', CUSTOMER_MESSAGES.phone]);
  if (changed('parent_email') && edit.parent_email && !isValidCustomerEmail(edit.parent_email)) issues.push(['parent_email', CUSTOMER_MESSAGES.email]);
  return issues;
}
