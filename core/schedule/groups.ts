// Pool play's groups (spec 3 §5 "Schedule", §9): with more than 5 teams the second half of the league's
// team list is group 2 (the first half takes the odd one out); otherwise every team is in group 1.

/** More teams than this split into two groups (and the standings get a group filter). */
export const ONE_GROUP_MAX_TEAMS = 5;

/** Each team's group (1 or 2), for `count` teams in the league's order. */
export function tournamentGroups(count: number): number[] {
  return Array.from({ length: count }, (_, i) => (count > ONE_GROUP_MAX_TEAMS && i >= Math.ceil(count / 2) ? 2 : 1));
}
