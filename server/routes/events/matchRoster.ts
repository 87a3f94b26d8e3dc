import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { matchRoster } from '../../../core/api/events';
import { rosterMarks } from '../../../core/roster';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { customers, leagues, matches, memberships, players, refereeAssignments, suspensions, teams, users } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { customerNameOrder } from '../../domain/customers/summary';

// GET /match/{id} (spec 2 §7 "enrich"): a match with its league and both teams' rosters, for the event
// page's League tab and its printable roster (spec 3 §2 team roster, §10 marks). Each player carries
// whether a membership is valid and the waiver signed on the match date, the suspension in force then,
// and the marks xM, xW, -SUS-, and the referee assigned to it (issue 27 item 2). A match of another
// facility's league answers 404.

async function roster(db: Db, teamId: number, at: number) {
  const rows = await db
    .select({
      customer_id: customers.ID, first_name: customers.first_name, last_name: customers.last_name, birthdate: customers.birthdate,
      waiver_signed: customers.waiver_signed, is_coach: players.is_coach, captain_id: teams.captain_id,
    })
    .from(players)
    .innerJoin(customers, eq(customers.ID, players.customer_id))
    .innerJoin(teams, eq(teams.ID, players.team_id))
    .where(eq(players.team_id, teamId))
    .orderBy(...customerNameOrder);
  const ids = rows.map((r) => r.customer_id);
  const [members, suspended] = ids.length ? await Promise.all([
    db.select({ customer_id: memberships.sub_customer_id }).from(memberships).where(and(inArray(memberships.sub_customer_id, ids), gte(memberships.valid_until, at))),
    db.select({ customer_id: suspensions.customer_id, until: suspensions.until, foul: suspensions.foul })
      .from(suspensions).where(and(inArray(suspensions.customer_id, ids), lte(suspensions.from, at), gte(suspensions.until, at))),
  ]) : [[], []];
  return rows.map(({ captain_id, ...r }) => {
    const found = suspended.find((s) => s.customer_id === r.customer_id);
    const suspension = found ? { until: found.until, foul: found.foul } : null;
    const player = { ...r, is_captain: captain_id === r.customer_id, has_active_membership: members.some((m) => m.customer_id === r.customer_id), suspension };
    return { ...player, marks: rosterMarks({ membership: player.has_active_membership, waiver: r.waiver_signed, suspended: !!suspension }) };
  });
}

export async function findMatch(db: Db, user: SessionUser, id: number) {
  const [row] = await db
    .select({ match: matches, league: { ID: leagues.ID, name: leagues.name, color: leagues.color, facility_id: leagues.facility_id } })
    .from(matches)
    .innerJoin(leagues, eq(leagues.ID, matches.league_id))
    .where(and(eq(matches.ID, id), user.role === 'admin' ? undefined : eq(leagues.facility_id, user.facility_id)));
  if (!row) throw notFound('Match');
  return row;
}

export async function matchRosterRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, matchRoster, async ({ user, params: { id } }) => {
    const { match, league } = await findMatch(db, user, id);
    const team = async (teamId: number | null) => {
      if (teamId === null) return null;
      const [row] = await db.select({ ID: teams.ID, name: teams.name, color: teams.color }).from(teams).where(eq(teams.ID, teamId));
      return row ? { ...row, players: await roster(db, teamId, match.date) } : null;
    };
    const [referee = null] = await db
      .select({ ID: users.ID, first_name: users.first_name, last_name: users.last_name, email: users.email, phone: users.phone })
      .from(refereeAssignments)
      .innerJoin(users, eq(users.ID, refereeAssignments.referee_id))
      .where(eq(refereeAssignments.match_id, match.ID));
    const { ID, date, home_score, away_score } = match;
    return { ID, date, home_score, away_score, league, home_team: await team(match.home_team_id), away_team: await team(match.away_team_id), referee };
  });
}
