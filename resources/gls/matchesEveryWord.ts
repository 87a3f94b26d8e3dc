/** The spec's text filter (3 §5): every space-separated word appears, case-insensitively, in one of the texts. */
export function matchesEveryWord(texts: ReadonlyArray<string | null | undefined>, query: string): boolean {
  const haystack = texts.filter(Boolean).map((t) => (t as string).toLowerCase());
  return query.toLowerCase().split(/\s+/).filter(Boolean).every((word) => haystack.some((text) => text.includes(word)));
}
