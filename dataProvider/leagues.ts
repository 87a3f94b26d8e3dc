import * as teams from '../core/api/teams';
import * as referees from '../core/api/referees';
import type { RefereeMatch, RefereeOption } from '../core/api/referees';
import type { PublicTeam } from '../core/api/teams';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

// League, tournament, team, roster and referee calls beyond CRUD (spec 3 §7 "Leagues and tournaments" and
// "Teams"), through their declarations in core/api/leagues.ts and core/api/teams.ts, mixed into the
// dataProvider (./index.ts). The resources themselves (leagues, league, tournament, teams, team) go
// through the CRUD methods (GET /league, POST /league, PUT /league/{id}, DELETE /league/{id} …).

export type {
  LeagueDetail, LeagueDivision, LeagueListRow, LeagueRecord, LeagueTeam, Property, RolloverBody, TeamSignupDetail,
} from '../core/api/leagues';
export type {
  PlayerRecord, PublicMatch, PublicStandingsRow, PublicTeam, RosterEntry, SignupAnswer, TeamDetail, TeamLeague, TeamListRow, TeamRecord,
} from '../core/api/teams';
export type { RefereeMatch, RefereeOption } from '../core/api/referees';

export interface LeagueMethods {
  /** The public team page's team (signed out). */
  publicTeam(ref: string): Promise<PublicTeam>;
  /** /referee (spec 3 §2.17): matches of a date range, the referees of a facility, an assignment. */
  refereeMatches(query: { start_date: number; end_date: number; facility_id?: number; field_id?: number; assigned?: 'yes' | 'no' }): Promise<RefereeMatch[]>;
  allReferees(facilityId?: number): Promise<RefereeOption[]>;
  assignReferee(refereeId: number, matchIds: number[]): Promise<{ referee_id: number; match_ids: number[] }>;
}

export function leagueMethods(apiUrl: string, client: HttpClient): LeagueMethods {
  const call = createCall(client, apiUrl);
  return {
    publicTeam: (ref) => call(teams.publicTeam, { params: { ref } }),
    refereeMatches: (query) => call(referees.refereeMatches, { query }),
    allReferees: (facility_id) => call(referees.allReferees, { query: facility_id ? { facility_id } : {} }),
    assignReferee: (referee_id, match_ids) => call(referees.assignReferee, { body: { referee_id, match_ids } }),
  };
}
