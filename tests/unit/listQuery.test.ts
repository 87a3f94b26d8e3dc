import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../server/http/errors';
import { listQueryParser, type ListQueryOptions } from '../../server/http/listQuery';

const options: ListQueryOptions = {
  sortable: ['ID', 'name'],
  defaultSort: ['name', 'ASC'],
  filters: { facility_id: z.coerce.number().int() },
  searchable: true,
};

const parseListQuery = (query: Record<string, string>, opts = options) => listQueryParser(opts)(query);

function message(query: Record<string, string>, opts = options): string {
  try {
    parseListQuery(query, opts);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).message;
  }
  throw new Error('expected a 400');
}

describe('parseListQuery', () => {
  it('defaults to every row in the default order', () => {
    expect(parseListQuery({}, options)).toEqual({ words: [], ids: undefined, filters: {}, sort: { field: 'name', order: 'ASC' }, range: undefined });
  });

  it("reads ra-data-simple-rest's parameters, `id` standing for ID", () => {
    const parsed = parseListQuery({ sort: '["id","desc"]', range: '[25,49]', filter: '{"q":" two  words ","facility_id":3,"id":[4,5]}' }, options);
    expect(parsed).toEqual({ words: ['two', 'words'], ids: [4, 5], filters: { facility_id: 3 }, sort: { field: 'ID', order: 'DESC' }, range: { start: 25, end: 49 } });
  });

  it('reads plain parameters, the filter JSON winning over a plain one of the same name', () => {
    expect(parseListQuery({ q: 'plain', facility_id: '2' }, options)).toMatchObject({ words: ['plain'], filters: { facility_id: 2 } });
    expect(parseListQuery({ q: 'plain', facility_id: '2', filter: '{"q":"json","facility_id":7}' }, options))
      .toMatchObject({ words: ['json'], filters: { facility_id: 7 } });
  });

  it('takes a single id as a list of one', () => {
    expect(parseListQuery({ filter: '{"id":9}' }, options).ids).toEqual([9]);
  });

  it('refuses q where nothing is searchable', () => {
    expect(message({ q: 'x' }, { ...options, searchable: false })).toBe('unknown field q');
  });

  it('names the bad parameter', () => {
    expect(message({ sort: '["ID"]' })).toBe('sort: must be a column and an order, like ["name","ASC"]');
    expect(message({ range: '[0,"24"]' })).toBe('range: must be the first and last row numbers, like [0,24]');
    expect(message({ range: '[-1,3]' })).toBe('range: must be the first and last row numbers, like [0,24]');
    expect(message({ filter: '[1,2]' })).toBe('filter: must be a JSON object like {"q":"word"}');
    expect(message({ filter: '{"id":[0]}' })).toBe('filter.id: must be a record ID or a list of record IDs');
    expect(message({ facility_id: 'two' })).toMatch(/^facility_id: /);
  });
});
