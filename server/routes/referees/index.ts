import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { allReferees, assignReferee, refereeBusy, refereeMatches, REFEREE_MESSAGES, type RefereeMatch } from '../../../core/api/referees';
import { icsCalendar } from '../../../core/ical';
import { formatDateTime, nowSeconds } from '../../../core/time';
import { facilityScope } from '../../auth/guard';
import type { Db, Tx } from '../../db/client';
import { facilities, fields, leagues, matches, refereeAssignments, teams, users } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict } from '../../http/errors';
import { recordChange } from '../../services/changelog';

// Referee assignment (spec 3 §2.17, §7 "Referee", issue 27 items 1–2). GET /ref/matches lists the league
// matches of a date range (non-admins: their facility's) with their referee; GET /ref/all the referees of
// a facility; POST /ref/assign gives one referee matches of one facility. The referee's row is locked
// first (FOR UPDATE), so two assignments of one referee queue, and the second sees the first's matches:
// a referee is never on two matches whose times overlap (409 naming the match in the way). After the
// commit the referee gets an e-mail of the matches in the facility's zone with an .ics of them.

const home = alias(teams, 'home');
const away = alias(teams, 'away');
const referee = alias(users, 'referee');
const MAX_ROWS = 2000;

const matchEnd = sql<number>`${matches.date} + ${matches.duration} * 60`;

function selectMatches(db: Db | Tx) {
  return db.select({
    match: matches, league: { ID: leagues.ID, name: leagues.name }, facility: { ID: facilities.ID, name: facilities.name, time_zone: facilities.time_zone },
    field: { number: fields.number, name: fields.name }, home: home.name, away: away.name,
    referee: { ID: referee.ID, first_name: referee.first_name, last_name: referee.last_name },
  }).from(matches)
    .innerJoin(leagues, eq(leagues.ID, matches.league_id))
    .innerJoin(facilities, eq(facilities.ID, leagues.facility_id))
    .leftJoin(fields, eq(fields.ID, matches.field_id))
    .leftJoin(home, eq(home.ID, matches.home_team_id))
    .leftJoin(away, eq(away.ID, matches.away_team_id))
    .leftJoin(refereeAssignments, eq(refereeAssignments.match_id, matches.ID))
    .leftJoin(referee, eq(referee.ID, refereeAssignments.referee_id))
    .$dynamic();
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectMatches>['execute']>>[number];

const title = (row: Selected) => `${row.home ?? 'TBD'} vs ${row.away ?? 'TBD'}`;

function wire(row: Selected): RefereeMatch {
  const [date_parsed, time_parsed] = formatDateTime(row.match.date, row.facility.time_zone).split(' ');
  return {
    ID: row.match.ID, date: row.match.date, duration: row.match.duration,
    event: { start_date: row.match.date, field: row.field?.name ? row.field : null, facility: row.facility },
    league: row.league, home_team: row.home ? { name: row.home } : null, away_team: row.away ? { name: row.away } : null,
    referee: row.referee?.ID ? row.referee : null, date_parsed, time_parsed,
  };
}

export async function refereeRoutes(app: FastifyInstance) {
  const { db, mailer, config } = app.deps;

  serve(app, refereeMatches, async ({ user, query }) => {
    const facility = facilityScope(user, query.facility_id || undefined);
    const rows = await selectMatches(db).where(and(
      gte(matches.date, query.start_date), lte(matches.date, query.end_date), eq(matches.is_bye, false),
      facility === null ? undefined : eq(leagues.facility_id, facility),
      query.field_id ? eq(matches.field_id, query.field_id) : undefined,
      query.assigned === 'yes' ? isNotNull(refereeAssignments.ID) : query.assigned === 'no' ? isNull(refereeAssignments.ID) : undefined,
    )).orderBy(asc(matches.date), asc(matches.ID)).limit(MAX_ROWS);
    return rows.map(wire);
  });

  serve(app, allReferees, async ({ user, query }) => {
    const facility = facilityScope(user, query.facility_id || undefined);
    return db.select({ ID: users.ID, first_name: users.first_name, last_name: users.last_name, email: users.email, phone: users.phone, facility: { name: facilities.name } })
      .from(users).innerJoin(facilities, eq(facilities.ID, users.facility_id))
      .where(and(eq(users.user_type, 'referee'), isNull(users.deleted_at), facility === null ? undefined : eq(users.facility_id, facility)))
      .orderBy(asc(users.first_name), asc(users.last_name), asc(users.ID));
  });

  serve(app, assignReferee, async ({ user, body }) => {
    const ids = [...new Set(body.match_ids)].sort((a, b) => a - b);
    const { official, chosen } = await db.transaction(async (tx) => {
      // The referee first: assignments of one referee queue here.
      const [official] = await tx.select().from(users).where(and(eq(users.ID, body.referee_id), eq(users.user_type, 'referee'), isNull(users.deleted_at))).for('update');
      if (!official) throw badRequest(REFEREE_MESSAGES.selectValid);
      const own = facilityScope(user);
      const chosen = await selectMatches(tx).where(inArray(matches.ID, ids)).orderBy(asc(matches.ID));
      // Another facility's match is as unknown as a missing one.
      if (chosen.length !== ids.length || (own !== null && chosen.some((m) => m.facility.ID !== own))) throw badRequest(REFEREE_MESSAGES.selectValid);
      if (new Set(chosen.map((m) => m.facility.ID)).size > 1) throw badRequest(REFEREE_MESSAGES.sameFacility);
      if (official.facility_id !== chosen[0].facility.ID) throw badRequest(REFEREE_MESSAGES.notReferee);
      const end = (m: Selected) => m.match.date + m.match.duration * 60;
      // The chosen matches among themselves, then against the referee's other matches.
      for (const [i, a] of chosen.entries()) {
        const clash = chosen.slice(i + 1).find((b) => a.match.date < end(b) && b.match.date < end(a));
        if (clash) throw conflict(refereeBusy(title(clash), formatDateTime(clash.match.date, clash.facility.time_zone), clash.field?.name ?? ''));
      }
      for (const m of chosen) {
        const [clash] = await selectMatches(tx).where(and(
          eq(refereeAssignments.referee_id, official.ID), notInArray(matches.ID, ids),
          sql`${matches.date} < ${end(m)}`, sql`${matchEnd} > ${m.match.date}`,
        )).orderBy(asc(matches.date)).limit(1);
        if (clash) throw conflict(refereeBusy(title(clash), formatDateTime(clash.match.date, clash.facility.time_zone), clash.field?.name ?? ''));
      }
      await tx.insert(refereeAssignments).values(ids.map((match_id) => ({ match_id, referee_id: official.ID })))
        .onConflictDoUpdate({ target: refereeAssignments.match_id, set: { referee_id: official.ID, UpdatedAt: nowSeconds() } });
      for (const m of chosen) {
        await recordChange(tx, { object: 'match', object_id: m.match.ID, action: 'assign_referee', user_id: user.ID, new_value: { referee_id: official.ID } });
      }
      return { official, chosen };
    });
    await mailer.send(assignmentMail(official, chosen, new URL(config.publicUrl).host));
    return { referee_id: official.ID, match_ids: ids };
  });
}

/** The referee's e-mail: each match, field and time in the facility's zone, and an .ics of them. */
function assignmentMail(official: typeof users.$inferSelect, chosen: Selected[], host: string) {
  const facility = chosen[0].facility;
  const lines = chosen.map((m) => `${formatDateTime(m.match.date, facility.time_zone)} (${facility.time_zone}) — ${title(m)} — ${m.league.name}${m.field?.name ? `, ${m.field.name}` : ''}`);
  return {
    to: official.email,
    subject: `Your referee assignments at ${facility.name}`,
    text: `Hello ${official.first_name},\n\nYou referee these matches at ${facility.name}:\n\n${lines.join('\n')}\n\nThe attached calendar holds them.\n`,
    attachments: [{
      filename: 'matches.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: icsCalendar({
        name: `Referee — ${facility.name}`, now: nowSeconds(), method: 'PUBLISH',
        events: chosen.map((m) => ({
          uid: `match-${m.match.ID}@${host}`, start: m.match.date, end: m.match.date + m.match.duration * 60, summary: `Referee: ${title(m)}`,
          location: [m.field?.name, facility.name].filter(Boolean).join(', '), description: m.league.name,
        })),
      }),
    }],
  };
}
