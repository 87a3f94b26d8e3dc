import { and, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BROADCAST_MESSAGES, invalidAddresses, isEmailAddress, type BroadcastRecipients, type SendTo } from '../../../core/api/broadcasts';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { attendees, childDataConsents, classes, customers, families, leagues, players, teams, teamSignups, users } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { containing } from '../../http/listQuery';

// Who a broadcast reaches (spec 3 §2.12, §5 "Broadcast"; issue 29 item 1): a league's players or
// captains (a season's: of its divisions too), a team's players or its captain, the parents of a
// class's participants (a season's: of its divisions whose name holds every word of the filter). A
// child is reached at its parent's address, and only once a parent has consented in the portal (issue 43
// §7: a child's data never leaves for a broadcast or HubSpot, which reads the same addresses, without
// it). Deleted customers, addresses that are no e-mail address and the addresses of customers who
// unsubscribed are left out; the rest de-duplicated, in lower case.

export type Source = { league_id?: number; team_id?: number; class_id?: number };

const parent = alias(customers, 'parent');

/** A customer's address for mail: a child's parent_email, an adult's own. */
const mailOf = (c: typeof customers) => sql<string>`lower(trim(case when ${c.is_kid} then ${c.parent_email} else ${c.email} end))`;

/**
 * Whether the customer's data may leave: an adult's always, a child's once one of its parents (a family
 * link, or `registeredBy`: the parent a class participant came with) has consented.
 */
function consented(c: typeof customers, registeredBy?: typeof attendees.parent_id) {
  const byFamily = sql`exists (select 1 from ${families} join ${childDataConsents} on ${childDataConsents.customer_id} = ${families.parent_id} where ${families.child_id} = ${c.ID})`;
  const byRegistration = registeredBy ? sql` or exists (select 1 from ${childDataConsents} where ${childDataConsents.customer_id} = ${registeredBy})` : sql``;
  return sql`(not ${c.is_kid} or ${byFamily}${byRegistration})`;
}

/** The facility of the league, team or class, or 404 (for a non-admin, also when it is another facility's). */
export async function sourceFacility(db: Db, user: SessionUser, source: Source): Promise<number> {
  const [row, what] = source.league_id !== undefined
    ? [(await db.select({ facility_id: leagues.facility_id }).from(leagues).where(eq(leagues.ID, source.league_id)))[0], 'League']
    : source.team_id !== undefined
      ? [(await db.select({ facility_id: teams.facility_id }).from(teams).where(eq(teams.ID, source.team_id)))[0], 'Team']
      : [(await db.select({ facility_id: classes.facility_id }).from(classes).where(eq(classes.ID, source.class_id!)))[0], 'Class'];
  if (!row || (user.role !== 'admin' && row.facility_id !== user.facility_id)) throw notFound(what);
  return row.facility_id;
}

/** The addresses (lower case, unchecked) a source's variant reaches. */
export async function candidateAddresses(db: Db, source: Source, sendTo: SendTo, filter: string): Promise<string[]> {
  if (source.class_id !== undefined) {
    const [cls] = await db.select({ is_container: classes.is_container }).from(classes).where(eq(classes.ID, source.class_id));
    const words = filter.split(/\s+/).filter(Boolean);
    const classIds = cls.is_container
      ? (await db.select({ ID: classes.ID }).from(classes).where(and(
        eq(classes.class_parent_id, source.class_id), ...words.map((w) => ilike(classes.name, containing(w))),
      ))).map((r) => r.ID)
      : [source.class_id];
    if (classIds.length === 0) return [];
    const rows = await db.select({ email: sql<string>`case when ${parent.ID} is not null then lower(trim(${parent.email})) else ${mailOf(customers)} end` })
      .from(attendees)
      .innerJoin(customers, eq(customers.ID, attendees.customer_id))
      .leftJoin(parent, and(eq(parent.ID, attendees.parent_id), isNull(parent.deleted_at)))
      .where(and(inArray(attendees.class_id, classIds), isNull(customers.deleted_at), consented(customers, attendees.parent_id)));
    return rows.map((r) => r.email);
  }
  // A league's teams (a season's: its divisions' too), or the one team.
  const teamIds = source.team_id !== undefined
    ? [source.team_id]
    : (await db.selectDistinct({ ID: teamSignups.team_id }).from(teamSignups).innerJoin(leagues, eq(leagues.ID, teamSignups.league_id))
      .where(or(eq(leagues.ID, source.league_id!), eq(leagues.parent_league_id, source.league_id!)))).map((r) => r.ID);
  if (teamIds.length === 0) return [];
  const rows = sendTo === 'captains'
    ? await db.select({ email: mailOf(customers) }).from(teams).innerJoin(customers, eq(customers.ID, teams.captain_id))
      .where(and(inArray(teams.ID, teamIds), isNotNull(teams.captain_id), isNull(customers.deleted_at), consented(customers)))
    : await db.select({ email: mailOf(customers) }).from(players).innerJoin(customers, eq(customers.ID, players.customer_id))
      .where(and(inArray(players.team_id, teamIds), isNull(customers.deleted_at), consented(customers)));
  return rows.map((r) => r.email);
}

/** The addresses among `emails` (lower case) whose customer unsubscribed from broadcasts. */
export async function unsubscribedAmong(db: Db, emails: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (emails.length === 0) return out;
  // The addresses travel as one JSON parameter, however many.
  const rows = await db.selectDistinct({ email: sql<string>`lower(${customers.email})` }).from(customers)
    .where(and(sql`lower(${customers.email}) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`, isNotNull(customers.unsubscribed_at)));
  for (const r of rows) out.add(r.email);
  return out;
}

export async function recipientsOf(db: Db, user: SessionUser, source: Source, sendTo: SendTo, filter: string): Promise<BroadcastRecipients> {
  const facility_id = await sourceFacility(db, user, source);
  const unique = [...new Set((await candidateAddresses(db, source, sendTo, filter)).filter((e) => e && !e.includes('#') && isEmailAddress(e)))].sort();
  const gone = await unsubscribedAmong(db, unique);
  const recipients = unique.filter((e) => !gone.has(e));
  return { recipients, count: recipients.length, facility_id, unsubscribed: gone.size };
}

/**
 * A non-admin's broadcast reaches only its own facility's people (issue 41 item 11): the addresses of
 * the league, team or class it is sent from (players and captains; a class season's every division),
 * and, for the BCC, the facility's staff. Without a league, team or class, or with another address: 403.
 */
export async function assertReachable(db: Db, user: SessionUser, source: Source, facilityId: number, recipients: readonly string[]): Promise<void> {
  if (user.role === 'admin') return;
  if (source.league_id === undefined && source.team_id === undefined && source.class_id === undefined) throw forbidden(BROADCAST_MESSAGES.noSource);
  const allowed = new Set([
    ...await candidateAddresses(db, source, 'players', ''),
    ...await candidateAddresses(db, source, 'captains', ''),
    ...(await db.select({ email: sql<string>`lower(trim(${users.email}))` }).from(users)
      .where(and(eq(users.facility_id, facilityId), isNull(users.deleted_at)))).map((r) => r.email),
  ]);
  const foreign = recipients.filter((r) => !allowed.has(r));
  if (foreign.length > 0) throw forbidden(invalidAddresses(foreign, BROADCAST_MESSAGES.foreign));
}
