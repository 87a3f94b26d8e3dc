import { applyRate, type Cents } from './money';

// The sibling discount (issue 44 §6): a facility's rule takes second_percent off the second child a
// family registers for a program, later_percent off the third and each one after. Positions count the
// family's children already registered first (their registrations keep what they had), then the new
// ones in the order given; a child listed twice, or already registered, counts once and takes nothing.

export interface SiblingRule { second_percent: number; later_percent: number }

export interface SiblingShare {
  participant_id: number;
  /** 1 for the family's first child in the program, 2 for the second, … */
  position: number;
  /** The percent taken off this child's registration (0 for the first). */
  percent: number;
}

/** The percent a child at `position` takes off under the rule. */
export const siblingPercent = (rule: SiblingRule, position: number) => (position <= 1 ? 0 : position === 2 ? rule.second_percent : rule.later_percent);

/**
 * The position and percent of each new child: `registered` the family's children already in the
 * program, `adding` those registering now. A child of `adding` already in `registered` (or repeated)
 * is left out: it is not a new registration.
 */
export function siblingShares(rule: SiblingRule, registered: readonly number[], adding: readonly number[]): SiblingShare[] {
  const seen = new Set(registered);
  const shares: SiblingShare[] = [];
  for (const participant_id of adding) {
    if (seen.has(participant_id)) continue;
    seen.add(participant_id);
    const position = seen.size;
    shares.push({ participant_id, position, percent: siblingPercent(rule, position) });
  }
  return shares;
}

/** What a share takes off a registration's price (cents), half-up to the cent as every rate. */
export const siblingAmount = (priceCents: Cents, percent: number): Cents => applyRate(priceCents, percent / 100);

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
};

/** Why the discount applied, as the invoice shows it: "Sibling discount: 2nd child −10%". */
export const siblingComment = (share: Pick<SiblingShare, 'position' | 'percent'>) =>
  `Sibling discount: ${ordinal(share.position)} child −${Number(share.percent.toFixed(2))}%`;
