// What a race test reads first: how many of its concurrent answers came with each status, so that it
// asserts the whole distribution (1 × 201 and 19 × 409, no 500) rather than only the winners.

/** The number of answers of each status, e.g. { 201: 1, 409: 19 }. */
export function statusCounts(answers: ReadonlyArray<{ statusCode: number }>): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}
