import { z } from 'zod';
import { isChildAge, CHILD_GENDERS, CUSTOMER_MESSAGES } from '../validation/customer';
import { normalizeUsPhone, CUSTOMER_PHONE_MESSAGE } from '../validation/phone';
import { newPassword, STAFF_MESSAGES } from '../validation/staff';
import { dollars, idParam } from '../validation/wire';
import { IDEMPOTENCY_KEY_PATTERN, endpoint } from './endpoint';
import * as answers from './answers/portal';
import * as squareAnswers from './answers/square';

// The families' portal (/my, issue 43): a parent or adult player signs in from a mailed single-use link
// (or with the password they chose), sees the family (the customer's family links, the records staff see), adds a child and
// edits their contact details, reads the family's schedule (also as an iCalendar feed at a secret URL),
// its invoices, and pays them by card. Every call but the sign-in and the feed needs a portal session
// (permission 'portal': a staff token opens none of them), and answers 404 for anything not the family's.

export type PortalMember = z.output<typeof answers.portalMember>;
export type PortalMe = z.output<typeof answers.portalMe>;
export type PortalScheduleItem = z.output<typeof answers.portalScheduleItem>;
export type PortalInvoice = z.output<typeof answers.portalInvoice>;
export type PortalInvoiceRow = z.output<typeof answers.portalInvoiceRow>;
export type PortalPayment = z.output<typeof answers.portalPayment>;

export const PORTAL_MESSAGES = {
  linkSent: 'If this address is one of our customers\', a sign-in link is on its way: it works once, for 15 minutes',
  linkInvalid: 'This sign-in link has expired or was already used: ask for a new one',
  duplicateChild: 'This child is already in your family',
  overBalance: 'The amount is more than the invoice\'s balance',
  notPositive: 'Amount must be strictly positive',
  notCharged: 'The card was not charged; please try again',
  keyReused: 'This idempotency key was used for another payment: send a new key for a new payment',
  inProgress: 'This payment is still being processed: try again in a moment',
  /** Square's answer to a charge never came (no answer, a 5xx): the charge may exist; the claim stays for the recovery job (503). */
  unconfirmed: 'We could not confirm the card payment: Square did not answer in time. If the card was charged, the payment is recorded within 15 minutes; if it was not, the attempt is cancelled then and you can try again',
  range: 'from must be before to, at most 92 days apart',
  wrongCredentials: STAFF_MESSAGES.wrongCredentials,
} as const;

/** A sign-in link's or session's token: 256 bits, base64url. */
const token = z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{43}$/, 'is not a sign-in link');

export const portalLogin = endpoint()({
  method: 'POST',
  path: '/portal/login',
  summary: 'Mails a single-use sign-in link (/my/login/{token}, 15 minutes) to the customer with this address; always 202, whether or not there is one (429 after too many)',
  permission: 'public',
  status: 202,
  body: z.strictObject({ email: z.email('must be an email address').trim().max(254).toLowerCase() }),
  answer: answers.portalLoginAnswer,
});

export const portalSession = endpoint()({
  method: 'POST',
  path: '/portal/session',
  summary: 'Exchanges a mailed sign-in link\'s token for a portal session token (401 once used or expired)',
  permission: 'public',
  body: z.strictObject({ token }),
  answer: answers.portalSessionAnswer,
});

export const portalPasswordLogin = endpoint()({
  method: 'POST',
  path: '/portal/login/password',
  summary: 'Signs in with the e-mail address and the password set in the portal: a portal session token (401 when wrong; 429 after too many, as the staff sign-in)',
  permission: 'public',
  body: z.strictObject({
    email: z.email('must be an email address').trim().max(254).toLowerCase(),
    password: z.string({ error: 'is required' }).min(1, 'is required').max(256, PORTAL_MESSAGES.wrongCredentials),
  }),
  answer: answers.portalSessionAnswer,
});

export const portalSetPassword = endpoint<void>()({
  method: 'POST',
  path: '/portal/password',
  summary: 'Sets (or changes) the account holder\'s portal password, by the staff\'s strength rule (204); the mailed link keeps working',
  permission: 'portal',
  body: z.strictObject({ password: newPassword }),
  answer: answers.portalPasswordAnswer,
});

export const portalLogout = endpoint<void>()({
  method: 'POST',
  path: '/portal/logout',
  summary: 'Ends the portal session of the bearer token (204)',
  permission: 'portal',
  answer: answers.portalLogoutAnswer,
});

// ——— The family ———

export const portalMe = endpoint()({
  method: 'GET',
  path: '/portal/me',
  summary: 'The account holder, their children (the family links), memberships and signed waivers',
  permission: 'portal',
  answer: answers.portalMe,
});

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);
const phone = z.string().transform((value, ctx) => {
  const normalized = normalizeUsPhone(value);
  if (normalized) return normalized;
  ctx.addIssue({ code: 'custom', message: CUSTOMER_PHONE_MESSAGE });
  return z.NEVER;
});

export const portalContact = endpoint()({
  method: 'PUT',
  path: '/portal/me',
  summary: 'Edits the account holder\'s contact details (only the fields sent); answers the family as GET /portal/me',
  permission: 'portal',
  body: z.strictObject({ phone: phone.optional(), address: text(200).optional(), state: text(100).optional(), country: text(100).optional() }),
  answer: answers.portalMe,
});

/** YYYY-MM-DD → midnight UTC in unix seconds; making the child 1 to 18 today. */
const birthDate = z.string({ error: CUSTOMER_MESSAGES.childBirthdate }).transform((value, ctx) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  const date = new Date(ms);
  const seconds = Math.floor(ms / 1000);
  if (!match || date.getUTCDate() !== Number(match[3]) || date.getUTCMonth() !== Number(match[2]) - 1 || !isChildAge(seconds, Math.floor(Date.now() / 1000))) {
    ctx.addIssue({ code: 'custom', message: CUSTOMER_MESSAGES.childBirthdate });
    return z.NEVER;
  }
  return seconds;
});

export const portalAddChild = endpoint()({
  method: 'POST',
  path: '/portal/children',
  summary: 'Adds a child (1 to 18) to the family; 409 when the family already has a child of that name and birth date',
  permission: 'portal',
  status: 201,
  body: z.strictObject({
    first_name: text(100).min(1, CUSTOMER_MESSAGES.required),
    last_name: text(100).min(1, CUSTOMER_MESSAGES.required),
    birth_date: birthDate,
    gender: z.enum(CHILD_GENDERS, { error: CUSTOMER_MESSAGES.required }),
  }),
  answer: answers.portalMember,
});

export const portalConsent = endpoint()({
  method: 'PUT',
  path: '/portal/consent',
  summary: 'Gives (true) or withdraws (false) the holder\'s consent that the children\'s data may go to HubSpot and broadcasts, recorded with its time; answers the family as GET /portal/me',
  permission: 'portal',
  body: z.strictObject({ given: z.boolean({ error: 'must be true or false' }) }),
  answer: answers.portalMe,
});

// ——— The schedule ———

const unixSeconds = z.unknown().transform((value, ctx) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]{1,11}$/.test(value) ? Number(value) : NaN;
  if (Number.isInteger(n) && n >= 0) return n;
  ctx.addIssue({ code: 'custom', message: 'must be a time (unix seconds)' });
  return z.NEVER;
});

export const portalSchedule = endpoint()({
  method: 'GET',
  path: '/portal/schedule',
  summary: 'The family members\' bookings, matches, class sessions, camp days and pickup slots between from and to (unix seconds, at most 92 days), with field, facility (zone) and address',
  permission: 'portal',
  query: z.strictObject({ from: unixSeconds, to: unixSeconds }).refine((q) => q.from < q.to && q.to - q.from <= 92 * 86400, { message: PORTAL_MESSAGES.range, path: ['to'] }),
  answer: answers.portalScheduleItem.array(),
});

export const portalCalendar = endpoint()({
  method: 'GET',
  path: '/portal/calendar',
  summary: 'The URL of the family\'s iCalendar feed (made at the first call)',
  permission: 'portal',
  answer: answers.portalCalendarLink,
});

export const portalRotateCalendar = endpoint()({
  method: 'POST',
  path: '/portal/calendar/rotate',
  summary: 'Replaces the feed\'s secret URL: the old one answers 404 from now on',
  permission: 'portal',
  answer: answers.portalCalendarLink,
});

export const portalCalendarFeed = endpoint<string>()({
  method: 'GET',
  path: '/portal/calendar/{secret}/family.ics',
  summary: 'The family\'s schedule as an iCalendar feed (text/calendar) a phone calendar subscribes to; 404 once rotated',
  permission: 'public',
  params: z.strictObject({ secret: z.string().regex(/^[0-9]{1,10}-[A-Za-z0-9_-]{43}$/, 'is not a calendar link') }),
  answer: answers.portalCalendarFeed,
});

// ——— Money ———

export const portalInvoices = endpoint()({
  method: 'GET',
  path: '/portal/invoices',
  summary: 'The family\'s invoices, newest first, with totals and balance',
  permission: 'portal',
  answer: answers.portalInvoiceRow.array(),
});

export const portalInvoice = endpoint()({
  method: 'GET',
  path: '/portal/invoices/{id}',
  summary: 'One of the family\'s invoices as the public invoice page shows it, with its refunds and balance',
  permission: 'portal',
  params: idParam,
  answer: answers.portalInvoice,
});

export const portalCardConfig = endpoint()({
  method: 'GET',
  path: '/portal/card',
  summary: 'The card form\'s configuration: Square\'s mode, application and location (the Web Payments SDK in sandbox and production, the simulator\'s test card otherwise)',
  permission: 'portal',
  answer: squareAnswers.squareConfig,
});

export const portalPay = endpoint()({
  method: 'POST',
  path: '/portal/invoices/{id}/pay',
  summary: 'Pays the invoice by card (a card form token) through Square, never above the balance; a retry with the key answers the first result; a receipt is mailed; when Square does not answer, 503: the charge is recorded or dropped within 15 minutes',
  permission: 'portal',
  params: idParam,
  body: z.strictObject({
    idempotency_key: z.string({ error: 'is required' }).regex(IDEMPOTENCY_KEY_PATTERN, 'must be 8 to 200 visible characters'),
    source_id: z.string({ error: 'is required' }).trim().min(1, 'is required').max(500),
    amount: dollars,
  }),
  answer: answers.portalPayment,
});
