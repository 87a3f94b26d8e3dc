import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELEAGUE_MESSAGES } from '../../core/api/eleagues';
import { actionLogs, changelog, ematches, jobs } from '../../server/db/schema';
import { eleagueFixture, type EleagueFixture } from './support/eleagues';
import { statusCounts } from './support/races';

// Concurrency on a PostgreSQL server (issue 27 item 5): an e-league day's list and its no-shows are
// claimed by their log row (unique on log_type and key) inside the call's transaction, so five calls at
// once send one mail per player and record each no-show once.

const HOUR = 3600;

describe.runIf(process.env.TEST_DB === 'postgres')('e-league day actions at once on PostgreSQL', () => {
  let f: EleagueFixture;
  beforeAll(async () => { f = await eleagueFixture(); });
  afterAll(async () => { await f?.ctx.close(); });

  it('five sends of one day mail each player once', async () => {
    const [a, b, c, d] = f.players;
    await f.ematch(a, b, 15);
    await f.ematch(c, d, 16);
    const before = f.ctx.outbox.length;
    const start = f.DAY0 + 12 * HOUR;
    const answers = await Promise.all([0, 1, 2, 3, 4].map((k) => f.ctx.api([f.t.admin, f.t.manager, f.t.mod][k % 3], 'POST', `/ematch/send?league_id=${f.league}&start=${start + k * 60}`)));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 4 });
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message))).toEqual(new Set([ELEAGUE_MESSAGES.alreadySent]));
    expect(answers.find((a) => a.statusCode === 200)!.json()).toMatchObject({ sent: 4 });
    // Sent by the jobs worker once the winning call commits; every job of the day done before counting.
    await expect.poll(async () => f.ctx.database.db.$count(jobs, and(eq(jobs.kind, 'eleague.day_mail'), isNull(jobs.done_at)))).toBe(0);
    const mails = f.ctx.outbox.slice(before).map((m) => m.to).sort();
    expect(mails).toEqual(['ana@players.test', 'ben@players.test', 'cy@players.test', 'di@players.test']);
    expect(await f.ctx.database.db.$count(actionLogs, eq(actionLogs.log_type, 'ematch_send'))).toBe(1);
  });

  it('five no-show calls of one day record each no-show once', async () => {
    const [a, b, c, d] = f.players;
    const day = 10 * 24;
    const one = await f.ematch(a, b, day + 15, { home_checked_in: true });
    const two = await f.ematch(c, d, day + 16, { away_checked_in: true });
    const start = f.DAY0 + (day + 12) * HOUR;
    const answers = await Promise.all([0, 1, 2, 3, 4].map((k) => f.ctx.api(f.t.manager, 'POST', `/ematch/noshow?league_id=${f.league}&start=${start + k * 60}`)));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 4 });
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message))).toEqual(new Set([ELEAGUE_MESSAGES.alreadyNoShows]));
    expect(answers.find((r) => r.statusCode === 200)!.json().no_shows).toEqual([one, two]);
    for (const id of [one, two]) {
      expect(await f.ctx.database.db.$count(changelog, and(eq(changelog.object_type, 'ematch'), eq(changelog.object_id, id), eq(changelog.action, 'no_show')))).toBe(1);
    }
    const [row] = await f.ctx.database.db.select().from(ematches).where(eq(ematches.ID, two));
    expect([row.home_score, row.away_score]).toEqual([0, 3]);
  });
});
