import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { publicTeam, publicTeamCalendar, renewTeamLink, type PublicMatch, type PublicTeam } from '../../../core/api/teams';
import { icsCalendar } from '../../../core/ical';
import { nowSeconds } from '../../../core/time';
import type { Db } from '../../db/client';
import { customers, facilities, players, teams } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import type { LeagueRow } from '../../domain/leagues/access';
import { auditTeam, findTeam, type TeamRow, teamColumns } from '../../domain/teams/access';
import { leaguesStandings, teamGames, teamLeagues } from '../../domain/teams/games';

// The public team page (issue 24 item 6, the spec's "View Team public link"): anyone holding the
// link's reference — a random UUID stored on the team, shown to staff on the team page — reads the
// team, the league it plays now or next (else its latest) as the heading, its schedule and results in
// every league and tournament it plays in (issue 41: a cup's games beside the league's) and, for each
// one that displays them online (display_schedule), its standings. Players show as first name and last
// initial; no e-mail, phone, birth date or money leaves. The same schedule is served as an iCalendar
// feed, each event naming its league. PUT /team/public_link/{id} issues a new reference, revoking the old.

/** A phone re-reads a subscribed feed on its own schedule; a few minutes of caching spares the server. */
const FEED_MAX_AGE = 300;

/** 'Ana L.': the first name and the last name's initial. */
const shortName = (first: string, last: string) => `${first.trim()}${last.trim() ? ` ${[...last.trim()][0].toUpperCase()}.` : ''}`;

/** The league a team's public page heads with: the one it plays now or next, else the latest it played (`list`: latest first). */
function headline(list: LeagueRow[], now: number): LeagueRow | null {
  const upcoming = list.filter((league) => league.end_date >= now).sort((a, b) => a.start_date - b.start_date || a.ID - b.ID);
  return upcoming[0] ?? [...list].sort((a, b) => b.end_date - a.end_date || b.ID - a.ID)[0] ?? null;
}

async function teamByReference(db: Db, ref: string): Promise<TeamRow> {
  const [team] = await db.select().from(teams).where(eq(teams.public_ref, ref));
  if (!team) throw notFound('Team');
  return team;
}

async function publicView(db: Db, team: TeamRow): Promise<PublicTeam> {
  const [facility] = await db.select({ name: facilities.name, time_zone: facilities.time_zone }).from(facilities).where(eq(facilities.ID, team.facility_id));
  const roster = await db.select({ first: customers.first_name, last: customers.last_name, customer_id: players.customer_id, is_coach: players.is_coach })
    .from(players).innerJoin(customers, eq(customers.ID, players.customer_id))
    .where(eq(players.team_id, team.ID)).orderBy(asc(customers.first_name), asc(customers.last_name), asc(players.ID));
  const list = await teamLeagues(db, team.ID);
  const shown = await leaguesStandings(db, list.filter((league) => league.display_schedule));
  const tableOf = new Map(shown.map(({ league, rows }) => [league.ID, rows.map(({ team_id: _t, id: _i, ...row }) => row)]));
  const played = await teamGames(db, team.ID);
  const league = headline(list, nowSeconds());
  return {
    name: team.name, color: team.color, facility,
    league: league && { name: league.name, start_date: league.start_date, end_date: league.end_date },
    leagues: list.map((l) => ({ name: l.name, start_date: l.start_date, end_date: l.end_date, is_tournament: l.is_tournament, standings: tableOf.get(l.ID) ?? null })),
    players: roster.map((p) => ({ name: shortName(p.first, p.last), is_captain: p.customer_id === team.captain_id, is_coach: p.is_coach })),
    matches: played.map((m): PublicMatch => ({
      ID: m.ID, league: m.league.name, date: m.date, duration: m.duration, field: m.field, home: m.home_team, away: m.away_team,
      home_score: m.home_score, away_score: m.away_score, match_type: m.match_type, is_bye: m.is_bye,
    })),
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
      name: view.name,
      now: nowSeconds(),
      events: view.matches.filter((m) => !m.is_bye).map((m) => ({
        uid: `match-${m.ID}@${host}`, start: m.date, end: m.date + m.duration * 60, summary: matchTitle(m),
        location: [m.field, view.facility.name].filter(Boolean).join(', '),
        description: `${m.league}${m.match_type === 'regular' ? '' : ` (${m.match_type})`}`,
      })),
    });
    return reply.type('text/calendar; charset=utf-8').header('Cache-Control', `public, max-age=${FEED_MAX_AGE}`)
      .header('Content-Disposition', 'inline; filename="team.ics"').send(text);
  });

  serve(app, renewTeamLink, async ({ user, params: { id } }) => db.transaction(async (tx) => {
    await findTeam(tx, user, id, { lock: true });
    const [row] = await tx.update(teams).set({ public_ref: randomUUID() }).where(eq(teams.ID, id)).returning(teamColumns);
    await auditTeam(tx, user, row, 'renew_public_link');
    return { public_ref: row.public_ref };
  }));
}
