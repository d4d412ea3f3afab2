// A keyset page's cursor (docs/api.md Lists, cursors): the row a page starts from, written into `meta.cursors` and
// read back from the query, checked before the database sees it.
import { INT4_MAX, type ListMeta, type ListQuery } from '@backoffice/shared';
import { and, asc, Column, desc, is, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const CURSOR_KEY = '__cursor_key';
export const CURSOR_ID = '__cursor_id';

/** The row a keyset page starts from: its sort value as the database prints it, and its id. */
export interface CursorRow {
  value: string;
  id: number;
}

/**
 * A cursor (docs/api.md Lists): the sort, the order, the sort value of a row as text (the database reads it back
 * in the column's type, with its full precision) and the row's id, as base64url JSON.
 */
export const writeCursor = (sort: string, order: string, value: string, id: number) =>
  Buffer.from(JSON.stringify([sort, order, value, id])).toString('base64url');

/**
 * The `after` or `before` cursor of a list query when it belongs to this sort and order; anything else (another
 * sort, a forged or broken value) is ignored and the page is found by its number, as an unknown sort falls back.
 */
export function readCursor(
  query: Pick<ListQuery, 'after' | 'before'>,
  sort: string,
  order: string,
  fits: (value: string) => boolean,
): { after: CursorRow; before?: undefined } | { after?: undefined; before: CursorRow } | undefined {
  const parse = (raw: string | undefined): CursorRow | undefined => {
    if (!raw) return undefined;
    try {
      const decoded: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
      if (!Array.isArray(decoded) || decoded.length !== 4) return undefined;
      const [s, o, value, id] = decoded as unknown[];
      if (s !== sort || o !== order || typeof value !== 'string' || !fits(value)) return undefined;
      if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > INT4_MAX) return undefined;
      return { value, id: id as number };
    } catch {
      return undefined;
    }
  };
  const after = parse(query.after);
  if (after) return { after };
  const before = parse(query.before);
  return before ? { before } : undefined;
}

const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-]\d{2})(:\d{2})?$/;

/**
 * Whether a cursor's sort value reads back as the column's type (a forged cursor must not make the database
 * fail): a timestamp as the database prints one, a boolean, a whole number in range, or any text.
 */
export function cursorValueFits(column: Column, value: string): boolean {
  switch (column.columnType) {
    case 'PgTimestamp':
    case 'PgTimestampString': {
      const m = TIMESTAMP_TEXT.exec(value);
      if (!m) return false;
      const [y, mo, d, h, mi, sec] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
      const date = new Date(Date.UTC(y, mo - 1, d, h, mi, sec));
      return y >= 1 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && sec < 60;
    }
    case 'PgBoolean':
      return value === 'true' || value === 'false';
    case 'PgInteger':
    case 'PgSerial':
      return /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= INT4_MAX;
    case 'PgSmallInt':
      return /^-?\d{1,5}$/.test(value) && Math.abs(Number(value)) <= 32_767;
    case 'PgVarchar':
    case 'PgText':
      return value.length <= 1000;
    default:
      return false;
  }
}

/**
 * Where a list's page starts when "next" or "previous" reached it (docs/api.md Lists, cursors): after its neighbour's
 * last row or before its first, instead of skipping every row before it. A list sorted by a column that holds no
 * null has cursors (`cursored`); any other sort, and a page reached by its number, is found by its offset.
 */
export function keysetOf(
  query: Pick<ListQuery, 'page' | 'after' | 'before'>,
  sort: string,
  order: 'asc' | 'desc',
  sortColumn: AnyPgColumn | SQL | undefined,
) {
  const column = is(sortColumn, Column) && sortColumn.notNull ? sortColumn : undefined;
  const cursored = column !== undefined;
  const keyset =
    query.page > 1 && column ? readCursor(query, sort, order, (value) => cursorValueFits(column, value)) : undefined;
  const from = keyset && (keyset.after ?? keyset.before);
  const ascending = (order === 'asc') === (keyset?.before === undefined);
  return {
    cursored,
    /** Whether the page starts from a cursor (then no offset). */
    fromCursor: from !== undefined,
    /** The order the page's keys are found in: the list's, or its reverse for "previous". */
    keyDirection: ascending ? asc : desc,
    /**
     * The keys from the cursor on (none without one): the first comparison lets an index on the sort column start
     * there; the row comparison settles ties.
     */
    startAt: (keySort: AnyPgColumn | SQL | undefined, keyId: AnyPgColumn) =>
      from && keySort
        ? and(
            ascending ? sql`${keySort} >= ${from.value}` : sql`${keySort} <= ${from.value}`,
            ascending
              ? sql`(${keySort}, ${keyId}) > (${from.value}, ${from.id})`
              : sql`(${keySort}, ${keyId}) < (${from.value}, ${from.id})`,
          )
        : undefined,
    /**
     * What a page's rows select beside their own fields for its cursors (the sort value as text and the id), which
     * `withCursors` takes off again: nothing when the sort has no cursors.
     */
    fields: (id: AnyPgColumn) => (column ? cursorFields(column, id) : {}),
    /** A page with the cursors of its first and last row, which its rows then lose (none without `fields`). */
    withCursors: <Row extends Record<string, unknown>>(page: { rows: readonly Row[]; meta: ListMeta }) =>
      withCursors(page, { sort, order, cursored }),
  };
}

const cursorFields = (sortColumn: Column, id: AnyPgColumn) => ({
  [CURSOR_KEY]: sql<string>`${sortColumn}::text`,
  [CURSOR_ID]: id,
});

function withCursors<Row extends Record<string, unknown>>(
  page: { rows: readonly Row[]; meta: ListMeta },
  { sort, order, cursored }: { sort: string; order: string; cursored: boolean },
): { rows: Omit<Row, typeof CURSOR_KEY | typeof CURSOR_ID>[]; meta: ListMeta } {
  const keyed = page.rows;
  if (!cursored) return { rows: keyed as never, meta: page.meta };
  const rows = keyed.map(({ [CURSOR_KEY]: _key, [CURSOR_ID]: _id, ...row }) => row);
  const first = keyed[0];
  const last = keyed.at(-1);
  const cursors =
    cursored && first && last
      ? {
          after: writeCursor(sort, order, String(last[CURSOR_KEY]), Number(last[CURSOR_ID])),
          before: writeCursor(sort, order, String(first[CURSOR_KEY]), Number(first[CURSOR_ID])),
        }
      : undefined;
  return { rows, meta: { ...page.meta, ...(cursors ? { cursors } : {}) } };
}
