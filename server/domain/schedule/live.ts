import { aliasedTable, and, eq, gt, lte } from 'drizzle-orm';
import type { Scoreboard } from '../../../core/scoreboards/protocol';
import { nowSeconds } from '../../../core/time';
import type { Db } from '../../db/client';
import { events, matches, teams } from '../../db/schema';
import { saveMatch } from './store';

// Live scores (issue 25 item 5): while a scoreboard shows a game on a field, the match whose booking
// runs on that field now takes the board's score as it changes, so the standings follow the game as
// it is played. The board names its teams as typed on it: when its home side is the match's away
// team (and the other way round), the scores are swapped. Staff correct a score afterwards with
// PUT /match/{id}; every change is audited (by the system: no user).

const home = aliasedTable(teams, 'home_team');
const away = aliasedTable(teams, 'away_team');
const same = (a: string, b: string | null) => b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

export async function liveScore(db: Db, scoreboard: Scoreboard, at = nowSeconds()): Promise<void> {
  const game = scoreboard.game;
  if (!game) return;
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ match: matches, home: home.name, away: away.name })
      .from(events)
      .innerJoin(matches, eq(matches.ID, events.match_id))
      .leftJoin(home, eq(home.ID, matches.home_team_id))
      .leftJoin(away, eq(away.ID, matches.away_team_id))
      .where(and(eq(events.field_id, scoreboard.field.ID), lte(events.start_date, at), gt(events.end_date, at)))
      .orderBy(events.start_date)
      .limit(1)
      .for('update', { of: matches });
    if (!found || found.match.is_bye) return;
    const swapped = same(game.home, found.away) && same(game.away, found.home);
    const [home_score, away_score] = swapped ? [game.away_score, game.home_score] : [game.home_score, game.away_score];
    if (found.match.home_score === home_score && found.match.away_score === away_score) return;
    await saveMatch(tx, null, found.match, { home_score, away_score });
  });
}
