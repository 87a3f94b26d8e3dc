import { and, asc, eq, gte, isNull, min, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session';
import { facilityScope } from '../../auth/guard';
import type { Db, Tx } from '../../db/client';
import { columnsBut } from '../../db/columns';
import { customers, invoiceItems, invoices, leagues, teamSignups, teams } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { nowSeconds } from '../../../core/time';

// The team (and the customer) a request works on: it exists and (for anyone but an admin) is the
// user's facility's, else 404. Roster writes take the team with `lock` (FOR UPDATE), so that two
// first players cannot both become captain and moves between two teams queue behind each other.

export type TeamRow = typeof teams.$inferSelect;

/** A team's columns as staff answers and the changelog carry them: the captain's invite secret stays in. */
export const teamColumns = columnsBut(teams, 'invite_token');
export type TeamAnswerRow = Omit<TeamRow, 'invite_token'>;

export async function findTeam(db: Db | Tx, user: SessionUser, id: number, options: { lock?: boolean } = {}): Promise<TeamRow> {
  const facility = facilityScope(user);
  const query = db.select().from(teams).where(and(eq(teams.ID, id), facility === null ? undefined : eq(teams.facility_id, facility)));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound('Team');
  return row;
}

/** A customer the user may put on a roster: active and (for non-admins) of their facility; else 404. */
export async function findCustomer(db: Db | Tx, user: SessionUser, id: number) {
  const facility = facilityScope(user);
  const [row] = await db.select().from(customers)
    .where(and(eq(customers.ID, id), isNull(customers.deleted_at), facility === null ? undefined : eq(customers.facility_id, facility)));
  if (!row) throw notFound('Customer');
  return row;
}

export async function auditTeam(tx: Tx, user: SessionUser, { invite_token: _secret, ...row }: TeamAnswerRow & { invite_token?: string | null }, action: string): Promise<void> {
  await recordChange(tx, { object: 'team', object_id: row.ID, action, user_id: user.ID, new_value: row });
}

/** The team invoice of a sign-up (its first), optionally locked. */
export async function signupInvoice(db: Db | Tx, signupId: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(invoices)
    .where(eq(invoices.ID, sql`(select ${min(invoiceItems.invoice_id)} from ${invoiceItems} where ${invoiceItems.team_signup_id} = ${signupId})`));
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

/** The sign-up of the league a team plays now or next: the earliest-starting one that has not ended. */
export async function currentSignup(db: Db | Tx, teamId: number) {
  const [row] = await db.select({ signup: teamSignups, league: leagues }).from(teamSignups)
    .innerJoin(leagues, eq(leagues.ID, teamSignups.league_id))
    .where(and(eq(teamSignups.team_id, teamId), gte(leagues.end_date, nowSeconds())))
    .orderBy(asc(leagues.start_date), asc(teamSignups.ID)).limit(1);
  return row ?? null;
}

/** The sign-up of a team in one league, or null. */
export async function leagueSignup(db: Db | Tx, teamId: number, leagueId: number) {
  const [row] = await db.select({ signup: teamSignups, league: leagues }).from(teamSignups)
    .innerJoin(leagues, eq(leagues.ID, teamSignups.league_id))
    .where(and(eq(teamSignups.team_id, teamId), eq(teamSignups.league_id, leagueId))).limit(1);
  return row ?? null;
}
