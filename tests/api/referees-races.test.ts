import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refereeAssignments } from '../../server/db/schema';
import { statusCounts } from './support/races';
import { refereeFixture, type RefereeFixture } from './support/referees';

// Concurrency on a PostgreSQL server (issue 27): the referee's row is locked before their matches are
// compared, so concurrent assignments never put one referee on two overlapping matches.

describe.runIf(process.env.TEST_DB === 'postgres')('concurrent assignments on PostgreSQL', () => {
  let f: RefereeFixture;
  beforeAll(async () => { f = await refereeFixture(); });
  afterAll(async () => { await f?.ctx.close(); });

  it('of one referee to 5 overlapping matches at once assign exactly one', async () => {
    const ids = await Promise.all([0, 0.1, 0.2, 0.3, 0.4].map((h) => f.match(60 + h)));
    const answers = await Promise.all(ids.map((id) => f.assign(f.t.admin, [id])));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 4 });
    // The one saved is the winner's match; each loser is told which match the referee already has.
    const won = ids[answers.findIndex((a) => a.statusCode === 200)];
    const assigned = await f.ctx.database.db.select().from(refereeAssignments).where(eq(refereeAssignments.referee_id, f.refereeId));
    expect(assigned.filter((a) => ids.includes(a.match_id)).map((a) => a.match_id)).toEqual([won]);
    for (const loser of answers.filter((a) => a.statusCode === 409)) expect(loser.json().message).toMatch(/^The referee already has Lions 1 vs Sharks 1 at \S+ \S+ on /);
  });
});
