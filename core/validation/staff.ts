// Sign-in, signup / password reset, forgot and staff forms: the zod schemas and messages that the
// browser's forms and the server's routes both use, so both refuse the same input with the same words.
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, ROLES, type Role } from '../constants';
import { jsonRecordId } from './ids';
import { normalizeUsPhone, STAFF_PHONE_MESSAGE } from './phone';
import { describeIssues } from './wire';

export { MIN_PASSWORD_LENGTH };

/** The spec's messages (1 §5, §8), word for word, and the few it leaves to us. */
export const STAFF_MESSAGES = {
  wrongCredentials: 'Wrong email/password combination',
  fillAllFields: 'Please fill out all the fields',
  passwordsDoNotMatch: 'Passwords do not match',
  phoneFormat: STAFF_PHONE_MESSAGE,
  signupFailed: 'Error signing up',
  wrongSignupLink: 'Wrong signup link',
  fillEmail: 'Please fill out your email',
  resetSent: 'Please check your email for a link to reset your password',
  onlyAdminsCreate: 'Only admins can create staff members',
  selectUserType: 'Please select a valid user type',
  invalidEmail: 'Invalid email',
  // Not quoted by the spec.
  passwordTooShort: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  selectFacility: 'Please select a facility',
} as const;

const messages: ReadonlySet<string> = new Set(Object.values(STAFF_MESSAGES));
/** Whether a validation message is one of the above (answered as it is, without the field's name). */
export const isStaffMessage = (message: string) => messages.has(message);

/**
 * How a failed staff form is said (the declarations' `describe`): when a field fails with one of the
 * spec's messages ('Please fill out all the fields', the phone format …), that message alone, word for
 * word, as the browser shows it; other failures name each bad field.
 */
export const describeStaffIssues = (error: z.ZodError): string =>
  error.issues.find((issue) => isStaffMessage(issue.message))?.message ?? describeIssues(error);

/**
 * The login radio has Admin, Manager, MOD and Referee. It picks a group, not an exact role: office
 * roles sign in with any office choice, and a coach signs in with Referee. The answer carries the
 * account's real type.
 */
const SIGN_IN_GROUPS: ReadonlyArray<readonly Role[]> = [['admin', 'manager', 'mod'], ['coach', 'referee']];
export function sameSignInGroup(chosen: Role, actual: Role): boolean {
  return SIGN_IN_GROUPS.some((group) => group.includes(chosen) && group.includes(actual));
}

// Fields ----------------------------------------------------------------------------------------

const fill = STAFF_MESSAGES.fillAllFields;
const emailFormat = z.email({ error: STAFF_MESSAGES.invalidEmail }).max(254, STAFF_MESSAGES.invalidEmail);

/** An email, trimmed and lower-cased; `empty` is the message when it is missing or blank. */
const email = (empty: string) => z.string({ error: empty }).trim().toLowerCase().min(1, empty).pipe(emailFormat);

export const userType = z.enum(ROLES, { error: STAFF_MESSAGES.selectUserType });

/** A name on a form where every field is required. */
const requiredName = z.string({ error: fill }).trim().min(1, fill).max(100, 'Names are at most 100 characters');
/** A name an admin may leave for the staff member to fill in at signup. */
const optionalName = z.string().trim().max(100, 'Names are at most 100 characters');

/** Parses a phone by the staff rule into +1XXXXXXXXXX. */
const toStaffPhone = (value: string, ctx: z.RefinementCtx) => {
  const phone = normalizeUsPhone(value);
  if (phone) return phone;
  ctx.addIssue({ code: 'custom', message: STAFF_PHONE_MESSAGE });
  return z.NEVER;
};
const requiredPhone = z.string({ error: fill }).trim().min(1, fill).transform(toStaffPhone);
/** Blank stays blank; anything else must be a phone by the staff rule. */
const optionalPhone = z.string({ error: STAFF_PHONE_MESSAGE }).trim().transform((v, ctx) => (v === '' ? '' : toStaffPhone(v, ctx)));

/** A new password: the one strength rule (staff's signup and reset, and the portal's optional password). */
export const newPassword = z.string({ error: fill }).min(1, fill).min(MIN_PASSWORD_LENGTH, STAFF_MESSAGES.passwordTooShort).max(256, 'The password is at most 256 characters long');
const password = newPassword;
const recordId = jsonRecordId();

// Sign in ---------------------------------------------------------------------------------------

/** POST /user/login. */
export const loginSchema = z.strictObject({
  email: email(fill),
  password: z.string({ error: fill }).min(1, fill).max(256, STAFF_MESSAGES.wrongCredentials),
  user_type: userType,
});
export type LoginInput = z.infer<typeof loginSchema>;

// Signup and password reset ----------------------------------------------------------------------

const signupFields = { first_name: requiredName, last_name: requiredName, phone: requiredPhone, password };

/** POST /user/confirm: the link's id and token, and what the person typed. */
export const confirmSchema = z.strictObject({
  id: recordId,
  token: z.string({ error: STAFF_MESSAGES.wrongSignupLink }).min(1, STAFF_MESSAGES.wrongSignupLink).max(200, STAFF_MESSAGES.wrongSignupLink),
  ...signupFields,
});
export type ConfirmInput = z.infer<typeof confirmSchema>;

/** The signup / 'Password recover' page: the confirm fields plus the password typed twice. */
export const signupFormSchema = z
  .object({ ...signupFields, confirm_password: z.string({ error: fill }).min(1, fill) })
  .refine((form) => form.password === form.confirm_password, { message: STAFF_MESSAGES.passwordsDoNotMatch, path: ['confirm_password'] });
export type SignupFormInput = z.input<typeof signupFormSchema>;

/** The forgot page, and the email of POST /user/reset?email=. */
export const forgotSchema = z.strictObject({ email: email(STAFF_MESSAGES.fillEmail) });

// Staff accounts --------------------------------------------------------------------------------

/** POST /user/presignup: a staff member without a password yet; they finish from the mailed link. */
export const staffCreateSchema = z.strictObject({
  email: email(STAFF_MESSAGES.invalidEmail),
  user_type: userType,
  first_name: optionalName.default(''),
  last_name: optionalName.default(''),
  phone: optionalPhone.default(''),
  /** Required from admins; other roles always create in their own facility. */
  facility_id: recordId.optional(),
});
export type StaffCreateInput = z.input<typeof staffCreateSchema>;

/** An optional text an edit form empties: null (react-admin's emptied input) reads as blank. */
const cleared = <T extends z.ZodType<string, string>>(text: T) => z.preprocess((v) => (v === null ? '' : v), text);

/** PUT /user: the id and the fields that change (a blank phone or name, as on create). */
export const staffUpdateSchema = z.strictObject({
  id: recordId,
  email: email(STAFF_MESSAGES.invalidEmail).optional(),
  user_type: userType.optional(),
  first_name: cleared(optionalName).optional(),
  last_name: cleared(optionalName).optional(),
  phone: cleared(optionalPhone).optional(),
  facility_id: recordId.optional(),
});
export type StaffUpdateInput = z.input<typeof staffUpdateSchema>;
