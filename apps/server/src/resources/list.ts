import {
  INT4_MAX,
  type LangOption,
  type ListMeta,
  type ListQuery,
  type Locale,
  type TranslationStatus,
} from '@backoffice/shared';
import {
  and,
  asc,
  Column,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  ilike,
  is,
  isNotNull,
  isNull,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  type AnyPgColumn,
  type AnyPgTable,
  alias,
  type PgSelect,
  type PgTable,
  type SelectedFields,
} from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client.js';
import type { Translations } from './langs.js';
import { pageStart } from './marks.js';
import { likePattern, pageMeta, resolveSort } from './paging.js';

/** The soft-delete filter of a list: live rows, only removed ones (`trashed=only`) or both (`trashed=with`). */
export const trashedWhere = (deletedAt: AnyPgColumn, trashed: ListQuery['trashed']) =>
  trashed === 'only' ? isNotNull(deletedAt) : trashed === 'with' ? undefined : isNull(deletedAt);

/** The filters every content list shares (docs/api.md Lists). */
export type ContentListQuery = ListQuery & { status?: boolean };

/**
 * One page of a translated list (docs/api.md Lists): the records joined to their row in the request language,
 * trashed/status filters, search in that title, the requested sort (else the default) with id as the
 * tie-break, and the total. `sorts` names the expression behind every sortable column.
 */
export async function translatedList<Sel extends SelectedFields, S extends string>(
  db: Db,
  tr: Translations,
  spec: {
    query: ContentListQuery;
    lang: Locale;
    select: Sel;
    sorts: Record<S, AnyPgColumn | SQL>;
    allowedSorts: readonly S[];
    defaultSort: { sort: S; order: 'asc' | 'desc' };
    filters?: (SQL | undefined)[];
  },
): Promise<{ rows: (SelectResultFields<Sel> & { translation: TranslationStatus })[]; meta: ListMeta }> {
  const { query, lang } = spec;
  const { owner, table } = tr;
  const where = and(
    trashedWhere(owner.deleted_at, query.trashed),
    query.status === undefined ? undefined : eq(owner.status, query.status),
    query.search ? ilike(table.title, likePattern(query.search)) : undefined,
    ...(spec.filters ?? []),
  );
  const { sort, order } = resolveSort(query, spec.allowedSorts, spec.defaultSort);
  const sortColumn = spec.sorts[sort];
  // A page reached by "next" or "previous" starts from its neighbour's last or first row (docs/api.md Lists,
  // cursors) instead of skipping every row before it, so a deep page costs what the first one does.
  const keyset =
    query.page > 1 && is(sortColumn, Column) && sortColumn.notNull
      ? readCursor(query, sort, order, (value) => cursorValueFits(sortColumn, value))
      : undefined;
  const forward = keyset?.before === undefined;
  const ascending = (order === 'asc') === forward;
  const direction = order === 'asc' ? asc : desc;
  const keyDirection = ascending ? asc : desc;
  const orderBy = [direction(sortColumn), direction(owner.id)];
  const offset = (query.page - 1) * query.per_page;
  // The language rows join only when the search or the sort needs their title, so a sort by a column of the
  // record walks that column's index alone.
  const needsLangs = Boolean(query.search) || !(is(sortColumn, Column) && sortColumn.table === owner);
  // The translation filter joins the flagged language row (at most one per record: see translationJoin).
  const flagged = translationJoin(db, tr, query.translation);
  const withFlagged = <T extends PgSelect>(q: T, join = flagged?.walk) => (join ? q.innerJoin(join.table, join.on) : q);
  // Every record has a row in each locale (translations().write writes both), so the count joins the language
  // rows only when the search needs their title.
  const counted = () => {
    const q = db.select({ one: sql`1` }).from(owner).$dynamic();
    return withFlagged(query.search ? q.innerJoin(table, tr.joinOn(lang)) : q).where(where);
  };
  // With few flagged rows (the flag's partial index holds at most FEW_FLAGGED, by the statistics) the page starts
  // from them (translationJoin's `few`) instead of walking the sort order until enough records turn out flagged.
  const flaggedJoin = flagged && (await flaggedRows(db, flagged.index)) <= FEW_FLAGGED ? flagged.few : flagged?.walk;
  // The total needs neither the page's start nor its marks: it runs while they are looked up (a failure there still
  // answers through the await below, never as an unhandled rejection).
  const total = listTotal(db, counted, exactTotalLimit(query));
  total.catch(() => undefined);
  const listed = <T extends PgSelect>(q: T) =>
    withFlagged(needsLangs ? q.innerJoin(table, tr.joinOn(lang)) : q, flaggedJoin);
  // A page far down, asked for by its number, starts from the list's nearest page mark (resources/marks.ts), when
  // the list reads no table but the record's and its translations' (the tables whose writes retire the marks).
  const markable =
    !keyset && is(sortColumn, Column) && sortColumn.notNull && (spec.filters ?? []).every((f) => f === undefined);
  const marked = markable
    ? await pageStart(db, {
        offset,
        tables: [getTableName(owner), getTableName(table)],
        ranked: listed(
          db
            .select({
              mark_key: sql`${sortColumn}`.as('mark_key'),
              mark_id: sql`${owner.id}`.as('mark_id'),
              n: sql`row_number() over (order by ${direction(sortColumn)}, ${direction(owner.id)})`.as('n'),
            })
            .from(owner)
            .$dynamic(),
        ).where(where),
      })
    : undefined;
  const from = (keyset && (keyset.after ?? keyset.before)) ?? marked?.from;
  const afterKey = from
    ? and(
        // The first comparison lets an index on the sort column start at the cursor; the row comparison settles ties.
        ascending ? sql`${sortColumn} >= ${from.value}` : sql`${sortColumn} <= ${from.value}`,
        ascending
          ? sql`(${sortColumn}, ${owner.id}) > (${from.value}, ${from.id})`
          : sql`(${sortColumn}, ${owner.id}) < (${from.value}, ${from.id})`,
      )
    : undefined;
  // The ids of the page first: an index walk that skips the offset rows without reading anything else of them.
  const keys = listed(db.select({ id: owner.id }).from(owner).$dynamic())
    .where(and(where, afterKey))
    .orderBy(keyDirection(sortColumn), keyDirection(owner.id))
    .limit(query.per_page)
    .offset(from ? (marked?.skip ?? 0) : offset)
    .as('page_keys');
  const [keyed, counts] = await Promise.all([
    db
      .select({
        ...(spec.select as SelectedFields),
        translation: translationOf(tr),
        [CURSOR_KEY]: sql<string>`${sortColumn}::text`,
        [CURSOR_ID]: owner.id,
      })
      .from(owner)
      .innerJoin(table, tr.joinOn(lang))
      .innerJoin(keys, eq(keys.id, owner.id))
      .orderBy(...orderBy),
    total,
  ]);
  const rows = keyed.map(({ [CURSOR_KEY]: _key, [CURSOR_ID]: _id, ...row }) => row);
  const first = keyed[0];
  const last = keyed.at(-1);
  const cursors =
    is(sortColumn, Column) && sortColumn.notNull && first && last
      ? {
          after: writeCursor(sort, order, String(last[CURSOR_KEY]), Number(last[CURSOR_ID])),
          before: writeCursor(sort, order, String(first[CURSOR_KEY]), Number(first[CURSOR_ID])),
        }
      : undefined;
  return {
    rows: rows as unknown as (SelectResultFields<Sel> & { translation: TranslationStatus })[],
    meta: {
      ...pageMeta(counts.total, query.page, query.per_page, counts.approximate),
      ...(cursors ? { cursors } : {}),
    },
  };
}

/**
 * The `translation` filter (docs/features/translations.md) as a join to the flagged language row. A record has at
 * most one such row: `missing_sk`/`missing_en` name the locale, and of the two locales at most one is outdated (a
 * save makes the locale it changes up to date; `translationState` in langs.ts). Two forms of it:
 * - `walk` joins the language table itself, so that a count or a page walks the list's own order and looks up
 *   each record's flag in the flag's partial index: cheap when many records are flagged;
 * - `few` joins the flagged rows read first through that index (a subquery the planner keeps apart: `offset 0`),
 *   then sorts them: cheap when few are (a list's page of 1,000 flagged panels in 2.7 ms instead of 20–33 ms of
 *   walking 10,801 records in their order).
 */
function translationJoin(
  db: Db,
  tr: Translations,
  filter: ContentListQuery['translation'],
): { walk: { table: PgTable; on: SQL }; few: { table: PgTable; on: SQL }; index: string } | undefined {
  if (!filter) return undefined;
  const ownerKey = Object.entries(getTableColumns(tr.table)).find(([, column]) => column === tr.ownerColumn)?.[0];
  if (!ownerKey) return undefined;
  const table = alias(tr.table as AnyPgTable, 'flagged');
  const flagged = table as unknown as Record<string, AnyPgColumn>;
  const state =
    filter === 'outdated'
      ? eq(flagged.outdated, true)
      : and(eq(flagged.language_code, filter === 'missing_sk' ? 'sk' : 'en'), eq(flagged.missing, true));
  const ownerOf = flagged[ownerKey] as AnyPgColumn;
  // Drizzle leaves out `offset 0` given as the number 0: the fragment keeps it, and with it the subquery apart.
  const few = db
    .select({ owner_id: ownerOf })
    .from(table)
    .where(state)
    .offset(sql`0` as unknown as number)
    .as('flagged_few');
  return {
    index: `${getTableName(tr.table)}_${filter === 'outdated' ? 'outdated' : 'missing'}_idx`,
    walk: { table, on: and(eq(ownerOf, tr.owner.id), state) as SQL },
    few: { table: few as unknown as PgTable, on: eq(few.owner_id, tr.owner.id) },
  };
}

/** Up to how many flagged rows (both locales) a translation filter's page starts from them (see translationJoin). */
const FEW_FLAGGED = 5_000;

/**
 * How many rows the flag's partial index `index` (translationStateIndexes in db/schema/base.ts) holds by the
 * planner's statistics: one catalogue read. A table never analysed (-1, or no index) counts as few.
 */
async function flaggedRows(db: Db, index: string): Promise<number> {
  const result = (await db.execute(
    sql`select coalesce((select reltuples from pg_class where oid = to_regclass(${index})), -1)::float8 as n`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? -1);
}

/** Each locale's translation state of a row: `{sk: 'complete'|'missing'|'outdated', en: …}`. */
const translationOf = (tr: Translations) => {
  const name = sql.identifier(getTableName(tr.table));
  const owner = sql.identifier(tr.ownerColumn.name);
  return sql<TranslationStatus>`(select json_object_agg(l.language_code, case when l.missing then 'missing'
    when l.outdated then 'outdated' else 'complete' end) from ${name} l where l.${owner} = ${tr.owner.id})`;
};

const CURSOR_KEY = '__cursor_key';
const CURSOR_ID = '__cursor_id';

/** The row a keyset page starts from: its sort value as the database prints it, and its id. */
interface CursorRow {
  value: string;
  id: number;
}

/**
 * A cursor (docs/api.md Lists): the sort, the order, the sort value of a row as text (the database reads it back
 * in the column's type, with its full precision) and the row's id, as base64url JSON.
 */
const writeCursor = (sort: string, order: string, value: string, id: number) =>
  Buffer.from(JSON.stringify([sort, order, value, id])).toString('base64url');

/**
 * The `after` or `before` cursor of a list query when it belongs to this sort and order; anything else (another
 * sort, a forged or broken value) is ignored and the page is found by its number, as an unknown sort falls back.
 */
function readCursor(
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
function cursorValueFits(column: Column, value: string): boolean {
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
 * The live records of a translated resource as options `{id, lang: {title}}`, by title in `lang` (docs/spec-index.md S1.3 Option
 * lists), leaving out record `exceptId` when given.
 */
export async function langOptions(db: Db, tr: Translations, lang: Locale, exceptId?: number): Promise<LangOption[]> {
  const { owner, table } = tr;
  const rows = await db
    .select({ id: owner.id, title: table.title })
    .from(owner)
    .innerJoin(table, tr.joinOn(lang))
    .where(and(isNull(owner.deleted_at), exceptId ? ne(owner.id, exceptId) : undefined))
    .orderBy(asc(table.title), asc(owner.id));
  return rows.map((r) => ({ id: Number(r.id), lang: { title: String(r.title) } }));
}

/** A timestamp as the API sends it. */
export const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A list's total stays exact up to this many rows; past it the planner's estimate is sent instead, marked
 * `total_approximate` (docs/api.md, Lists), so turning the pages of a large list never counts it all.
 */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * A search counts exactly up to this many matches: each match is a row read from the table (a trigram index finds
 * where, not how many), so a word in 1 % of a million titles would cost more to count than to show. Past it the
 * total is the planner's estimate, marked approximate, like a long list's.
 */
export const SEARCH_EXACT_TOTAL_LIMIT = 1_000;

/**
 * How far a list's total is counted exactly: less far when the list is searched or filtered by translation state
 * (each match there is a row looked up in another table; a worklist of more than 1,000 reads "about N").
 */
export const exactTotalLimit = (query: Pick<ListQuery, 'search' | 'translation'>) =>
  query.search || query.translation ? SEARCH_EXACT_TOTAL_LIMIT : EXACT_TOTAL_LIMIT;

/** What a list's `meta` needs of its total: the number, and whether it is the planner's estimate. */
export interface ListTotal {
  total: number;
  approximate: boolean;
}

/**
 * The total of a list whose rows `rows()` selects (a fresh query each call, without limit): an exact count that
 * stops after `limit + 1` rows, and past that the planner's row estimate for the query, never below `limit + 1`.
 */
export async function listTotal(db: Db, rows: () => PgSelect, limit = EXACT_TOTAL_LIMIT): Promise<ListTotal> {
  const [capped] = await db.select({ n: count() }).from(
    rows()
      .limit(limit + 1)
      .as('counted'),
  );
  const n = Number(capped?.n ?? 0);
  if (n <= limit) return { total: n, approximate: false };
  const result = (await db.execute(sql`explain (format json) ${rows()}`)) as unknown as { rows: unknown[] };
  const cell = Object.values((result.rows[0] ?? {}) as Record<string, unknown>)[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[];
  const estimate = Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
  return { total: Math.max(estimate, limit + 1), approximate: true };
}
