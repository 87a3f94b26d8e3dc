import { and, count, eq, gt, ne } from 'drizzle-orm';
import { INVOICE_TYPE } from '../../../core/constants';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { feeOptions, LEAGUE_MESSAGES, signupCharge, type FeeOption } from '../../../core/validation/leagues';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { gls, invoices, portalWaitlists, products, teamSignups } from '../../db/schema';
import { recordChange } from '../../services/changelog';
import { badRequest, conflict, notFound } from '../../http/errors';
import { facilityRates } from '../invoices/access';
import { recordInvoiceChange } from '../invoices/audit';
import { addLine } from '../invoices/lines';
import { findLeague, leaguePrices, type LeagueRow } from '../leagues/access';
import type { TeamAnswerRow } from './access';

// Signing a team up for a league (spec 3 §2.10, issue 24 item 3) with its team invoice (type 2: the
// fee's line carrying team_signup_id at the price charged — the early bird's while it runs — with the
// facility's tax and fee rates on it: signupCharge, as the demo data's), and the checks moving a sign-up shares. The
// league row is locked (FOR UPDATE) before its teams are counted, so concurrent sign-ups never pass
// max_teams.

export type SignupRow = typeof teamSignups.$inferSelect;

/** The product type of a league's product (its GL's), for its invoices. */
export async function productTypeOf(tx: Db | Tx, league: LeagueRow): Promise<number | null> {
  if (!league.new_product_id) return null;
  const [row] = await tx.select({ type: gls.product_type_id }).from(products).innerJoin(gls, eq(gls.ID, products.gl_id)).where(eq(products.ID, league.new_product_id));
  return row?.type ?? null;
}

/**
 * A division's places taken (the league locked by the caller): its teams signed up, and the places its
 * waitlist's live offers keep (issue 44 item 5), but for the offer to `captainId` (who takes it now).
 */
export async function teamPlacesTaken(tx: Db | Tx, league: LeagueRow, captainId: number | null = null) {
  const [{ n }] = await tx.select({ n: count() }).from(teamSignups).where(eq(teamSignups.league_id, league.ID));
  const [{ offers }] = await tx.select({ offers: count() }).from(portalWaitlists).where(and(
    eq(portalWaitlists.league_id, league.ID), gt(portalWaitlists.offered_until, nowSeconds()),
    captainId === null ? undefined : ne(portalWaitlists.holder_id, captainId),
  ));
  return { teams: Number(n), taken: Number(n) + Number(offers) };
}

/**
 * Refuses a league that is full (teams left = max_teams − teams signed up − places offered to its
 * waitlist); a captain's own offer is theirs to take. The league must be locked. Answers its teams.
 */
export async function assertRoom(tx: Tx, league: LeagueRow, captainId: number | null = null): Promise<number> {
  const { teams, taken } = await teamPlacesTaken(tx, league, captainId);
  if (taken >= league.max_teams) throw conflict(LEAGUE_MESSAGES.maxTeams);
  return teams;
}

export async function assertNotIn(tx: Tx, league: LeagueRow, teamId: number) {
  const [already] = await tx.select({ ID: teamSignups.ID }).from(teamSignups).where(and(eq(teamSignups.league_id, league.ID), eq(teamSignups.team_id, teamId)));
  if (already) throw conflict(LEAGUE_MESSAGES.alreadySignedUp);
}

/**
 * The fee (cents) a carried-over team is billed by a rollover that names none (issue 41 m8): the early
 * bird while the new division offers it, unless the full price is asked for; else the full price.
 */
export async function rolloverFee(tx: Tx, league: LeagueRow, kind: FeeOption['kind']): Promise<number | null> {
  const options = feeOptions(await leaguePrices(tx, league), league, nowSeconds());
  return options.find((o) => o.kind === kind)?.price ?? null;
}

/**
 * Signs `team` up for `league` (locked by the caller) at `feeCents` (one of the league's fees; null:
 * its full price), with its team invoice. Answers the sign-up and the invoice. `user` null: the
 * captain from the portal (source 'online').
 */
export async function signTeamUp(tx: Tx, user: SessionUser | null, league: LeagueRow, team: TeamAnswerRow, feeCents: number | null) {
  if (team.facility_id !== league.facility_id) throw badRequest(LEAGUE_MESSAGES.otherFacility);
  await assertNotIn(tx, league, team.ID);
  // From the portal, the captain may be taking the place offered to them.
  const order = await assertRoom(tx, league, user ? null : team.captain_id);
  const options = feeOptions(await leaguePrices(tx, league), league, nowSeconds());
  const fee = feeCents === null ? options.find((o) => o.kind === 'full') : options.find((o) => o.price === feeCents);
  if (!fee) throw badRequest(LEAGUE_MESSAGES.validFee);
  const [signup] = await tx.insert(teamSignups).values({ team_id: team.ID, league_id: league.ID, order, source: user ? 'staff' : 'online' }).returning();
  const [invoice] = await tx.insert(invoices).values({
    facility_id: league.facility_id, customer_id: team.captain_id, invoice_type_id: INVOICE_TYPE.TEAM, product_type_id: await productTypeOf(tx, league),
    team_id: team.ID, date: nowSeconds(), comment: `${team.name} — ${league.name}`, user_id: user?.ID ?? null,
  }).returning();
  const charge = signupCharge(fee, league.name);
  await addLine(tx, invoice.ID, await facilityRates(tx, league.facility_id), {
    product_id: league.product_id, new_product_id: league.new_product_id, event_id: null, team_signup_id: signup.ID,
    price: toDollars(charge.line), quantity: 1, comment: charge.comment,
  });
  await recordInvoiceChange(tx, user, invoice, 'create');
  await recordChangeOfSignup(tx, user, signup, 'create');
  return { signup, invoice };
}

export async function recordChangeOfSignup(tx: Tx, user: SessionUser | null, signup: SignupRow, action: string) {
  await recordChange(tx, { object: 'team_signup', object_id: signup.ID, action, user_id: user?.ID ?? null, new_value: signup });
}

/** A sign-up the user may reach (through its league's facility), locked. */
export async function lockSignup(tx: Tx, user: SessionUser, id: number): Promise<SignupRow> {
  const [signup] = await tx.select().from(teamSignups).where(eq(teamSignups.ID, id));
  if (!signup) throw notFound('Team sign-up');
  await findLeague(tx, user, signup.league_id, { lock: true });
  const [locked] = await tx.select().from(teamSignups).where(eq(teamSignups.ID, id)).for('update');
  if (!locked) throw notFound('Team sign-up');
  return locked;
}
