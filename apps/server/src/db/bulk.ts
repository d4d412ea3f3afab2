import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/*
 * Statements over many rows with one array parameter per column (`unnest`), whatever the number of rows: the
 * statement's text, its parameters and its parse cost stay the same from 1 row to 10 000, on PostgreSQL and PGlite.
 * A list of row constructors (`(a, b) in ((…), (…), …)`) of a few hundred rows aborts PGlite's planner, so
 * `pairsIn` is the form to use.
 */

const value = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
/**
 * The array parameter of a column's values, typed by the column's base type: `varchar`, not `varchar(64)`, whose
 * cast would cut a value too long where storing it is refused.
 */
const arrayOf = (column: PgColumn | undefined, values: unknown[]) => {
  const type = (column?.getSQLType() ?? 'text')
    .replace(/^serial$/, 'integer')
    .replace(/^bigserial$/, 'bigint')
    .replace(/^varchar\(\d+\)$/, 'varchar');
  return sql`${sql.param(values.map(value))}::${sql.raw(type)}[]`;
};

/** The rows' values as one array parameter per column (the columns of the first row) and the columns' names. */
function columnArrays(table: PgTable, rows: Record<string, unknown>[]) {
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0] ?? {});
  return {
    names: sql.join(
      keys.map((key) => sql.identifier(columns[key]?.name ?? key)),
      sql`, `,
    ),
    arrays: sql.join(
      keys.map((key) =>
        arrayOf(
          columns[key],
          rows.map((row) => row[key]),
        ),
      ),
      sql`, `,
    ),
  };
}

/**
 * `insert into table (columns) select * from unnest($1::type[], …)`: one array parameter per column, however many
 * rows, so the statement stays small and is parsed once.
 */
export function insertRows(table: PgTable, rows: Record<string, unknown>[]): SQL {
  const { names, arrays } = columnArrays(table, rows);
  return sql`insert into ${table} (${names}) select * from unnest(${arrays})`;
}

/** `update table as t set … from unnest(…) as v(…) where t.id = v.id`, for rows that each name their `id`. */
export function updateRows(table: PgTable, rows: Record<string, unknown>[], set: SQL): SQL {
  const { names, arrays } = columnArrays(table, rows);
  return sql`update ${table} as t set ${set} from unnest(${arrays}) as v(${names}) where t.id = v.id`;
}

/** `column = any($1::text[])`: one array parameter. */
export const anyOf = (column: PgColumn, values: string[]) => sql`${column} = any(${sql.param(values)}::text[])`;

/** `(visitor, viewKey)` is one of `pairs`: two array parameters (a list of row constructors aborts PGlite's planner). */
export const pairsIn = (visitor: PgColumn, viewKey: PgColumn, pairs: { visitor: string; viewKey: string }[]): SQL =>
  sql`(${visitor}, ${viewKey}) in (select * from unnest(${sql.param(pairs.map((p) => p.visitor))}::text[], ${sql.param(
    pairs.map((p) => p.viewKey),
  )}::text[]))`;
