import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { matchScores } from '../../../core/api/events';
import { events, leagues, matches } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { saveMatch } from '../../domain/schedule/store';
import { recordEventChange } from '../../domain/events/access';

// PUT /match/score/{id}: the event page's League tab saves the home and away scores on blur. A match
// of another facility's league answers 404; the change is recorded on the match (a play-off winner
// moves on: domain/schedule/store.ts) and on its events.

export async function matchScoreRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, matchScores, async ({ user, params: { id }, body: scores }) => db.transaction(async (tx) => {
    const [found] = await tx
      .select({ match: matches })
      .from(matches)
      .innerJoin(leagues, eq(leagues.ID, matches.league_id))
      .where(and(eq(matches.ID, id), user.role === 'admin' ? undefined : eq(leagues.facility_id, user.facility_id)))
      .for('update', { of: matches });
    if (!found) throw notFound('Match');
    const row = await saveMatch(tx, user, found.match, scores);
    for (const event of await tx.select().from(events).where(eq(events.match_id, id))) {
      await recordEventChange(tx, user, event, 'update', { scores });
    }
    return { ID: row.ID, home_score: row.home_score, away_score: row.away_score };
  }));
}
