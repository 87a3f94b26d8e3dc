// The marks of a printed match roster (spec 3 §10): xM no valid membership, xW no valid waiver,
// -SUS- suspended.

export type RosterMark = 'xM' | 'xW' | '-SUS-';

export function rosterMarks(player: { membership: boolean; waiver: boolean; suspended: boolean }): RosterMark[] {
  return [
    ...(player.membership ? [] : ['xM' as const]),
    ...(player.waiver ? [] : ['xW' as const]),
    ...(player.suspended ? ['-SUS-' as const] : []),
  ];
}
