import { createHmac, timingSafeEqual } from 'node:crypto';

// The unsubscribe link of a broadcast mail: the address and an HMAC-SHA256 of it under LINK_SECRET, so
// it works without sign-in and cannot be made for another address.

const mac = (secret: string, email: string) => createHmac('sha256', secret).update(`unsubscribe:${email}`).digest().subarray(0, 16);

export function unsubscribeToken(secret: string, email: string): string {
  const address = email.trim().toLowerCase();
  return `${Buffer.from(address).toString('base64url')}.${mac(secret, address).toString('base64url')}`;
}

/** The address a token was made for, or null when it is not one of ours. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [address64, signature64, ...rest] = token.split('.');
  if (!address64 || !signature64 || rest.length > 0) return null;
  const email = Buffer.from(address64, 'base64url').toString('utf8');
  const given = Buffer.from(signature64, 'base64url');
  const expected = mac(secret, email);
  return given.length === expected.length && timingSafeEqual(given, expected) && email === email.trim().toLowerCase() ? email : null;
}
