import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { completeRollover, rolloverLeague } from '../../../core/api/leagues';
import { toCents } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { LEAGUE_MESSAGES, rolloverPending, rolloverProblem } from '../../../core/validation/leagues';
import { leagues } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict } from '../../http/errors';
import { findTeam } from '../../domain/teams/access';
import { rolloverFee, signTeamUp } from '../../domain/teams/signups';
import { auditLeague, findLeague, leagueWire } from '../../domain/leagues/access';
import { insertLeague } from './write';

// Season rollover (spec 3 §2.11, §4, §5, §7, issue 24 item 5): POST /league/rollover creates the new
// season, its divisions (not available online) and, unless Rollover Empty, the chosen teams' sign-ups
// with their invoices (at the early bird while the new division offers it, unless the full price is
// asked) — all in one transaction, the previous season locked first, so that a season is
// rolled over once (a second time, or a concurrent one, answers 409) and a failing division leaves
// nothing behind. POST /league/rollover/complete?id sets the pending rollover's date.

export async function rolloverRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, rolloverLeague, async ({ user, body }) => {
    const season = body.new_league;
    const problem = rolloverProblem({ ...season, divisions: body.new_divisions.length });
    if (problem) throw badRequest(problem);
    return db.transaction(async (tx) => {
      const previous = await findLeague(tx, user, body.previous_league_id, { lock: true });
      if (previous.rollover_to) throw conflict(LEAGUE_MESSAGES.alreadyRolledOver);
      const dates = {
        start_date: season.start_date!, end_date: season.end_date!,
        registration_start_date: season.registration_start_date!, registration_end_date: season.registration_end_date!,
        early_bird_start_date: season.early_bird_start_date ?? null, early_bird_end_date: season.early_bird_end_date ?? null,
      };
      const common = {
        ...dates, facility_id: previous.facility_id, require_membership: season.require_membership, enable_individual: season.enable_individual,
        enable_deposit: season.enable_deposit, enable_early_bird: season.enable_early_bird, enable_team: true, display_schedule: season.display_schedule,
        is_tournament: false, tournament_id: null,
      };
      const created = await insertLeague(tx, user, {
        ...common, name: season.name, description: season.description, new_product_id: season.new_product_id!, age_group_id: season.age_group_id,
        gender: null, available_online: season.available_online, max_teams: season.max_teams, duration: season.duration, color: season.color,
        is_container: true, parent_league_id: null, properties: season.properties, rollover_from: previous.ID,
      }, false);
      const divisions: number[] = [];
      let signups = 0;
      for (const [index, entry] of body.new_divisions.entries()) {
        const { division } = entry;
        const before = entry.previous_league_id ? await findLeague(tx, user, entry.previous_league_id, { lock: true }) : null;
        if (before && before.parent_league_id !== previous.ID) throw badRequest(`new_divisions.${index}: the previous division is not of this season`);
        const row = await insertLeague(tx, user, {
          ...common, name: division.name, description: division.description || season.description,
          new_product_id: division.new_product_id ?? season.new_product_id!, age_group_id: division.age_group_id ?? season.age_group_id,
          gender: division.gender ?? before?.gender ?? 'Co-Ed', available_online: false, is_container: false, parent_league_id: created.ID,
          max_teams: division.max_teams ?? before?.max_teams ?? season.max_teams, duration: division.duration ?? before?.duration ?? season.duration,
          color: division.color ?? before?.color ?? season.color, properties: division.properties, rollover_from: division.rollover_from ?? before?.ID ?? null,
        }, false);
        divisions.push(row.ID);
        if (before) await tx.update(leagues).set({ rollover_to: row.ID }).where(eq(leagues.ID, before.ID));
        if (body.empty) continue;
        const given = body.fees?.[index];
        const fee = given === undefined ? await rolloverFee(tx, row, body.fee_kind) : toCents(given);
        for (const teamId of entry.team_ids) {
          const team = await findTeam(tx, user, teamId).catch(() => { throw badRequest(`new_divisions.${index}: ${LEAGUE_MESSAGES.validTeam}`); });
          await signTeamUp(tx, user, row, team, fee);
          signups++;
        }
      }
      const [rolled] = await tx.update(leagues).set({ rollover_to: created.ID }).where(eq(leagues.ID, previous.ID)).returning();
      await auditLeague(tx, user, rolled, 'rollover');
      return { ID: created.ID, divisions, signups };
    });
  });

  serve(app, completeRollover, async ({ user, query: { id } }) => db.transaction(async (tx) => {
    const league = await findLeague(tx, user, id, { lock: true });
    if (!rolloverPending(league)) throw conflict(LEAGUE_MESSAGES.notPendingRollover);
    const [row] = await tx.update(leagues).set({ rollover_date: nowSeconds() }).where(eq(leagues.ID, id)).returning();
    await auditLeague(tx, user, row, 'complete_rollover');
    return leagueWire(row);
  }));
}
