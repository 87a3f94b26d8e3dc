/** Which page a broadcast is sent from: the send-to switch and the §8 confirmation depend on it. */
export type BroadcastVariant = 'league' | 'team' | 'class';

/** The §8 confirmation's key: all captains / all players / the captain / all participants. */
export function confirmationKey(variant: BroadcastVariant, captains: boolean): 'captains' | 'players' | 'captain' | 'participants' {
  if (variant === 'class') return 'participants';
  if (!captains) return 'players';
  return variant === 'league' ? 'captains' : 'captain';
}
