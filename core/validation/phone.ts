// Phone numbers (spec 1 §5): parsed as US numbers. Separators people type (spaces, dashes, dots,
// parentheses, a leading +) are dropped; what remains must be digits only, either 10 digits (the +1
// prefix is added) or 11 starting with 1. Stored and sent as E.164: +12125550100.

export const STAFF_PHONE_MESSAGE = 'The phone number must have format: 111-222-3333';
export const CUSTOMER_PHONE_MESSAGE = 'Valid Phone Number Required (ex: 111 222 3333)';

const SEPARATORS = /[\s\-.()]/g;

/** The number as +1XXXXXXXXXX, or null when it is not a US number by the rule above. */
export function normalizeUsPhone(input: string): string | null {
  const digits = input.trim().replace(SEPARATORS, '').replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}


/**
 * A phone as people read it: a US number (+17185557880, 718-555-7880 …) as (718) 555-7880; anything
 * else as it was typed. Inputs stay free-form; only display goes through this.
 */
export function formatUsPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const e164 = normalizeUsPhone(phone);
  if (!e164) return phone;
  const digits = e164.slice(2);
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
