import * as api from '../core/api/schedule';
import type { BuiltSchedule, MatchChange, MatchRecord, NewMatch, PlayoffBody, ProposedMatch, ScheduleBody, StandingsWireRow } from '../core/api/schedule';
import { createCall, keyed } from './call';
import type { HttpClient } from './httpClient';

// The schedule builder, matches, standings and play-offs (spec 3 §7 "Matches, schedules, playoffs,
// standings"), through their declarations in core/api/schedule.ts, mixed into the dataProvider.

export type { BuiltSchedule, MatchChange, MatchRecord, NewMatch, PlayoffBody, ProposedMatch, ScheduleBody, StandingsWireRow } from '../core/api/schedule';

type ScheduleInputBody = Omit<ScheduleBody, 'games' | 'duration'> & { games?: number; duration?: number };
type PlayoffInputBody = Omit<PlayoffBody, 'duration'> & { duration?: number };

export interface ScheduleMethods {
  buildSchedule(body: ScheduleInputBody, pools: boolean): Promise<BuiltSchedule>;
  saveMatches(leagueId: number, matches: NewMatch[], idempotencyKey?: string): Promise<MatchRecord[]>;
  createMatch(body: NewMatch & { league_id: number }, idempotencyKey?: string): Promise<MatchRecord>;
  updateMatch(id: number, change: MatchChange): Promise<MatchRecord>;
  deleteMatch(id: number): Promise<{ deleted: number[] }>;
  deleteSchedule(leagueId: number): Promise<{ deleted: number[] }>;
  listMatches(leagueId: number): Promise<{ matches: MatchRecord[]; standings: StandingsWireRow[] }>;
  standings(leagueId: number, group?: number): Promise<StandingsWireRow[]>;
  previewPlayoffs(body: PlayoffInputBody): Promise<{ matches: ProposedMatch[] }>;
  createPlayoffs(body: PlayoffInputBody, idempotencyKey?: string): Promise<MatchRecord[]>;
  playoffs(leagueId: number): Promise<MatchRecord[]>;
  deletePlayoffs(leagueId: number): Promise<{ deleted: number[] }>;
}

export function scheduleMethods(apiUrl: string, client: HttpClient): ScheduleMethods {
  const call = createCall(client, apiUrl);
  return {
    buildSchedule: (body, pools) => call(pools ? api.buildTournamentSchedule : api.buildLeagueSchedule, { body }),
    saveMatches: (league_id, matches, key) => call(api.saveMatches, { body: { league_id, matches } }, keyed(key)),
    createMatch: (body, key) => call(api.createMatch, { body }, keyed(key)),
    updateMatch: (id, body) => call(api.updateMatch, { params: { id }, body }),
    deleteMatch: (id) => call(api.deleteMatch, { params: { id } }),
    deleteSchedule: (id) => call(api.deleteSchedule, { params: { id } }),
    listMatches: (league_id) => call(api.listMatches, { body: { query: { league_id } } }),
    standings: (league_id, group) => call(api.leagueStandings, { query: { league_id, group } }),
    previewPlayoffs: (body) => call(api.previewPlayoffs, { body }),
    createPlayoffs: (body, key) => call(api.createPlayoffs, { body }, keyed(key)),
    playoffs: (league_id) => call(api.getPlayoffs, { query: { league_id } }),
    deletePlayoffs: (leagueID) => call(api.deletePlayoffs, { params: { leagueID } }),
  };
}
