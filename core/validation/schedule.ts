// The schedule builder, matches, play-offs and standings (spec 3 §2.7–2.9, §4; issue 25): the
// messages the spec leaves unworded, said so that the person reading them knows what to do.

export const SCHEDULE_MESSAGES = {
  teamNotInLeague: 'A team of the schedule is not in this league: add it on the Teams tab first',
  sameTeam: 'A team cannot play itself: pick two different teams',
  fieldOfOtherFacility: 'Pick a field of the league\'s facility',
  notALeague: 'Schedules are built for leagues and tournament divisions, not for seasons: open one of its age groups',
  playoffsExist: 'This league already has play-offs: delete them before generating new ones',
  noPlayoffs: 'This league has no play-offs',
  tooFewTeams: 'The league needs at least two teams to build a schedule',
  byeNotSaved: 'A bye is not a game: it is never saved or booked',
  playoffTeams: 'Play-off teams follow the bracket: enter the scores instead',
  nothingToSave: 'There are no games to save',
  tournamentMismatch: 'is_tournament does not match the league: check the league_id',
  playoffPlaceTaken: 'This play-off game exists already: enter its score, or delete the play-offs to rebuild them',
} as const;

/** A game (or a schedule's start) outside its league's dates, with the dates as the facility writes them. */
export const outsideDates = (first: string, last: string) =>
  `Games are played within the league's dates (${first}–${last}): pick a date between them, or change the league's dates first`;

/** A score (or a no-show) for a game that has not kicked off yet. */
export const notStarted = (kickOff: string) =>
  `This game has not started yet (it kicks off ${kickOff}): enter its score once it has begun`;

/** Match types (spec 3 §3 Match). */
export const MATCH_TYPES = ['regular', 'friendly', 'playoffs'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];
