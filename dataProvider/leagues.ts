import * as leagues from '../core/api/leagues';
import * as teams from '../core/api/teams';
import type { LeagueDetail, LeagueRecord, LeagueTeam, RolloverBody, TeamSignupDetail } from '../core/api/leagues';
import type { PlayerRecord, PublicTeam, SignupAnswer, TeamDetail, TeamRecord } from '../core/api/teams';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

// League, tournament, team and roster calls beyond CRUD (spec 3 §7 "Leagues and tournaments" and
// "Teams"), through their declarations in core/api/leagues.ts and core/api/teams.ts, mixed into the
// dataProvider (./index.ts). The resources themselves (leagues, league, tournament, teams, team) go
// through the CRUD methods (GET /league, POST /league, PUT /league/{id}, DELETE /league/{id} …).

export type {
  LeagueDetail, LeagueDivision, LeagueListRow, LeagueRecord, LeagueTeam, Property, RolloverBody, TeamSignupDetail,
} from '../core/api/leagues';
export type {
  PlayerRecord, PublicMatch, PublicStandingsRow, PublicTeam, RosterEntry, SignupAnswer, TeamDetail, TeamLeague, TeamListRow, TeamRecord,
} from '../core/api/teams';

export interface LeagueMethods {
  getLeague(id: number, kind?: 'league' | 'tournament'): Promise<LeagueDetail>;
  leagueTotals(filter: Record<string, unknown>): Promise<{ leagues: number; teams: number }>;
  moveLeagueTeam(leagueId: number, signupId: number, direction: 'up' | 'down'): Promise<LeagueTeam[]>;
  teamSignup(id: number): Promise<TeamSignupDetail>;
  rolloverLeague(body: RolloverBody): Promise<{ ID: number }>;
  completeRollover(id: number): Promise<LeagueRecord>;
  getTeam(id: number): Promise<TeamDetail>;
  allTeams(query?: { facility_id?: number; query?: string }): Promise<Array<{ ID: number; name: string; facility_id: number }>>;
  signUpTeam(body: { league_id: number; fee: number; team_id?: number; name?: string; color?: string }): Promise<SignupAnswer>;
  changeLeague(signupId: number, body: { team_id: number; league_id: number }): Promise<SignupAnswer>;
  removeSignup(signupId: number): Promise<SignupAnswer>;
  lockRoster(teamId: number, lock: boolean): Promise<TeamRecord>;
  addPlayer(body: { team_id: number; customer_id: number; is_coach?: boolean }): Promise<PlayerRecord & { captain: boolean }>;
  movePlayer(playerId: number, teamId: number): Promise<PlayerRecord & { moved_payments: number[] }>;
  removePlayer(playerId: number): Promise<PlayerRecord>;
  /** The public team page's team (signed out). */
  publicTeam(ref: string): Promise<PublicTeam>;
  renewTeamLink(teamId: number): Promise<{ public_ref: string }>;
}

export function leagueMethods(apiUrl: string, client: HttpClient): LeagueMethods {
  const call = createCall(client, apiUrl);
  return {
    getLeague: (id, kind = 'league') => call(kind === 'tournament' ? leagues.getTournament : leagues.getLeague, { params: { id } }),
    leagueTotals: (filter) => call(leagues.leagueTotals, { query: { filter: JSON.stringify(filter) } }),
    moveLeagueTeam: (id, signup_id, direction) => call(leagues.moveLeagueTeam, { params: { id }, body: { signup_id, direction } }),
    teamSignup: (id) => call(leagues.getTeamSignup, { params: { id } }),
    rolloverLeague: (body) => call(leagues.rolloverLeague, { body }),
    completeRollover: (id) => call(leagues.completeRollover, { query: { id } }),
    getTeam: (id) => call(teams.getTeam, { params: { id } }),
    allTeams: (query = {}) => call(teams.allTeams, { query }),
    signUpTeam: (body) => call(teams.signUpTeam, { body }),
    changeLeague: (id, body) => call(teams.changeLeague, { params: { id }, body }),
    removeSignup: (id) => call(teams.removeSignup, { params: { id } }),
    lockRoster: (id, lock_roster) => call(teams.lockRoster, { params: { id }, query: { lock_roster } }),
    addPlayer: (body) => call(teams.addPlayer, { body }),
    movePlayer: (id, team_id) => call(teams.movePlayer, { params: { id }, body: { team_id } }),
    removePlayer: (id) => call(teams.removePlayer, { params: { id } }),
    publicTeam: (ref) => call(teams.publicTeam, { params: { ref } }),
    renewTeamLink: (id) => call(teams.renewTeamLink, { params: { id } }),
  };
}
