import {
  INT4_MAX,
  type LangOption,
  type ListMeta,
  type ListQuery,
  type Locale,
  type TranslationStatus,
} from '@backoffice/shared';
import { and, asc, Column, desc, eq, getTableName, ilike, is, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client.js';
import type { Translations } from './langs.js';
import { pageStart } from './marks.js';
import { likePattern, resolveSort } from './paging.js';
import { listTotal, totalMeta, totalPolicy } from './total.js';

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
  const { sort, order } = resolveSort(query, spec.allowedSorts, spec.defaultSort);
  const sortColumn = spec.sorts[sort];
  // The language rows join only when the search or the sort needs their title, so a sort by a column of the
  // record walks that column's index alone.
  const needsLangs = Boolean(query.search) || !(is(sortColumn, Column) && sortColumn.table === owner);
  const where = (langsJoined: boolean) =>
    and(
      trashedWhere(owner.deleted_at, query.trashed),
      query.status === undefined ? undefined : eq(owner.status, query.status),
      query.search ? ilike(table.title, likePattern(query.search)) : undefined,
      // The translation filter reads the record's flag where the query's order is: on the language row when it
      // is joined (a title's order), else on the record; each is a partial index in that order (docs/features/
      // translations.md).
      query.translation ? sql`${(langsJoined ? tr.flags.table : tr.flags.owner)[query.translation]}` : undefined,
      ...(spec.filters ?? []),
    );
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
  // A list filtered by a linked table (a category, a position) reads tables the total is not kept for.
  const linked = (spec.filters ?? []).some((f) => f !== undefined);
  // A search finds its matches among the language rows, which keep the record's status, last change and removal
  // (schema/base.ts recordKeys): when its filters and its order need nothing else of the record, its matches are
  // counted, filtered and ordered there alone, and only the records of its page are read.
  const statusKey = query.status === undefined ? undefined : tr.recordKey(owner.status);
  const deletedKey = tr.recordKey(owner.deleted_at);
  const langsAnswer =
    Boolean(query.search) && !linked && deletedKey !== undefined && (query.status === undefined || !!statusKey);
  const langSort = !is(sortColumn, Column)
    ? undefined
    : sortColumn.table === table
      ? sortColumn
      : sortColumn === owner.id
        ? tr.ownerColumn
        : tr.recordKey(sortColumn);
  const alone = langsAnswer && langSort !== undefined;
  const whereOnLangs = () =>
    and(
      eq(table.language_code, lang),
      deletedKey && trashedWhere(deletedKey, query.trashed),
      statusKey && eq(statusKey, query.status),
      query.search ? ilike(table.title, likePattern(query.search)) : undefined,
      query.translation ? sql`${tr.flags.table[query.translation]}` : undefined,
    );
  // Every record has a row in each locale (translations().write writes both), so the count joins the language
  // rows only when the search needs their title, and reads them alone when they hold all it filters by.
  const counted = () => {
    if (langsAnswer) return db.select({ one: sql`1` }).from(table).where(whereOnLangs()).$dynamic();
    const q = db.select({ one: sql`1` }).from(owner).$dynamic();
    return (query.search ? q.innerJoin(table, tr.joinOn(lang)) : q).where(where(Boolean(query.search)));
  };
  // The total needs neither the page's start nor its marks: it runs while they are looked up (a failure there still
  // answers through the await below, never as an unhandled rejection).
  const tables = [getTableName(owner), getTableName(table)];
  const total = listTotal(
    db,
    counted,
    totalPolicy(query, query.status !== undefined || linked, linked ? undefined : tables),
  );
  total.catch(() => undefined);
  // The page's keys are found by this sort column and the record's id: the language rows' own when the search reads
  // them alone.
  const keySort = alone && langSort ? langSort : sortColumn;
  const keyId = alone ? tr.ownerColumn : owner.id;
  const filtered = <T extends PgSelect>(q: T, from?: SQL) =>
    alone
      ? q.where(and(whereOnLangs(), from))
      : (needsLangs ? q.innerJoin(table, tr.joinOn(lang)) : q).where(and(where(needsLangs), from));
  const listed = (fields: SelectedFields, from?: SQL) =>
    filtered(
      db
        .select(fields)
        .from((alone ? table : owner) as PgTable)
        .$dynamic(),
      from,
    );
  // A page far down, asked for by its number, starts from the list's nearest page mark (resources/marks.ts), when
  // the list reads no table but the record's and its translations' (the tables whose writes retire the marks).
  const markable = !keyset && is(sortColumn, Column) && sortColumn.notNull && !linked;
  const marked = markable
    ? await pageStart(db, {
        offset,
        tables,
        ranked: listed({
          mark_key: sql`${keySort}`.as('mark_key'),
          mark_id: sql`${keyId}`.as('mark_id'),
          n: sql`row_number() over (order by ${direction(keySort)}, ${direction(keyId)})`.as('n'),
        }),
      })
    : undefined;
  const from = (keyset && (keyset.after ?? keyset.before)) ?? marked?.from;
  const afterKey = from
    ? and(
        // The first comparison lets an index on the sort column start at the cursor; the row comparison settles ties.
        ascending ? sql`${keySort} >= ${from.value}` : sql`${keySort} <= ${from.value}`,
        ascending
          ? sql`(${keySort}, ${keyId}) > (${from.value}, ${from.id})`
          : sql`(${keySort}, ${keyId}) < (${from.value}, ${from.id})`,
      )
    : undefined;
  const rowsOf = () =>
    db
      .select({
        ...(spec.select as SelectedFields),
        translation: translationOf(tr),
        [CURSOR_KEY]: sql<string>`${sortColumn}::text`,
        [CURSOR_ID]: owner.id,
      })
      .from(owner)
      .innerJoin(table, tr.joinOn(lang))
      .$dynamic();
  // The ids of a page: an index walk that skips the offset rows (or starts at a cursor or a mark) without reading
  // anything else of them.
  const keys = listed({ id: keyId }, afterKey)
    .orderBy(keyDirection(keySort), keyDirection(keyId))
    .limit(query.per_page)
    .offset(from ? (marked?.skip ?? 0) : offset)
    .as('page_keys');
  // The first page skips nothing: its rows are read in one walk, stopped at the page's size. Not a search's: its keys
  // are found among the matching language rows alone (or, sorted by the title or the id, with each match's record
  // read from the live rows' index alone) where the walk would read every match's record; only a search the language
  // rows cannot answer, sorted by a column of the record, walks (docs/features/lists.md).
  const walked =
    !from &&
    offset === 0 &&
    (!query.search || (!alone && is(sortColumn, Column) && sortColumn.table === owner && sortColumn !== owner.id));
  const page = walked
    ? rowsOf()
        .where(where(needsLangs))
        .orderBy(...orderBy)
        .limit(query.per_page)
    : rowsOf()
        .innerJoin(keys, eq(keys.id, owner.id))
        .orderBy(...orderBy);
  const [keyed, counts] = await Promise.all([page, total]);
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
      ...totalMeta(counts, query, rows.length),
      ...(cursors ? { cursors } : {}),
    },
  };
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
