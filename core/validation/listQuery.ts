import { z } from 'zod';
import { recordId } from './wire';

// The query of a list call, in both dialects the API speaks (the list declarations of core/api and the
// server's CRUD lists read it):
// - the spec's plain parameters: `?q=two words&facility_id=3` (exact filters by column);
// - ra-data-simple-rest's: `?sort=["name","ASC"]&range=[0,24]&filter={"q":"two words","facility_id":3}`,
//   where filter {"id":[1,2]} asks for those records (getMany).
// Both may be mixed; the filter JSON wins over a plain parameter of the same name.

export type SortOrder = 'ASC' | 'DESC';

export interface ListQuery {
  /** Words that must each match some searchable column (empty: no search). */
  words: string[];
  /** Only these records (ra-data-simple-rest's getMany), when given. */
  ids?: number[];
  /** Exact filters by column key, as the declaration's schemas parsed them. */
  filters: Record<string, unknown>;
  sort: { field: string; order: SortOrder };
  /** First and last row (0-based, inclusive) when a page was asked for; else every row. */
  range?: { start: number; end: number };
}

export interface ListQueryOptions {
  /** Columns a list may be sorted by. `id` is read as `ID`. */
  sortable: readonly string[];
  defaultSort: readonly [string, SortOrder];
  /** Exact filters: column key → schema. They receive strings from the query string and JSON values from filter. */
  filters: Record<string, z.ZodType>;
  /** Whether `q` is accepted. */
  searchable: boolean;
}

/** The most rows one page may ask for. */
export const MAX_RANGE = 1000;

const SORT_EXAMPLE = '["name","ASC"]';
const RANGE_EXAMPLE = '[0,24]';
const FILTER_EXAMPLE = '{"q":"word"}';

type Ctx = z.core.$RefinementCtx;
function fail(ctx: Ctx, message: string): typeof z.NEVER {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** A query parameter holding JSON; `example` shows the expected form in the error. */
function json(example: string) {
  return z.string().transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return fail(ctx, `must be JSON like ${example}`);
    }
  });
}

function sortParam(sortable: readonly string[]) {
  return json(SORT_EXAMPLE).transform((value, ctx) => {
    if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
      return fail(ctx, `must be a column and an order, like ${SORT_EXAMPLE}`);
    }
    const field = value[0] === 'id' ? 'ID' : value[0];
    const order = value[1].toUpperCase();
    if (!sortable.includes(field)) return fail(ctx, `cannot sort by "${value[0]}"; sortable columns: ${sortable.join(', ')}`);
    if (order !== 'ASC' && order !== 'DESC') return fail(ctx, `the order must be ASC or DESC, not "${value[1]}"`);
    return { field, order: order as SortOrder };
  });
}

const rangeParam = json(RANGE_EXAMPLE).transform((value, ctx) => {
  const valid = Array.isArray(value) && value.length === 2 && value.every((n) => Number.isSafeInteger(n) && n >= 0);
  if (!valid || value[1] < value[0]) return fail(ctx, `must be the first and last row numbers, like ${RANGE_EXAMPLE}`);
  if (value[1] - value[0] + 1 > MAX_RANGE) return fail(ctx, `cannot ask for more than ${MAX_RANGE} rows at a time`);
  return { start: value[0] as number, end: value[1] as number };
});

const search = z.string().max(200, 'is too long (200 characters at most)');
const ids = z
  .union([recordId(), z.array(recordId()).max(MAX_RANGE)], { error: 'must be a record ID or a list of record IDs' })
  .transform((v) => (Array.isArray(v) ? v : [v]));

type Filters = Record<string, unknown> & { q?: string; id?: number[] };

/**
 * The query of one list (built once per list, for its declaration): the query string as it arrives →
 * ListQuery, or the reasons naming each bad parameter.
 */
export function listQuery(options: ListQueryOptions) {
  const exact = Object.fromEntries(Object.entries(options.filters).map(([key, schema]) => [key, schema.optional()]));
  const q = options.searchable ? { q: search.optional() } : {};
  const filterObject = z.strictObject({ ...q, ...exact, id: ids.optional() }, {
    error: (issue) => (issue.code === 'invalid_type' ? `must be a JSON object like ${FILTER_EXAMPLE}` : undefined),
  });
  const [field, order] = options.defaultSort;
  return z.strictObject({
    ...q,
    ...exact,
    sort: sortParam(options.sortable).optional(),
    range: rangeParam.optional(),
    filter: json(FILTER_EXAMPLE).pipe(filterObject).optional(),
  }).transform(({ sort, range, filter = {}, ...plain }): ListQuery => {
    const { q: plainQ, ...plainFilters } = plain as Filters;
    const { q: jsonQ, id, ...jsonFilters } = filter as Filters;
    return {
      words: (jsonQ ?? plainQ ?? '').split(/\s+/).filter(Boolean),
      ids: id,
      filters: Object.fromEntries(Object.entries({ ...plainFilters, ...jsonFilters }).filter(([, v]) => v !== undefined)),
      sort: sort ?? { field, order },
      range,
    };
  });
}
