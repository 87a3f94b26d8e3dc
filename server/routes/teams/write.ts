import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTeam, deleteTeam, lockRoster, updateTeam } from '../../../core/api/teams';
import { can } from '../../../core/permissions';
import { LEAGUE_MESSAGES, TEAM_COLORS } from '../../../core/validation/leagues';
import { facilityScope } from '../../auth/guard';
import { facilities, invoices, players, teamSignups, teams } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { auditTeam, findTeam, teamColumns } from '../../domain/teams/access';

// Writing teams (spec 3 §2.13, §2.14): POST /team (Create new team), PUT /team/{id} (its name: admins
// and managers; its captain: a player of its roster; its colour), DELETE /team/{id} (only without a
// league and without invoiced leagues) and PUT /team/lock_roster/{id}. Every change is audited.

export async function teamWriteRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, createTeam, async ({ user, body }) => db.transaction(async (tx) => {
    const facility_id = facilityScope(user, body.facility_id) ?? body.facility_id ?? user.facility_id;
    const [facility] = await tx.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, facility_id));
    if (!facility) throw badRequest('facility_id: there is no such facility');
    const [row] = await tx.insert(teams).values({ name: body.name, color: body.color ?? TEAM_COLORS.create, facility_id, age_group_id: body.age_group_id ?? null }).returning(teamColumns);
    await auditTeam(tx, user, row, 'create');
    return row;
  }));

  serve(app, updateTeam, async ({ user, params: { id }, body }) => {
    if (body.name !== undefined && !can(user.role, 'teams', 'rename')) throw forbidden('Only admins and managers rename a team');
    return db.transaction(async (tx) => {
      await findTeam(tx, user, id, { lock: true });
      if (body.captain_id !== undefined) {
        const [player] = await tx.select({ ID: players.ID }).from(players).where(and(eq(players.team_id, id), eq(players.customer_id, body.captain_id)));
        if (!player) throw badRequest('captain_id: the captain must be a player of the team');
      }
      const [row] = await tx.update(teams).set(body).where(eq(teams.ID, id)).returning(teamColumns);
      await auditTeam(tx, user, row, body.name !== undefined ? 'rename' : body.captain_id !== undefined ? 'captain' : 'update');
      return row;
    });
  });

  serve(app, deleteTeam, async ({ user, params: { id } }) => db.transaction(async (tx) => {
    await findTeam(tx, user, id, { lock: true });
    const [signup] = await tx.select({ ID: teamSignups.ID }).from(teamSignups).where(eq(teamSignups.team_id, id)).limit(1);
    const [invoice] = await tx.select({ ID: invoices.ID }).from(invoices).where(eq(invoices.team_id, id)).limit(1);
    if (signup || invoice) throw conflict(LEAGUE_MESSAGES.teamInLeague);
    const [deleted] = await tx.delete(teams).where(eq(teams.ID, id)).returning(teamColumns);
    await auditTeam(tx, user, deleted, 'delete');
    return deleted;
  }));

  serve(app, lockRoster, async ({ user, params: { id }, query: { lock_roster } }) => db.transaction(async (tx) => {
    await findTeam(tx, user, id, { lock: true });
    const [row] = await tx.update(teams).set({ lock_roster }).where(eq(teams.ID, id)).returning(teamColumns);
    await auditTeam(tx, user, row, lock_roster ? 'lock_roster' : 'unlock_roster');
    return row;
  }));
}
