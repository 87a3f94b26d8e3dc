import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { publicTeam, publicTeamCalendar, renewTeamLink, type PublicMatch, type PublicTeam } from '../../../core/api/teams';
import { icsCalendar } from '../../../core/ical';
import { standings } from '../../../core/schedule/standings';
import { nowSeconds } from '../../../core/time';
import type { Db } from '../../db/client';
import { customers, facilities, fields, leagues, matches, players, teamSignups, teams } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { auditTeam, findTeam, type TeamRow } from './access';

// The public team page (issue 24 item 6, the spec's "View Team public link"): anyone holding the
// link's reference — a random UUID stored on the team, shown to staff on the team page — reads the
// team, its league (the one it plays now or next, else its latest), that league's schedule and results
// for the team and, when the league displays them online (display_schedule), its standings. Players
// show as first name and last initial; no e-mail, phone, birth date or money leaves. The same schedule
// is served as an iCalendar feed. PUT /team/public_link/{id} issues a new reference, revoking the old.

/** A phone re-reads a subscribed feed on its own schedule; a few minutes of caching spares the server. */
const FEED_MAX_AGE = 300;

const home = alias(teams, 'home');
const away = alias(teams, 'away');

/** 'Ana L.': the first name and the last name's initial. */
const shortName = (first: string, last: string) => `${first.trim()}${last.trim() ? ` ${[...last.trim()][0].toUpperCase()}.` : ''}`;

/** The league a team's public page shows: the one it plays now or next, else the latest it played. */
async function leagueOf(db: Db, teamId: number) {
  const now = nowSeconds();
  const base = () => db.select({ league: leagues }).from(teamSignups).innerJoin(leagues, eq(leagues.ID, teamSignups.league_id)).$dynamic();
  const [current] = await base().where(and(eq(teamSignups.team_id, teamId), gte(leagues.end_date, now))).orderBy(asc(leagues.start_date), asc(leagues.ID)).limit(1);
  if (current) return current.league;
  const [latest] = await base().where(eq(teamSignups.team_id, teamId)).orderBy(desc(leagues.end_date), desc(leagues.ID)).limit(1);
  return latest?.league ?? null;
}

async function teamByReference(db: Db, ref: string): Promise<TeamRow> {
  const [team] = await db.select().from(teams).where(eq(teams.public_ref, ref));
  if (!team) throw notFound('Team');
  return team;
}

/** The team's matches in a league, in time order, with names instead of IDs. */
async function teamMatches(db: Db, leagueId: number, teamId: number) {
  return db.select({
    match: matches, field: fields.name, home: home.name, away: away.name,
  }).from(matches)
    .leftJoin(fields, eq(fields.ID, matches.field_id))
    .leftJoin(home, eq(home.ID, matches.home_team_id))
    .leftJoin(away, eq(away.ID, matches.away_team_id))
    .where(and(eq(matches.league_id, leagueId), or(eq(matches.home_team_id, teamId), eq(matches.away_team_id, teamId))))
    .orderBy(asc(matches.date), asc(matches.index), asc(matches.ID));
}

async function publicView(db: Db, team: TeamRow): Promise<PublicTeam> {
  const [facility] = await db.select({ name: facilities.name, time_zone: facilities.time_zone }).from(facilities).where(eq(facilities.ID, team.facility_id));
  const roster = await db.select({ first: customers.first_name, last: customers.last_name, customer_id: players.customer_id, is_coach: players.is_coach })
    .from(players).innerJoin(customers, eq(customers.ID, players.customer_id))
    .where(eq(players.team_id, team.ID)).orderBy(asc(customers.first_name), asc(customers.last_name), asc(players.ID));
  const league = await leagueOf(db, team.ID);
  const played = league ? await teamMatches(db, league.ID, team.ID) : [];
  let table: PublicTeam['standings'] = null;
  if (league?.display_schedule) {
    const entrants = await db.select({ team_id: teams.ID, name: teams.name, group: teamSignups.group }).from(teamSignups)
      .innerJoin(teams, eq(teams.ID, teamSignups.team_id)).where(eq(teamSignups.league_id, league.ID));
    const all = await db.select().from(matches).where(eq(matches.league_id, league.ID));
    table = standings(entrants, all).map(({ team_id: _id, ...row }) => row);
  }
  return {
    name: team.name, color: team.color, facility,
    league: league && { name: league.name, start_date: league.start_date, end_date: league.end_date },
    players: roster.map((p) => ({ name: shortName(p.first, p.last), is_captain: p.customer_id === team.captain_id, is_coach: p.is_coach })),
    matches: played.map(({ match, field, home, away }): PublicMatch => ({
      ID: match.ID, date: match.date, duration: match.duration, field, home, away,
      home_score: match.home_score, away_score: match.away_score, match_type: match.match_type, is_bye: match.is_bye,
    })),
    standings: table,
  };
}

/** 'Red Lions vs Blue Sharks', with the score once played; a bye or an opponent not known yet says so. */
function matchTitle(m: PublicMatch): string {
  if (m.is_bye) return `${m.home ?? m.away ?? ''} — bye`;
  const title = `${m.home ?? 'TBD'} vs ${m.away ?? 'TBD'}`;
  return m.home_score !== null && m.away_score !== null ? `${title} (${m.home_score}–${m.away_score})` : title;
}

export async function publicTeamRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  serve(app, publicTeam, async ({ params: { ref } }) => publicView(db, await teamByReference(db, ref)));

  serve(app, publicTeamCalendar, async ({ params: { ref } }, _request, reply) => {
    const view = await publicView(db, await teamByReference(db, ref));
    const host = new URL(config.publicUrl).hostname;
    const text = icsCalendar({
      name: view.league ? `${view.name} — ${view.league.name}` : view.name,
      now: nowSeconds(),
      events: view.matches.filter((m) => !m.is_bye).map((m) => ({
        uid: `match-${m.ID}@${host}`, start: m.date, end: m.date + m.duration * 60, summary: matchTitle(m),
        location: [m.field, view.facility.name].filter(Boolean).join(', '),
        description: view.league ? `${view.league.name}${m.match_type === 'regular' ? '' : ` (${m.match_type})`}` : undefined,
      })),
    });
    return reply.type('text/calendar; charset=utf-8').header('Cache-Control', `public, max-age=${FEED_MAX_AGE}`)
      .header('Content-Disposition', 'inline; filename="team.ics"').send(text);
  });

  serve(app, renewTeamLink, async ({ user, params: { id } }) => db.transaction(async (tx) => {
    await findTeam(tx, user, id, { lock: true });
    const [row] = await tx.update(teams).set({ public_ref: randomUUID() }).where(eq(teams.ID, id)).returning();
    await auditTeam(tx, user, row, 'renew_public_link');
    return { public_ref: row.public_ref };
  }));
}
