// Week over week: a figure of the period against the same figure of the previous equal-length period.

/** The change in percent, one decimal; 0 when the previous value is 0 (spec 2 §7). */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return 0;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
