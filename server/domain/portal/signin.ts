import { and, eq, isNull, sql } from 'drizzle-orm';
import { PORTAL_MESSAGES } from '../../../core/api/portal';
import { assertAttemptAllowed, forgetStaleAttempts, recordFailure, recordSuccess } from '../../auth/loginLimit';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/password';
import { exchangePortalLink, issuePortalLink, openPortalSessionFor, PORTAL_LINK_SECONDS, type PortalUser } from '../../auth/portalSession';
import type { SessionPolicy } from '../../auth/session';
import type { Db } from '../../db/client';
import { customers, facilities, portalPasswords } from '../../db/schema';
import { unauthorized } from '../../http/errors';
import type { Mailer, MailMessage } from '../../services/mail/mailer';

// Signing in to the portal (issue 43 §2): a link asked by e-mail address, mailed to each adult customer
// with that address (one per facility's record), and exchanged once for a portal session; or, once the
// holder set one from the portal, their password. Every request for a link, and every wrong password,
// counts against the address and the client as a failed staff sign-in does (10 per address in 15
// minutes, then 429; a pause per client past 30), whether or not the address is a customer's, so the
// answer never tells.

/** Where the portal's sign-in page takes a link's token. */
const portalLoginLink = (publicUrl: string, token: string) => `${publicUrl}/my/login/${token}`;

/** The limits' key of an address asking for portal links (apart from the same address's staff sign-ins). */
const limitKey = (email: string) => `portal:${email}`;

function linkMail(to: string, firstName: string, facility: string, link: string): MailMessage {
  const lines = [`Hello ${firstName},`, '', `Sign in to your family's page at ${facility} here (the link works once, for ${PORTAL_LINK_SECONDS / 60} minutes):`, link, '',
    'If you did not ask for this, ignore this e-mail.'];
  return {
    to,
    subject: `Your sign-in link for ${facility}`,
    text: `${lines.join('\n')}\n`,
  };
}

/** POST /portal/login: mails a link to every adult customer with `email`; says the same whatever. */
export async function requestPortalLink(db: Db, mailer: Mailer, publicUrl: string, email: string, ip: string): Promise<{ message: string }> {
  await assertAttemptAllowed(db, limitKey(email));
  await recordFailure(db, limitKey(email), ip);
  const holders = await db.select({ ID: customers.ID, email: customers.email, first_name: customers.first_name, facility: facilities.name })
    .from(customers).innerJoin(facilities, eq(facilities.ID, customers.facility_id))
    .where(and(eq(sql`lower(${customers.email})`, email), eq(customers.is_kid, false), isNull(customers.deleted_at)))
    .orderBy(customers.ID)
    .limit(5);
  for (const holder of holders) {
    const token = await issuePortalLink(db, holder.ID);
    await mailer.send(linkMail(holder.email, holder.first_name, holder.facility, portalLoginLink(publicUrl, token)));
  }
  return { message: PORTAL_MESSAGES.linkSent };
}

/** POST /portal/session: the link's token for a session, or 401 (a failure counts against the client). */
export async function openPortalSession(db: Db, policy: SessionPolicy, token: string, ip: string) {
  const opened = await exchangePortalLink(db, token, policy);
  if (!opened) {
    await recordFailure(db, 'portal:link', ip);
    throw unauthorized(PORTAL_MESSAGES.linkInvalid);
  }
  return { token: opened.token, customer: await holderOf(db, opened.customer_id) };
}

async function holderOf(db: Db, customerId: number) {
  const [holder] = await db.select({ ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name }).from(customers).where(eq(customers.ID, customerId));
  return holder;
}

/** POST /portal/password: the holder's password, hashed as staff's are (set, or replaced). */
export async function setPortalPassword(db: Db, holder: PortalUser, password: string, scryptLogN: number): Promise<void> {
  const password_hash = await hashPassword(password, scryptLogN);
  await db.insert(portalPasswords).values({ customer_id: holder.customer_id, password_hash })
    .onConflictDoUpdate({ target: portalPasswords.customer_id, set: { password_hash, UpdatedAt: sql`excluded.updated_at` } });
}

/**
 * POST /portal/login/password: a session for the adult customer with this address whose portal password
 * this is (the first by ID when several records of the address set one), else 401. An address with no
 * password is checked against a decoy, so the answer takes as long as for a wrong password.
 */
export async function passwordSignIn(db: Db, config: SessionPolicy & { scryptLogN: number }, email: string, password: string, ip: string) {
  await assertAttemptAllowed(db, limitKey(email));
  const candidates = await db.select({ ID: customers.ID, password_hash: portalPasswords.password_hash })
    .from(customers).innerJoin(portalPasswords, eq(portalPasswords.customer_id, customers.ID))
    .where(and(eq(sql`lower(${customers.email})`, email), eq(customers.is_kid, false), isNull(customers.deleted_at)))
    .orderBy(customers.ID)
    .limit(5);
  let found: number | null = null;
  for (const candidate of candidates) {
    if (await verifyPassword(password, candidate.password_hash)) { found = candidate.ID; break; }
  }
  if (!candidates.length) await verifyPassword(password, await decoyHash(config.scryptLogN));
  if (found === null) {
    await recordFailure(db, limitKey(email), ip);
    throw unauthorized(PORTAL_MESSAGES.wrongCredentials);
  }
  await recordSuccess(db, limitKey(email), ip);
  await forgetStaleAttempts(db);
  return { token: await openPortalSessionFor(db, found, config), customer: await holderOf(db, found) };
}
