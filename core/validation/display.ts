import { isDayFirst } from '../dateOrder';

// How a customer is shown: birth dates (unix seconds at UTC midnight) and a child's '##' email. Kept
// apart from ./customer (zod) so that a page that only lists customers does not load the schemas.

/** A child's email is the parent's, '##', and the child's ID (spec 1 §4). */
export const CHILD_EMAIL_MARKER = '##';

/**
 * How an email is shown: a child's 'parent@x.com##42' is the parent's address, flagged as a child's
 * (the '##ID' is bookkeeping nobody should have to read); anyone else's is as it is.
 */
export function displayEmail(email: string): { address: string; child: boolean } {
  const at = email.indexOf(CHILD_EMAIL_MARKER);
  return at < 0 ? { address: email, child: false } : { address: email.slice(0, at), child: true };
}

/** Unix seconds at UTC midnight → M/D/YYYY, as the birth date field takes it (showBirthdate is how a page shows one). */
export function formatBirthdate(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

/** Unix seconds at UTC midnight → a birth date in the reader's order: M/D/YYYY, or DD/MM/YYYY day first (issue 41 m32). */
export function showBirthdate(seconds: number): string {
  if (!isDayFirst()) return formatBirthdate(seconds);
  const date = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/**
 * A birth date typed in the reader's order (M/D/YYYY, or D/M/YYYY day first; one or two digits each):
 * unix seconds at UTC midnight, or null when it is not a real date.
 */
export function readBirthdate(text: string, dayFirst = isDayFirst()): number | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [first, second, year] = match.slice(1).map(Number);
  const [month, day] = dayFirst ? [second, first] : [first, second];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.getTime() / 1000;
}

/** Whole years from a birth date to `today` (both unix seconds, compared as UTC calendar dates). */
export function ageInYears(birth: number, today: number): number {
  const b = new Date(birth * 1000);
  const t = new Date(today * 1000);
  const beforeBirthday = t.getUTCMonth() < b.getUTCMonth() || (t.getUTCMonth() === b.getUTCMonth() && t.getUTCDate() < b.getUTCDate());
  return t.getUTCFullYear() - b.getUTCFullYear() - (beforeBirthday ? 1 : 0);
}
