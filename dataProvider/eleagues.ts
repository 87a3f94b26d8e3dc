import * as api from '../core/api/eleagues';
import type { EleagueLogType, EleagueScheduleBody, EmatchRecord, EplayerRecord, EstandingsRow } from '../core/api/eleagues';
import { createCall, keyed } from './call';
import type { HttpClient } from './httpClient';

// E-leagues (spec 3 §7, issue 27): e-players, e-matches, their standings and play-offs, the e-league
// schedule and the day's actions, through their declarations in core/api/eleagues.ts.

export type { EleagueLogType, EmatchRecord, EplayerRecord, EstandingsRow } from '../core/api/eleagues';

type EleagueScheduleInput = Omit<EleagueScheduleBody, 'games' | 'duration' | 'slots'> & {
  games?: number; duration?: number; slots: { weekday: number; start_time: string; end_time: string; consoles?: number }[];
};

export interface EleagueMethods {
  leagueEplayers(leagueId: number): Promise<EplayerRecord[]>;
  findEplayers(query: string): Promise<EplayerRecord[]>;
  getEplayer(id: number): Promise<EplayerRecord>;
  updateEplayer(id: number, change: { console_id?: string; discord_username?: string; console?: 'PS4' | 'XBOX' }): Promise<EplayerRecord>;
  removeEplayerSignup(id: number): Promise<{ ID: number; league_id: number; eplayer_id: number }>;
  signupEplayer(body: { league_id: number; customer_id: number; console_id?: string; console?: 'PS4' | 'XBOX'; discord_username?: string }): Promise<EplayerRecord>;
  ematches(leagueId: number, page: number): Promise<{ matches: EmatchRecord[]; total: number; page: number }>;
  createEmatch(body: { league_id: number; home_player_id: number; away_player_id: number; date: number; duration?: number; level?: number }, idempotencyKey?: string): Promise<EmatchRecord>;
  updateEmatch(id: number, change: { home_score?: number | null; away_score?: number | null; home_checked_in?: boolean; away_checked_in?: boolean }): Promise<EmatchRecord>;
  ematchStandings(leagueId: number): Promise<EstandingsRow[]>;
  ematchPlayoffs(leagueId: number): Promise<EmatchRecord[]>;
  ematchDay(leagueId: number, start: number): Promise<EmatchRecord[]>;
  sendEmatchDay(leagueId: number, start: number): Promise<{ key: string; sent: number }>;
  recordNoShows(leagueId: number, start: number): Promise<{ key: string; no_shows: number[] }>;
  checkLog(logType: EleagueLogType, key: string): Promise<{ done: boolean; at: number | null }>;
  scheduleEleague(body: EleagueScheduleInput): Promise<EmatchRecord[]>;
}

export function eleagueMethods(apiUrl: string, client: HttpClient): EleagueMethods {
  const call = createCall(client, apiUrl);
  return {
    leagueEplayers: (league_id) => call(api.searchEplayers, { query: { league_id } }),
    findEplayers: (query) => call(api.searchEplayers, { query: { query } }),
    getEplayer: (id) => call(api.getEplayer, { params: { id } }),
    updateEplayer: (id, body) => call(api.updateEplayer, { params: { id }, body }),
    removeEplayerSignup: (id) => call(api.deleteEplayerSignup, { params: { id } }),
    signupEplayer: (body) => call(api.signupEplayer, { body }),
    ematches: (league_id, page) => call(api.listEmatches, { query: { league_id, page } }),
    createEmatch: (body, key) => call(api.createEmatch, { body }, keyed(key)),
    updateEmatch: (id, body) => call(api.updateEmatch, { params: { id }, body }),
    ematchStandings: (league_id) => call(api.ematchStandings, { query: { league_id } }),
    ematchPlayoffs: (league_id) => call(api.ematchPlayoffs, { query: { league_id } }),
    ematchDay: (league_id, start) => call(api.ematchDay, { query: { league_id, start } }),
    sendEmatchDay: (league_id, start) => call(api.sendEmatchDay, { query: { league_id, start } }),
    recordNoShows: (league_id, start) => call(api.recordNoShows, { query: { league_id, start } }),
    checkLog: (log_type, key) => call(api.checkLog, { body: { log_type, key } }),
    scheduleEleague: (body) => call(api.scheduleEleague, { body }),
  };
}
