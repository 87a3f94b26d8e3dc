import { describe, expect, it } from 'vitest';
import { countedScore, standings, STANDINGS_LEGEND, type ResultMatch, type StandingsTeam } from '../../core/schedule/standings';

// Standings (issue 25): 3 points a win, 1 a draw, a no-show loses 0–3; teams level on points are ranked
// by the games between them (points, goal difference, goals), applied again to those still level,
// then by goal difference, goals and name. Real groups whose order head-to-head decided, then
// hand-made ties.

/** A group from "A 1-0 B" lines; team IDs are the names' positions. */
function group(names: string[], results: string[]): { teams: StandingsTeam[]; matches: ResultMatch[] } {
  const id = (name: string) => names.indexOf(name) + 1;
  const matches = results.map((line) => {
    const [, home, homeScore, awayScore, away] = /^(.+) (\d+)-(\d+) (.+)$/.exec(line)!;
    expect(id(home) * id(away), line).toBeGreaterThan(0);
    return { home_team_id: id(home), away_team_id: id(away), home_score: Number(homeScore), away_score: Number(awayScore) };
  });
  return { teams: names.map((name, i) => ({ team_id: i + 1, name })), matches };
}
const order = (g: { teams: StandingsTeam[]; matches: ResultMatch[] }) => standings(g.teams, g.matches).map((row) => row.team);

describe('standings on real groups decided by head-to-head', () => {
  it('UEFA Euro 2012, Group A: Greece above Russia on their game (1-0), though Russia had the better goal difference', () => {
    const a = group(['Poland', 'Greece', 'Russia', 'Czech Republic'], [
      'Poland 1-1 Greece', 'Russia 4-1 Czech Republic', 'Greece 1-2 Czech Republic',
      'Poland 1-1 Russia', 'Czech Republic 1-0 Poland', 'Greece 1-0 Russia',
    ]);
    const rows = standings(a.teams, a.matches);
    expect(rows.map((r) => r.team)).toEqual(['Czech Republic', 'Greece', 'Russia', 'Poland']);
    expect(rows.map((r) => [r.points, r.gd])).toEqual([[6, -1], [4, 0], [4, 2], [2, -1]]);
    expect(rows[0]).toMatchObject({ team_id: 4, group: null, rank: 1, games: 3, won: 2, draw: 0, lost: 1, gf: 4, ga: 5 });
  });

  it('UEFA Euro 2012, Group D: Ukraine above Sweden on their game (2-1), though Sweden had the better goal difference', () => {
    const d = group(['France', 'England', 'Ukraine', 'Sweden'], [
      'France 1-1 England', 'Ukraine 2-1 Sweden', 'Ukraine 0-2 France',
      'Sweden 2-3 England', 'England 1-0 Ukraine', 'Sweden 2-0 France',
    ]);
    expect(order(d)).toEqual(['England', 'France', 'Ukraine', 'Sweden']);
  });

  it('UEFA Euro 2016, Group E: Italy above Belgium on their game (2-0), though Belgium scored more', () => {
    const e = group(['Belgium', 'Italy', 'Republic of Ireland', 'Sweden'], [
      'Republic of Ireland 1-1 Sweden', 'Belgium 0-2 Italy', 'Italy 1-0 Sweden',
      'Belgium 3-0 Republic of Ireland', 'Italy 0-1 Republic of Ireland', 'Sweden 0-1 Belgium',
    ]);
    const rows = standings(e.teams, e.matches);
    expect(rows.map((r) => r.team)).toEqual(['Italy', 'Belgium', 'Republic of Ireland', 'Sweden']);
    expect(rows.slice(0, 2).map((r) => [r.points, r.gd, r.gf])).toEqual([[6, 2, 3], [6, 2, 4]]);
  });

  it('UEFA Euro 2016, Group F: Hungary and Iceland drew 1-1, so goal difference put Hungary first', () => {
    const f = group(['Portugal', 'Iceland', 'Austria', 'Hungary'], [
      'Austria 0-2 Hungary', 'Portugal 1-1 Iceland', 'Iceland 1-1 Hungary',
      'Portugal 0-0 Austria', 'Iceland 2-1 Austria', 'Hungary 3-3 Portugal',
    ]);
    expect(order(f)).toEqual(['Hungary', 'Iceland', 'Portugal', 'Austria']);
  });

  it('UEFA Euro 2020, Group B: three teams on 3 points, ranked by goal difference in their games', () => {
    const b = group(['Denmark', 'Finland', 'Belgium', 'Russia'], [
      'Denmark 0-1 Finland', 'Belgium 3-0 Russia', 'Finland 0-1 Russia',
      'Denmark 1-2 Belgium', 'Russia 1-4 Denmark', 'Finland 0-2 Belgium',
    ]);
    expect(order(b)).toEqual(['Belgium', 'Denmark', 'Finland', 'Russia']);
  });

  it('UEFA Euro 2024, Group E: all four on 4 points; the games between them (the whole group) rank Romania, Belgium, Slovakia, Ukraine', () => {
    // All level on points, so the games between the four — every game of the group — decide: goal
    // difference puts Romania and Belgium (+1) above Slovakia (0) and Ukraine (−2), and goals scored
    // Romania (4) above Belgium (2). Every team is then apart, so nothing is applied again. UEFA's
    // criteria (points, goal difference and goals in the games between the teams level, applied again
    // to those still level; then overall goal difference and goals; then disciplinary points and the
    // qualifiers' ranking, where the project uses the name) gave the same order; the names sort
    // otherwise (Belgium, Romania, Slovakia, Ukraine), so only the results make this table.
    const e = group(['Ukraine', 'Slovakia', 'Belgium', 'Romania'], [
      'Romania 3-0 Ukraine', 'Belgium 0-1 Slovakia', 'Slovakia 1-2 Ukraine',
      'Belgium 2-0 Romania', 'Slovakia 1-1 Romania', 'Ukraine 0-0 Belgium',
    ]);
    const rows = standings(e.teams, e.matches);
    expect(rows.map((r) => r.team)).toEqual(['Romania', 'Belgium', 'Slovakia', 'Ukraine']);
    expect(rows.map((r) => [r.points, r.won, r.draw, r.lost, r.gf, r.ga, r.gd])).toEqual([
      [4, 1, 1, 1, 4, 3, 1], [4, 1, 1, 1, 2, 1, 1], [4, 1, 1, 1, 3, 3, 0], [4, 1, 1, 1, 2, 4, -2],
    ]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
  });

  it('FIFA World Cup 1994, Group E: all four on 4 points; the group\'s games split them but Ireland and Italy, and their game (1-0) decided', () => {
    // Every team on 4 points and a goal difference of 0: goals scored separate Mexico (3) and Norway
    // (1); Ireland and Italy (2 each) are ranked again on their own game. FIFA's 1994 order (goal
    // difference, goals, then head-to-head) gave the same table.
    const e = group(['Mexico', 'Republic of Ireland', 'Italy', 'Norway'], [
      'Italy 0-1 Republic of Ireland', 'Norway 1-0 Mexico', 'Italy 1-0 Norway',
      'Mexico 2-1 Republic of Ireland', 'Italy 1-1 Mexico', 'Republic of Ireland 0-0 Norway',
    ]);
    const rows = standings(e.teams, e.matches);
    expect(rows.map((r) => r.team)).toEqual(['Mexico', 'Republic of Ireland', 'Italy', 'Norway']);
    expect(rows.every((r) => r.points === 4 && r.gd === 0)).toBe(true);
  });
});

describe('standings on hand-made ties', () => {
  it('two-way tie: the game between them first, though the other has the better goal difference', () => {
    const g = group(['A', 'B', 'C', 'D'], ['A 5-0 C', 'A 4-0 D', 'B 1-0 A', 'B 1-0 C', 'D 1-0 B', 'C 0-0 D']);
    const rows = standings(g.teams, g.matches);
    expect(rows.map((r) => [r.team, r.points, r.gd])).toEqual([['B', 6, 1], ['A', 6, 8], ['D', 4, -3], ['C', 1, -6]]);
  });

  it('two-way tie with a drawn game: goal difference, then goals scored, then name', () => {
    expect(order(group(['A', 'B', 'C'], ['A 1-1 B', 'A 3-0 C', 'B 1-0 C']))).toEqual(['A', 'B', 'C']);
    expect(order(group(['A', 'B', 'C'], ['A 2-2 B', 'A 1-0 C', 'B 2-1 C']))).toEqual(['B', 'A', 'C']);
    // Level on everything: by name, not by ID.
    expect(order({ teams: [{ team_id: 1, name: 'Zulu' }, { team_id: 2, name: 'Alpha' }], matches: [{ home_team_id: 1, away_team_id: 2, home_score: 0, away_score: 0 }] })).toEqual(['Alpha', 'Zulu']);
  });

  it('three-way tie in a circle (each beat one of the others): goal difference in their games', () => {
    const g = group(['A', 'B', 'C', 'D'], ['A 1-0 B', 'B 1-0 C', 'C 3-0 A', 'A 1-0 D', 'B 2-0 D', 'C 1-0 D']);
    expect(order(g)).toEqual(['C', 'B', 'A', 'D']);
  });

  it('three-way tie where their games split off one team: the two still level are ranked again on their own game', () => {
    // In the games of A, B and C all have 3 points and a goal difference of 0; goals put B last and
    // leave A and C level, so their own game (C 2-1 A) decides. Overall goal difference would say A, B, C.
    const g = group(['A', 'B', 'C', 'D'], ['A 1-0 B', 'C 2-1 A', 'B 1-0 C', 'A 5-0 D', 'B 4-0 D', 'C 1-0 D']);
    const rows = standings(g.teams, g.matches);
    expect(rows.map((r) => [r.team, r.points, r.gd])).toEqual([['C', 6, 1], ['A', 6, 5], ['B', 6, 4], ['D', 0, -10]]);
  });

  it('a no-show loses 0–3 whatever score was typed; friendlies, playoffs, byes and unplayed games do not count', () => {
    const teams = [{ team_id: 1, name: 'Hosts' }, { team_id: 2, name: 'Visitors' }];
    const matches: ResultMatch[] = [
      { home_team_id: 1, away_team_id: 2, home_score: 2, away_score: 5, no_show: 'away' },
      { home_team_id: 1, away_team_id: 2, home_score: 0, away_score: 4, match_type: 'friendly' },
      { home_team_id: 2, away_team_id: 1, home_score: 3, away_score: 0, match_type: 'playoffs' },
      { home_team_id: 2, away_team_id: -1, home_score: 1, away_score: 0, is_bye: true },
      { home_team_id: 2, away_team_id: 1, home_score: null, away_score: null },
    ];
    expect(standings(teams, matches)).toEqual([
      { team_id: 1, team: 'Hosts', group: null, rank: 1, games: 1, won: 1, draw: 0, lost: 0, gf: 3, ga: 0, gd: 3, points: 3 },
      { team_id: 2, team: 'Visitors', group: null, rank: 2, games: 1, won: 0, draw: 0, lost: 1, gf: 0, ga: 3, gd: -3, points: 0 },
    ]);
    expect(countedScore({ home_team_id: 1, away_team_id: 2, home_score: null, away_score: null, no_show: 'home' })).toEqual({ home: 0, away: 3 });
    expect(countedScore({ home_team_id: 1, away_team_id: 2, home_score: 1, away_score: 1, match_type: 'regular' })).toEqual({ home: 1, away: 1 });
  });

  it('ranks each group of pool play on its own, group 1 first', () => {
    const teams = [{ team_id: 1, name: 'A', group: 2 }, { team_id: 2, name: 'B', group: 2 }, { team_id: 3, name: 'C', group: 1 }, { team_id: 4, name: 'D', group: 1 }];
    const matches = [{ home_team_id: 1, away_team_id: 2, home_score: 0, away_score: 1 }, { home_team_id: 3, away_team_id: 4, home_score: 2, away_score: 2 }];
    expect(standings(teams, matches).map((r) => [r.group, r.rank, r.team, r.points])).toEqual([[1, 1, 'C', 1], [1, 2, 'D', 1], [2, 1, 'B', 3], [2, 2, 'A', 0]]);
  });

  it('says the order in words for the table\'s legend', () => {
    expect(STANDINGS_LEGEND).toContain('3 for a win, 1 for a draw');
    expect(STANDINGS_LEGEND).toContain('applied again');
  });
});
