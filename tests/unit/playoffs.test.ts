import { describe, expect, it } from 'vitest';
import { BYE } from '../../core/schedule/builder';
import { bracketOrder, buildPlayoffs, nextMatch, playoffProblem, playoffWinner, recordResult, roundName, TO_BE_DECIDED, type PlayoffMatch, type RoundSetting } from '../../core/schedule/playoffs';

// Playoffs (issue 25): seeded from the standings in bracket order, byes for the top seeds, each round
// back to back on its field from its start time, and a winner moving into the next round's match.

const START = 1_900_000_000;
const settings = (...levels: number[]): RoundSetting[] => levels.map((level, i) => ({ level, field_id: 10 + i, start_time: START + i * 86400 }));
const seeds = (n: number) => Array.from({ length: n }, (_, i) => 101 + i);
const seedOf = (team: number) => team - 100;

/** Plays the bracket out with the better seed winning every match: the round in which seeds a and b meet. */
function meeting(bracket: PlayoffMatch[], a: number, b: number): number | null {
  let current = bracket;
  for (const level of [...new Set(bracket.map((m) => m.level))].sort((x, y) => y - x)) {
    for (const match of current.filter((m) => m.level === level && !m.is_bye)) {
      const sides = [seedOf(match.home_team_id), seedOf(match.away_team_id)];
      if (sides.includes(a) && sides.includes(b)) return level;
      const homeWins = sides[0] < sides[1];
      current = recordResult(current, { level, index: match.index, home_score: homeWins ? 2 : 0, away_score: homeWins ? 0 : 2 });
    }
  }
  return null;
}

describe('the bracket', () => {
  it('names the rounds', () => {
    expect([16, 8, 4, 2].map(roundName)).toEqual(['Round of 16', 'Quarter final', 'Semi final', 'Final']);
  });

  it('seeds in bracket order: 1 v N, 4 v N−3, 2 v N−1, 3 v N−2 for 8, and alike for 4 and 16', () => {
    expect(bracketOrder(4)).toEqual([1, 4, 2, 3]);
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(bracketOrder(16)).toEqual([1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
    const quarter = buildPlayoffs({ seeds: seeds(8), duration: 60, round_settings: settings(8, 4, 2) }).filter((m) => m.level === 8);
    expect(quarter.map((m) => [seedOf(m.home_team_id), seedOf(m.away_team_id)])).toEqual([[1, 8], [4, 5], [2, 7], [3, 6]]);
  });

  it.each([4, 8, 16])('in a bracket of %i, 1 and 2 meet only in the final, and every seed pair meets at most once', (size) => {
    const levels = [16, 8, 4, 2].filter((l) => l <= size);
    const bracket = buildPlayoffs({ seeds: seeds(size), duration: 60, round_settings: settings(...levels) });
    expect(meeting(bracket, 1, 2)).toBe(2);
    // Whatever the results: 1 and 2 are in different halves of the bracket.
    expect([bracketOrder(size).indexOf(1) < size / 2, bracketOrder(size).indexOf(2) < size / 2]).toEqual([true, false]);
    // With the better seeds winning, the semi finals are 1 v 4 and 2 v 3.
    if (size >= 4) expect([meeting(bracket, 1, 4), meeting(bracket, 2, 3)]).toEqual([4, 4]);
    expect(bracket.filter((m) => m.level === size)).toHaveLength(size / 2);
    expect(bracket).toHaveLength(size - 1);
  });

  it('takes only the top seeds when more teams qualify than the first round has places', () => {
    const bracket = buildPlayoffs({ seeds: seeds(11), duration: 45, round_settings: settings(4, 2) });
    expect(bracket.filter((m) => m.level === 4).map((m) => [seedOf(m.home_team_id), seedOf(m.away_team_id)])).toEqual([[1, 4], [2, 3]]);
  });

  it.each([
    [5, [1, 2, 3]],
    [6, [1, 2]],
    [7, [1]],
  ])('gives byes to the top seeds with %i teams in a bracket of 8, moved on at once and booking no field', (teams, byeSeeds) => {
    const bracket = buildPlayoffs({ seeds: seeds(teams), duration: 60, round_settings: settings(8, 4, 2) });
    const byes = bracket.filter((m) => m.is_bye);
    expect(byes.map((m) => seedOf(m.home_team_id)).sort()).toEqual(byeSeeds);
    for (const bye of byes) {
      expect(bye).toMatchObject({ away_team_id: BYE, field_id: null, duration: 0, home_score: 1, away_score: 0, level: 8 });
      const next = nextMatch(8, bye.index)!;
      const semi = bracket.find((m) => m.level === 4 && m.index === next.index)!;
      expect(next.side === 'home' ? semi.home_team_id : semi.away_team_id).toBe(bye.home_team_id);
    }
    // The quarter finals that are played follow each other from the round's start on its field.
    const played = bracket.filter((m) => m.level === 8 && !m.is_bye);
    expect(played.map((m) => [m.date, m.field_id, m.duration])).toEqual(played.map((_, i) => [START + i * 3600, 10, 60]));
    expect(played).toHaveLength(teams - 4);
  });

  it('5 teams in 8: the semi final 2 v 3 is set before a ball is kicked, and 1 waits for 4 v 5', () => {
    const bracket = buildPlayoffs({ seeds: seeds(5), duration: 60, round_settings: settings(8, 4, 2) });
    const semis = bracket.filter((m) => m.level === 4).map((m) => [m.home_team_id, m.away_team_id].map((t) => (t === TO_BE_DECIDED ? 0 : seedOf(t))));
    expect(semis).toEqual([[1, 0], [2, 3]]);
    const final = bracket.find((m) => m.level === 2)!;
    expect([final.home_team_id, final.away_team_id, final.date, final.field_id]).toEqual([TO_BE_DECIDED, TO_BE_DECIDED, START + 2 * 86400, 12]);
  });
});

describe('a winner moves on', () => {
  const bracket = buildPlayoffs({ seeds: seeds(8), duration: 60, round_settings: settings(8, 4, 2) });

  it('into the next round\'s match, on the side its bracket position gives, and back out when the score changes', () => {
    expect(nextMatch(8, 0)).toEqual({ level: 4, index: 0, side: 'home' });
    expect(nextMatch(8, 3)).toEqual({ level: 4, index: 1, side: 'away' });
    expect(nextMatch(2, 0)).toBeNull();
    // 4 v 5 (quarter final 2): 5 wins and becomes the away side of semi final 1.
    const after = recordResult(bracket, { level: 8, index: 1, home_score: 1, away_score: 3 });
    expect(after.find((m) => m.level === 4 && m.index === 0)!.away_team_id).toBe(105);
    expect(after.find((m) => m.level === 8 && m.index === 1)).toMatchObject({ home_score: 1, away_score: 3 });
    expect(bracket.find((m) => m.level === 4 && m.index === 0)!.away_team_id).toBe(TO_BE_DECIDED);
    // A corrected score moves the other team in; a level score leaves the side open.
    expect(recordResult(after, { level: 8, index: 1, home_score: 2, away_score: 0 }).find((m) => m.level === 4 && m.index === 0)!.away_team_id).toBe(104);
    expect(recordResult(after, { level: 8, index: 1, home_score: 2, away_score: 2 }).find((m) => m.level === 4 && m.index === 0)!.away_team_id).toBe(TO_BE_DECIDED);
  });

  it('knows the winner only from a decided score between two known teams', () => {
    expect(playoffWinner({ home_team_id: 1, away_team_id: 2, home_score: 0, away_score: 1 })).toBe(2);
    expect(playoffWinner({ home_team_id: 1, away_team_id: 2, home_score: 1, away_score: 1 })).toBeNull();
    expect(playoffWinner({ home_team_id: 1, away_team_id: 2, home_score: null, away_score: 1 })).toBeNull();
    expect(playoffWinner({ home_team_id: TO_BE_DECIDED, away_team_id: 2, home_score: 3, away_score: 1 })).toBeNull();
    expect(() => recordResult(bracket, { level: 16, index: 0, home_score: 1, away_score: 0 })).toThrow('No round of 16 match 1');
  });
});

describe('what the generator refuses', () => {
  it('says why', () => {
    expect(playoffProblem({ seeds: seeds(8), duration: 60, round_settings: settings(6, 3) })).toBe('The first round has 16, 8, 4, 2 places');
    expect(playoffProblem({ seeds: seeds(8), duration: 60, round_settings: settings(8, 2) })).toBe('Give every round from Quarter final to the final a field and a start time, in order');
    expect(playoffProblem({ seeds: seeds(4), duration: 60, round_settings: settings(8, 4, 2) })).toBe('A quarter final needs at least 5 teams; 4 are seeded');
    expect(playoffProblem({ seeds: [1, 1, 2], duration: 60, round_settings: settings(4, 2) })).toBe('A team is seeded twice');
    expect(playoffProblem({ seeds: seeds(2), duration: 60, round_settings: settings(2) })).toBeNull();
    expect(() => buildPlayoffs({ seeds: seeds(1), duration: 60, round_settings: settings(2) })).toThrow('A final needs at least 2 teams; 1 is seeded');
  });
});
