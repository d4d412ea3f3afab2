// Columns kept live on a kept page (docs/features/lists.md "Presence"): a column its table's writers set apart from
// every other column, noted in `list_changes` under its own name (migration 0028), whose value a list shows but
// neither orders nor filters by. A kept page is not retired by those writes: its check reads the column's values for
// the page's rows again, in the same statement and round trip, and the page answers them.
import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A timestamp column kept live on the pages of a list whose rows carry the key's and the column's own names. */
export interface LiveColumn {
  /** The name its writes are noted under in `list_changes`: `<table>.<column>`, the argument of its trigger. */
  noted: string;
  key: PgColumn;
  column: PgColumn;
}

/** `column` of `key`'s table kept live: its rows are named by the integer `key`. */
export const liveColumn = (key: PgColumn, column: PgColumn): LiveColumn => ({
  noted: `${getTableName(column.table)}.${column.name}`,
  key,
  column,
});

/** The column's values for the rows whose keys are the `keys` placeholder (an int[] text): JSON [key, epoch ms]. */
export const liveValues = (live: LiveColumn) =>
  sql<string>`(select coalesce(json_agg(json_build_array(${live.key},
    floor(extract(epoch from ${live.column}) * 1000)::bigint)), '[]')::text
    from ${live.column.table} where ${live.key} = any(${sql.placeholder('keys')}::int[]))`;

/** The `keys` placeholder's value for `rows`. */
export const liveKeys = (live: LiveColumn, rows: readonly Record<string, unknown>[]) =>
  `{${rows.map((row) => Number(row[live.key.name])).join(',')}}`;

/**
 * `rows` with the values read by liveValues (`json`): the same array when none changed, a new one (each changed row
 * made anew by `make`) when one did, undefined when a row's key was not found.
 */
export function withLiveValues<Row extends Record<string, unknown>>(
  live: LiveColumn,
  rows: readonly Row[],
  json: string,
  make: (row: Row) => Row,
): readonly Row[] | undefined {
  const now = new Map((JSON.parse(json) as [number, number | null][]).map(([key, at]) => [Number(key), at]));
  let changed = false;
  const fresh: Row[] = [];
  for (const row of rows) {
    const at = now.get(Number(row[live.key.name]));
    if (at === undefined) return undefined;
    const was = row[live.column.name] as Date | null;
    if ((was?.getTime() ?? null) === (at === null ? null : Number(at))) fresh.push(row);
    else {
      changed = true;
      fresh.push(make({ ...row, [live.column.name]: at === null ? null : new Date(Number(at)) }));
    }
  }
  return changed ? fresh : rows;
}
