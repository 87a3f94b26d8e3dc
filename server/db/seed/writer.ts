import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client';
import * as schema from '../schema';

// Bulk loading for the seed: rows get their IDs here (no RETURNING round trips), are buffered per
// table, and are written in multi-row INSERTs, parents before children, then the sequences are moved
// past the explicit IDs.

export type Executor = Db | Tx;
type Row<T extends PgTable> = T['$inferInsert'] & { ID: number };

/** Every table of the schema, each after the tables its foreign keys point at. */
export const TABLES_IN_DEPENDENCY_ORDER: PgTable[] = (() => {
  const all = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
  const ordered: PgTable[] = [];
  const visiting = new Set<PgTable>();
  const visit = (table: PgTable) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const fk of getTableConfig(table).foreignKeys) {
      const parent = fk.reference().foreignTable;
      if (parent !== table) visit(parent);
    }
    ordered.push(table);
  };
  all.forEach(visit);
  return ordered;
})();

/** Rows per INSERT statement. */
const ROWS_PER_INSERT = 2_000;

/** A value as an SQL literal. The seed builds its INSERTs itself: drizzle's builder is slow at bulk. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Cannot store ${value}`);
    return String(value);
  }
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** One multi-row INSERT of the table's columns (generated ones excepted), with the columns' defaults. */
function insertStatement(table: PgTable, rows: Array<Record<string, unknown>>): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([, column]) => !column.generated);
  const values = rows.map((row) => `(${columns.map(([key, column]) => {
    const value = row[key] === undefined ? column.defaultFn?.() : row[key];
    if (value === undefined) return column.hasDefault ? 'DEFAULT' : 'NULL';
    // A default given as SQL is the database's to fill: the payments' invoice columns, set by a trigger.
    if (is(value, SQL)) return 'DEFAULT';
    return value === null ? 'NULL' : literal(column.mapToDriverValue(value));
  }).join(',')})`);
  const names = columns.map(([, column]) => `"${column.name}"`).join(',');
  return sql.raw(`insert into "${getTableConfig(table).name}" (${names}) values ${values.join(',')}`);
}

export class Writer {
  private readonly buffers = new Map<PgTable, Record<string, unknown>[]>();
  private readonly lastIds = new Map<PgTable, number>();
  private buffered = 0;

  /** flushEvery: how many buffered rows trigger a write at the next checkpoint. */
  constructor(private readonly db: Executor, private readonly flushEvery = 25_000) {}

  /** Continues the IDs after what the database already holds (of the tables with IDs: not sales_days). */
  async resume(): Promise<void> {
    for (const table of TABLES_IN_DEPENDENCY_ORDER.filter((t) => 'ID' in getTableColumns(t))) {
      const { name } = getTableConfig(table);
      const rows = await this.db.execute(sql`select coalesce(max(id), 0)::int as id from ${sql.identifier(name)}`);
      this.lastIds.set(table, (rows as unknown as { rows: Array<{ id: number }> }).rows[0].id);
    }
  }

  /** The ID the next row of the table gets. */
  nextId(table: PgTable): number {
    const id = (this.lastIds.get(table) ?? 0) + 1;
    this.lastIds.set(table, id);
    return id;
  }

  /** Buffers a row; it gets the next ID unless it carries one. Returns the ID. */
  add<T extends PgTable>(table: T, row: Omit<Row<T>, 'ID'> & { ID?: number }): number {
    const ID = row.ID ?? this.nextId(table);
    if (ID > (this.lastIds.get(table) ?? 0)) this.lastIds.set(table, ID);
    let buffer = this.buffers.get(table);
    if (!buffer) this.buffers.set(table, (buffer = []));
    buffer.push({ ...row, ID });
    this.buffered++;
    return ID;
  }

  /** Writes what is buffered once there is enough of it. Call between units of generated data. */
  async checkpoint(): Promise<void> {
    if (this.buffered >= this.flushEvery) await this.flush();
  }

  async flush(): Promise<void> {
    for (const table of TABLES_IN_DEPENDENCY_ORDER) {
      const rows = this.buffers.get(table);
      if (!rows?.length) continue;
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        await this.db.execute(insertStatement(table, rows.slice(i, i + ROWS_PER_INSERT)));
      }
      this.buffers.delete(table);
    }
    this.buffered = 0;
  }

  /** Flushes, then moves every sequence this writer used past the highest ID. */
  async finish(): Promise<void> {
    await this.flush();
    for (const table of this.lastIds.keys()) {
      const { name } = getTableConfig(table);
      await this.db.execute(
        sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce((select max(id) from ${sql.identifier(name)}), 0) + 1, false)`,
      );
    }
  }
}
