import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { changeLeague, removeSignup, signUpTeam } from '../../../core/api/teams';
import { toCents } from '../../../core/money';
import { LEAGUE_MESSAGES, TEAM_COLORS } from '../../../core/validation/leagues';
import { invoices, payments, teamSignups, teams } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordInvoiceChange } from '../../domain/invoices/audit';
import { auditLeague, findLeague, type LeagueRow } from '../../domain/leagues/access';
import { auditTeam, findTeam, signupInvoice, type TeamAnswerRow, teamColumns } from '../../domain/teams/access';
import { assertNotIn, assertRoom, lockSignup, productTypeOf, recordChangeOfSignup, signTeamUp } from '../../domain/teams/signups';
import { offerTeamPlaces } from '../../domain/portal/teamWaitlist';

// A team's league sign-ups (spec 3 §2.10, §7 Teams, issue 24 item 3): POST /team/signup signs a team
// (an existing one, or a new one created in the same transaction) up at one of the league's fees, with
// its team invoice (type 2: the fee's line carrying team_signup_id, the facility's tax and fee rates,
// the early bird as a discount of full − early bird: signupCharge, as the demo data's); PUT /team/signup/{id} moves a sign-up to another
// league; DELETE /team/signup/{id} removes one that nothing was paid on. The league row is locked
// (FOR UPDATE) before its teams are counted, so concurrent sign-ups never pass max_teams. A place freed
// (a sign-up removed, or moved away) is offered to the division's waitlist (issue 44 item 5).

export async function signupRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  /** Runs a write that may offer a freed place, then wakes the jobs worker for the offer's mail. */
  const withOffers = async <T>(write: () => Promise<T>) => {
    const answer = await write();
    app.jobs.wake();
    return answer;
  };

  serve(app, signUpTeam, async ({ user, body }) => db.transaction(async (tx) => {
    const league = await findLeague(tx, user, body.league_id, { lock: true });
    let team: TeamAnswerRow;
    if (body.team_id !== undefined) {
      team = await findTeam(tx, user, body.team_id).catch(() => { throw badRequest(LEAGUE_MESSAGES.validTeam); });
    } else {
      // A new team: at the league's facility, the add-team dialog's colour by default.
      [team] = await tx.insert(teams).values({ name: body.name!, color: body.color ?? TEAM_COLORS.signup, facility_id: league.facility_id, age_group_id: league.age_group_id }).returning(teamColumns);
      await auditTeam(tx, user, team, 'create');
    }
    const { signup, invoice } = await signTeamUp(tx, user, league, team, toCents(body.fee));
    await auditLeague(tx, user, league, 'add_team');
    return { ID: signup.ID, team_id: team.ID, league_id: league.ID, invoice_id: invoice.ID };
  }));

  serve(app, changeLeague, async ({ user, params: { id }, body }) => withOffers(() => db.transaction(async (tx) => {
    const [current] = await tx.select().from(teamSignups).where(eq(teamSignups.ID, id));
    if (!current || current.team_id !== body.team_id) throw notFound('Team sign-up');
    // Both leagues locked, in the order of their IDs.
    const [first, second] = [current.league_id, body.league_id].sort((a, b) => a - b);
    const locked = new Map<number, LeagueRow>();
    for (const leagueId of new Set([first, second])) locked.set(leagueId, await findLeague(tx, user, leagueId, { lock: true }));
    const target = locked.get(body.league_id)!;
    const team = await findTeam(tx, user, body.team_id);
    if (current.league_id === target.ID) return { ID: current.ID, team_id: team.ID, league_id: target.ID, invoice_id: (await signupInvoice(tx, id))?.ID ?? null };
    if (team.facility_id !== target.facility_id) throw badRequest(LEAGUE_MESSAGES.otherFacility);
    await assertNotIn(tx, target, team.ID);
    const order = await assertRoom(tx, target);
    const [moved] = await tx.update(teamSignups).set({ league_id: target.ID, order, group: null }).where(eq(teamSignups.ID, id)).returning();
    const invoice = await signupInvoice(tx, id, { lock: true });
    if (invoice) {
      const [row] = await tx.update(invoices).set({ product_type_id: await productTypeOf(tx, target), comment: `${team.name} — ${target.name}` }).where(eq(invoices.ID, invoice.ID)).returning();
      await recordInvoiceChange(tx, user, row, 'change_league');
    }
    await recordChangeOfSignup(tx, user, moved, 'change_league');
    await auditTeam(tx, user, team, 'change_league');
    await offerTeamPlaces(tx, locked.get(current.league_id)!, config.publicUrl);
    return { ID: moved.ID, team_id: team.ID, league_id: target.ID, invoice_id: invoice?.ID ?? null };
  })));

  serve(app, removeSignup, async ({ user, params: { id } }) => withOffers(() => db.transaction(async (tx) => {
    const signup = await lockSignup(tx, user, id);
    const invoice = await signupInvoice(tx, id, { lock: true });
    if (invoice && invoice.paid !== 0) throw conflict(LEAGUE_MESSAGES.signupPaid);
    if (invoice) {
      const [payment] = await tx.select({ ID: payments.ID }).from(payments).where(eq(payments.invoice_id, invoice.ID)).limit(1);
      await recordInvoiceChange(tx, user, invoice, 'delete');
      // An invoice whose payments were all reverted keeps them (and itself); an untouched one goes.
      if (!payment) await tx.delete(invoices).where(eq(invoices.ID, invoice.ID));
    }
    await tx.delete(teamSignups).where(eq(teamSignups.ID, id));
    await recordChangeOfSignup(tx, user, signup, 'delete');
    await offerTeamPlaces(tx, await findLeague(tx, user, signup.league_id), config.publicUrl);
    return { ID: signup.ID, team_id: signup.team_id, league_id: signup.league_id, invoice_id: invoice?.ID ?? null };
  })));
}

