import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deleteEplayerSignup, ELEAGUE_MESSAGES, getEplayer, searchEplayers, signupEplayer, updateEplayer } from '../../../core/api/eleagues';
import { facilityScope } from '../../auth/guard';
import { eplayerSignups, eplayers, leagues } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { eplayerWire, findEleague, findEplayer, selectEplayers, visibleEplayers } from '../../domain/eleagues/access';
import { findCustomer } from '../../domain/customers/access';

// E-players (spec 1 /eplayer, spec 3 §7): GET /eplayer finds them by gamertag (console id) or Discord
// name, or lists an e-league's players with their sign-ups; GET and PUT /eplayer/{id}; DELETE
// /eplayer/signup/{id} takes one out of an e-league; POST /eplayer/signup signs a customer up (their
// e-player, made on the way when they have none). Non-admins reach the players of their facility and
// of its e-leagues only; another's is 404.

const SEARCH_LIMIT = 50;
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function eplayerRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, searchEplayers, async ({ user, query }) => {
    if (query.league_id !== undefined) {
      const league = await findEleague(db, user, query.league_id);
      const rows = await db.select({ signup_id: eplayerSignups.ID, eplayer_id: eplayerSignups.eplayer_id }).from(eplayerSignups)
        .where(eq(eplayerSignups.league_id, league.ID));
      const signupOf = new Map(rows.map((r) => [r.eplayer_id, r.signup_id]));
      const players = await selectEplayers(db).innerJoin(eplayerSignups, and(eq(eplayerSignups.eplayer_id, eplayers.ID), eq(eplayerSignups.league_id, league.ID)))
        .orderBy(asc(eplayers.console_id), asc(eplayers.ID));
      return players.map((p) => ({ ...eplayerWire(p), signup_id: signupOf.get(p.ID)! }));
    }
    const words = `%${likeEscape(query.query!)}%`;
    const rows = await selectEplayers(db)
      .where(and(or(ilike(eplayers.console_id, words), ilike(eplayers.discord_username, words)), visibleEplayers(db, user)))
      .orderBy(asc(eplayers.console_id), asc(eplayers.ID)).limit(SEARCH_LIMIT);
    return rows.map(eplayerWire);
  });

  serve(app, getEplayer, async ({ user, params: { id } }) => {
    const player = await findEplayer(db, user, id);
    const own = facilityScope(user);
    const signups = await db.select({ signup_id: eplayerSignups.ID, ID: leagues.ID, name: leagues.name }).from(eplayerSignups)
      .innerJoin(leagues, eq(leagues.ID, eplayerSignups.league_id))
      .where(and(eq(eplayerSignups.eplayer_id, id), own === null ? undefined : eq(leagues.facility_id, own)))
      .orderBy(asc(leagues.start_date), asc(leagues.ID));
    return { ...player, leagues: signups };
  });

  serve(app, updateEplayer, async ({ user, params: { id }, body }) => db.transaction(async (tx) => {
    await findEplayer(tx, user, id);
    const [row] = await tx.update(eplayers).set(body).where(eq(eplayers.ID, id)).returning();
    await recordChange(tx, { object: 'eplayer', object_id: id, action: 'update', user_id: user.ID, new_value: row });
    return findEplayer(tx, user, id);
  }));

  serve(app, signupEplayer, async ({ user, body }) => db.transaction(async (tx) => {
    const league = await findEleague(tx, user, body.league_id, { lock: true });
    const customer = await findCustomer(tx, user, body.customer_id);
    let [player] = await tx.select().from(eplayers).where(eq(eplayers.customer_id, customer.ID)).for('update');
    if (!player) {
      if (!body.console_id) throw badRequest(`console_id: ${ELEAGUE_MESSAGES.consoleId}`);
      if (!body.console) throw badRequest(`console: ${ELEAGUE_MESSAGES.console}`);
      [player] = await tx.insert(eplayers).values({ customer_id: customer.ID, console_id: body.console_id, console: body.console, discord_username: body.discord_username ?? '' }).returning();
      await recordChange(tx, { object: 'eplayer', object_id: player.ID, action: 'create', user_id: user.ID, new_value: player });
    }
    const [signup] = await tx.insert(eplayerSignups).values({ eplayer_id: player.ID, league_id: league.ID }).onConflictDoNothing().returning();
    if (!signup) throw conflict(ELEAGUE_MESSAGES.alreadySignedUp);
    await recordChange(tx, { object: 'eplayer', object_id: player.ID, action: 'signup', user_id: user.ID, new_value: signup });
    return { ...(await findEplayer(tx, user, player.ID)), signup_id: signup.ID };
  }));

  serve(app, deleteEplayerSignup, async ({ user, params: { id } }) => db.transaction(async (tx) => {
    const [signup] = await tx.select().from(eplayerSignups).where(eq(eplayerSignups.ID, id)).for('update');
    if (!signup) throw notFound('Sign-up');
    // Another facility's e-league is as unknown as a missing sign-up.
    await findEleague(tx, user, signup.league_id).catch(() => { throw notFound('Sign-up'); });
    await tx.delete(eplayerSignups).where(eq(eplayerSignups.ID, id));
    await recordChange(tx, { object: 'eplayer', object_id: signup.eplayer_id, action: 'remove_signup', user_id: user.ID, new_value: signup });
    return { ID: signup.ID, league_id: signup.league_id, eplayer_id: signup.eplayer_id };
  }));
}
