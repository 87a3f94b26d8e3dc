import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addPlayer, movePlayer, removePlayer } from '../../../core/api/teams';
import { nowSeconds } from '../../../core/time';
import { LEAGUE_MESSAGES } from '../../../core/validation/leagues';
import { families, players, teams } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict, notFound } from '../../http/errors';
import { auditTeam, findCustomer, findTeam, type TeamRow, teamColumns } from '../../domain/teams/access';
import { assertNotOnTeam, assertRosterOpen, auditPlayer, lockPlayer, movePayments } from '../../domain/teams/players';

// Rosters (spec 3 §2.14, §4, §5, issue 24 item 4): POST /player (the first player becomes captain; a
// child needs a parent on record; a locked roster takes new players from admins only), PUT
// /player/{id} (moves a player to another team: their payments on the team's current invoice are
// reverted there and taken on the target team's current invoice, all or nothing) and DELETE
// /player/{id} (a captain who leaves leaves the team without one). Teams are locked in ID order.

/** A roster row as answered: without its stamps (registration_date is the date that counts). */
const playerWire = ({ CreatedAt: _c, UpdatedAt: _u, ...player }: typeof players.$inferSelect) => player;

export async function playerRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, addPlayer, async ({ user, body }) => db.transaction(async (tx) => {
    const team = await findTeam(tx, user, body.team_id, { lock: true }).catch(() => { throw badRequest(LEAGUE_MESSAGES.validTeam); });
    assertRosterOpen(user, team);
    const customer = await findCustomer(tx, user, body.customer_id);
    if (customer.is_kid) {
      const [parent] = await tx.select({ ID: families.ID }).from(families).where(eq(families.child_id, customer.ID)).limit(1);
      if (!parent) throw badRequest(LEAGUE_MESSAGES.noParent);
    }
    await assertNotOnTeam(tx, team.ID, customer.ID);
    const [{ n }] = await tx.select({ n: count() }).from(players).where(eq(players.team_id, team.ID));
    const [row] = await tx.insert(players).values({
      team_id: team.ID, customer_id: customer.ID, registration_date: body.registration_date ?? nowSeconds(), is_coach: body.is_coach,
    }).returning();
    // The first player added becomes captain (spec 3 §4).
    const captain = n === 0 || team.captain_id === null;
    if (captain) {
      const [updated] = await tx.update(teams).set({ captain_id: customer.ID }).where(eq(teams.ID, team.ID)).returning(teamColumns);
      await auditTeam(tx, user, updated, 'captain');
    }
    await auditPlayer(tx, user, row, 'create');
    return { ...playerWire(row), captain };
  }));

  serve(app, movePlayer, async ({ user, params: { id }, body }) => db.transaction(async (tx) => {
    const [found] = await tx.select().from(players).where(eq(players.ID, id));
    if (!found) throw notFound('Player');
    if (found.team_id === body.team_id) throw conflict(LEAGUE_MESSAGES.sameTeam);
    // Both teams locked in the order of their IDs.
    const locked = new Map<number, TeamRow>();
    for (const teamId of [found.team_id, body.team_id].sort((a, b) => a - b)) {
      locked.set(teamId, await findTeam(tx, user, teamId, { lock: true }).catch(() => { throw teamId === found.team_id ? notFound('Player') : badRequest(LEAGUE_MESSAGES.validTeam); }));
    }
    const from = locked.get(found.team_id)!;
    const to = locked.get(body.team_id)!;
    const [player] = await tx.select().from(players).where(eq(players.ID, id));
    if (!player || player.team_id !== from.ID) throw notFound('Player');
    assertRosterOpen(user, to);
    await assertNotOnTeam(tx, to.ID, player.customer_id);
    const [row] = await tx.update(players).set({ team_id: to.ID }).where(eq(players.ID, id)).returning();
    const moved = await movePayments(tx, user, from, to, player.customer_id);
    if (from.captain_id === player.customer_id) await auditTeam(tx, user, (await tx.update(teams).set({ captain_id: null }).where(eq(teams.ID, from.ID)).returning(teamColumns))[0], 'captain');
    if (to.captain_id === null) await auditTeam(tx, user, (await tx.update(teams).set({ captain_id: player.customer_id }).where(eq(teams.ID, to.ID)).returning(teamColumns))[0], 'captain');
    await auditPlayer(tx, user, row, 'move');
    return { ...playerWire(row), moved_payments: moved };
  }));

  serve(app, removePlayer, async ({ user, params: { id } }) => db.transaction(async (tx) => {
    const { player, team } = await lockPlayer(tx, user, id);
    await tx.delete(players).where(eq(players.ID, id));
    if (team.captain_id === player.customer_id) {
      const [updated] = await tx.update(teams).set({ captain_id: null }).where(eq(teams.ID, team.ID)).returning(teamColumns);
      await auditTeam(tx, user, updated, 'captain');
    }
    await auditPlayer(tx, user, player, 'delete');
    return playerWire(player);
  }));
}
