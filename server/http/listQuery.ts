import { listQuery, type ListQuery, type ListQueryOptions } from '../../core/validation/listQuery';
import { parse } from './validate';

// The query of a list call (core/validation/listQuery.ts reads both dialects the API speaks), for
// the lists that parse it themselves, and the search words' LIKE pattern.

export { type ListQuery, type ListQueryOptions, type SortOrder } from '../../core/validation/listQuery';

/** A LIKE / ILIKE pattern matching a search word anywhere, its own wildcards taken literally. */
export const containing = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The parser of one list's query strings (built once per list): the query as Fastify hands it over →
 * ListQuery, or a 400 naming the bad parameter.
 */
export function listQueryParser(options: ListQueryOptions): (query: unknown) => ListQuery {
  const schema = listQuery(options);
  return (query) => parse(schema, query);
}

/** One-off form of listQueryParser, for a list that parses its query in a single place. */
export function parseListQuery(query: unknown, options: ListQueryOptions): ListQuery {
  return listQueryParser(options)(query);
}
