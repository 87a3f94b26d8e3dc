import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A table's columns less `left` (its stamps, a secret): the select or returning of a row as its answer
 * declares it, so that what the declaration does not name is not sent.
 */
export function columnsBut<T extends Table, K extends keyof T['_']['columns']>(table: T, ...left: K[]): Omit<T['_']['columns'], K> {
  const columns: Record<string, unknown> = { ...getTableColumns(table) };
  for (const key of left) delete columns[key as string];
  return columns as Omit<T['_']['columns'], K>;
}
