import type { LangOption, ListMeta, ListQuery, Locale, TranslationStatus } from '@backoffice/shared';
import { and, asc, Column, desc, eq, getTableName, ilike, is, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client.js';
import { CURSOR_ID, CURSOR_KEY, cursorValueFits, readCursor, writeCursor } from './cursors.js';
import { keep, keptStatements, type Printed, printed, withValues } from './kept.js';
import { type KeptHint, pageStatements, SNAPSHOT_KEY, snapshotColumn } from './kept-pages.js';
import type { Translations } from './langs.js';
import { pageStart } from './marks.js';
import { likePattern, resolveSort } from './paging.js';
import { type ListTotal, listTotal, totalMeta, totalPolicy } from './total.js';

/** The soft-delete filter of a list: live rows, only removed ones (`trashed=only`) or both (`trashed=with`). */
export const trashedWhere = (deletedAt: AnyPgColumn, trashed: ListQuery['trashed']) =>
  trashed === 'only' ? isNotNull(deletedAt) : trashed === 'with' ? undefined : isNull(deletedAt);

/** The filters every content list shares (docs/api.md Lists). */
export type ContentListQuery = ListQuery & { status?: boolean };

/** What a translated list shows in one language: the columns it selects and the expression behind each sort. */
export interface TranslatedColumns<Sel extends SelectedFields, S extends string> {
  select: Sel;
  sorts: Record<S, AnyPgColumn | SQL>;
}

/** A page of a translated list: its rows, each with its translation state, and the list's `meta`. */
export type TranslatedPage<Sel extends SelectedFields> = {
  rows: (SelectResultFields<Sel> & { translation: TranslationStatus })[];
  meta: ListMeta;
};

/**
 * The values a list statement takes: drizzle placeholders in a statement kept for its shape (filled at each
 * execution), or the request's own values in one built for that request alone (a total's count, a list's marks).
 */
interface ListValues {
  status: unknown;
  pattern: unknown;
  limit: unknown;
  offset: unknown;
  from_value: unknown;
  from_id: unknown;
}
const PLACEHOLDERS: ListValues = {
  status: sql.placeholder('status'),
  pattern: sql.placeholder('pattern'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  from_value: sql.placeholder('from_value'),
  from_id: sql.placeholder('from_id'),
};

const dialect = new PgDialect();

/**
 * A translated list (docs/api.md Lists), defined once per resource: `columns(lang)` gives what a page shows in a
 * language and the expression behind every sortable column. A page is the records joined to their row in the request
 * language, the trashed/status filters, a search in that title and the caller's `filters`, in the requested sort
 * (else the default) with id as the tie-break, with its total. Its statements are built once per shape and kept
 * (resources/kept.ts; docs/features/lists.md, "Statements kept per shape").
 */
export function translatedList<Sel extends SelectedFields, S extends string>(
  tr: Translations,
  spec: {
    columns: (lang: Locale) => TranslatedColumns<Sel, S>;
    allowedSorts: readonly S[];
    defaultSort: { sort: S; order: 'asc' | 'desc' };
  },
): (
  db: Db,
  request: { query: ContentListQuery; lang: Locale; filters?: (SQL | undefined)[]; hint?: KeptHint },
) => Promise<TranslatedPage<Sel>> {
  const columns = new Map<Locale, TranslatedColumns<Sel, S>>();
  const columnsIn = (lang: Locale) => columns.get(lang) ?? keep(columns, lang, spec.columns(lang));
  const kept = { pages: pageStatements<Record<string, unknown>>(), counts: keptStatements<Printed>() };
  return (db, { query, lang, filters = [], hint }) => {
    const { select, sorts } = columnsIn(lang);
    return listPage(db, tr, { query, lang, select, sorts, filters, spec, kept, hint });
  };
}

/**
 * One page of a translated list in the columns of its language: the plan of the request (which tables, where the page
 * starts), its shape, then the page's statement kept for that shape and the total, side by side.
 */
async function listPage<Sel extends SelectedFields, S extends string>(
  db: Db,
  tr: Translations,
  args: {
    query: ContentListQuery;
    lang: Locale;
    select: Sel;
    sorts: Record<S, AnyPgColumn | SQL>;
    filters: (SQL | undefined)[];
    spec: { allowedSorts: readonly S[]; defaultSort: { sort: S; order: 'asc' | 'desc' } };
    kept: {
      pages: ReturnType<typeof pageStatements<Record<string, unknown>>>;
      counts: ReturnType<typeof keptStatements<Printed>>;
    };
    /** The check of a kept page started as the request arrived (resources/kept-pages.ts). */
    hint?: KeptHint;
  },
): Promise<TranslatedPage<Sel>> {
  const { query, lang, kept } = args;
  const { owner, table } = tr;
  const { sort, order } = resolveSort(query, args.spec.allowedSorts, args.spec.defaultSort);
  const sortColumn = args.sorts[sort];
  const sortIsColumn = is(sortColumn, Column);
  const filters = args.filters.filter((f): f is SQL => f !== undefined);
  // The language rows join only when the search or the sort needs their title, so a sort by a column of the
  // record walks that column's index alone.
  const needsLangs = Boolean(query.search) || !(sortIsColumn && sortColumn.table === owner);
  const where = (langsJoined: boolean, v: ListValues) =>
    and(
      trashedWhere(owner.deleted_at, query.trashed),
      query.status === undefined ? undefined : eq(owner.status, v.status),
      query.search ? ilike(table.title, v.pattern as string) : undefined,
      // The translation filter reads the record's flag where the query's order is: on the language row when it
      // is joined (a title's order), else on the record; each is a partial index in that order (docs/features/
      // translations.md).
      query.translation ? sql`${(langsJoined ? tr.flags.table : tr.flags.owner)[query.translation]}` : undefined,
      ...filters,
    );
  // A page reached by "next" or "previous" starts from its neighbour's last or first row (docs/api.md Lists,
  // cursors) instead of skipping every row before it, so a deep page costs what the first one does.
  const keyset =
    query.page > 1 && sortIsColumn && sortColumn.notNull
      ? readCursor(query, sort, order, (value) => cursorValueFits(sortColumn, value))
      : undefined;
  const forward = keyset?.before === undefined;
  const ascending = (order === 'asc') === forward;
  const direction = order === 'asc' ? asc : desc;
  const keyDirection = ascending ? asc : desc;
  const orderBy = [direction(sortColumn), direction(owner.id)];
  const offset = (query.page - 1) * query.per_page;
  // A list filtered by a linked table (a category, a position) reads tables the total is not kept for.
  const linked = filters.length > 0;
  // A search finds its matches among the language rows, which keep the record's status, last change and removal
  // (schema/base.ts recordKeys): when its filters and its order need nothing else of the record, its matches are
  // counted, filtered and ordered there alone, and only the records of its page are read.
  const statusKey = query.status === undefined ? undefined : tr.recordKey(owner.status);
  const deletedKey = tr.recordKey(owner.deleted_at);
  const langsAnswer =
    Boolean(query.search) && !linked && deletedKey !== undefined && (query.status === undefined || !!statusKey);
  const langSort = !sortIsColumn
    ? undefined
    : sortColumn.table === table
      ? sortColumn
      : sortColumn === owner.id
        ? tr.ownerColumn
        : tr.recordKey(sortColumn);
  const alone = langsAnswer && langSort !== undefined;
  const whereOnLangs = (v: ListValues) =>
    and(
      eq(table.language_code, lang),
      deletedKey && trashedWhere(deletedKey, query.trashed),
      statusKey && eq(statusKey, v.status),
      query.search ? ilike(table.title, v.pattern as string) : undefined,
      query.translation ? sql`${tr.flags.table[query.translation]}` : undefined,
    );
  // Every record has a row in each locale (translations().write writes both), so the count joins the language
  // rows only when the search needs their title, and reads them alone when they hold all it filters by.
  const counted = (v: ListValues) => {
    if (langsAnswer) return db.select({ one: sql`1` }).from(table).where(whereOnLangs(v)).$dynamic();
    const q = db.select({ one: sql`1` }).from(owner).$dynamic();
    return (query.search ? q.innerJoin(table, tr.joinOn(lang)) : q).where(where(Boolean(query.search), v));
  };
  // The page's keys are found by this sort column and the record's id: the language rows' own when the search reads
  // them alone.
  const keySort = alone && langSort ? langSort : sortColumn;
  const keyId = alone ? tr.ownerColumn : owner.id;
  const listed = (fields: SelectedFields, v: ListValues, from?: SQL) => {
    const q = db
      .select(fields)
      .from((alone ? table : owner) as PgTable)
      .$dynamic();
    return alone
      ? q.where(and(whereOnLangs(v), from))
      : (needsLangs ? q.innerJoin(table, tr.joinOn(lang)) : q).where(and(where(needsLangs, v), from));
  };
  const values: ListValues = {
    status: query.status,
    pattern: query.search ? likePattern(query.search) : undefined,
    limit: query.per_page,
    offset,
    from_value: undefined,
    from_id: undefined,
  };
  // The shape of the request: everything that changes the statements' text (the filters' values too, which the
  // caller's SQL holds), while `values` fills their placeholders.
  const filtersText = linked ? dialect.sqlToQuery(and(...filters) as SQL) : undefined;
  const shapeOf = (start: string, walked: boolean) =>
    JSON.stringify([
      lang,
      sort,
      order,
      query.trashed ?? '',
      query.status !== undefined,
      Boolean(query.search),
      query.translation ?? '',
      start,
      walked,
      filtersText?.sql ?? '',
      filtersText?.params ?? [],
    ]);
  // The same request answered before, while none of its tables was written since (resources/kept-pages.ts), with
  // its total when that was kept too.
  const answer = { query, sort, order, cursored: sortIsColumn && sortColumn.notNull };
  const requestKey = JSON.stringify([shapeOf(keyset ? (forward ? 'after' : 'before') : 'page', false), values, keyset]);
  // The total's identity is the count statement's text with its values, as when it is printed for this request alone.
  const tables = [getTableName(owner), getTableName(table)];
  const countTotal = () =>
    listTotal(
      db,
      () => counted(values),
      totalPolicy(query, query.status !== undefined || linked, linked ? undefined : tables),
      withValues(
        kept.counts(db, shapeOf('', false), () => printed(counted(PLACEHOLDERS))),
        { ...values },
      ),
    );
  const found = await kept.pages.kept(db, requestKey, args.hint);
  if (found) return pageOf(found.rows, found.total ?? (await countTotal()), answer);
  // The total needs neither the page's start nor its marks: it runs while they are looked up (a failure there still
  // answers through the read below, never as an unhandled rejection).
  const total = countTotal();
  total.catch(() => undefined);
  // A page far down, asked for by its number, starts from the list's nearest page mark (resources/marks.ts), when
  // the list reads no table but the record's and its translations' (the tables whose writes retire the marks).
  const markable = !keyset && sortIsColumn && sortColumn.notNull && !linked;
  const marked = markable
    ? await pageStart(db, {
        offset,
        tables,
        ranked: listed(
          {
            mark_key: sql`${keySort}`.as('mark_key'),
            mark_id: sql`${keyId}`.as('mark_id'),
            n: sql`row_number() over (order by ${direction(keySort)}, ${direction(keyId)})`.as('n'),
          },
          values,
        ),
      })
    : undefined;
  const from = (keyset && (keyset.after ?? keyset.before)) ?? marked?.from;
  if (from) {
    values.from_value = from.value;
    values.from_id = from.id;
    values.offset = marked?.skip ?? 0;
  }
  // The first page skips nothing: its rows are read in one walk, stopped at the page's size. Not a search's: its keys
  // are found among the matching language rows alone (or, sorted by the title or the id, with each match's record
  // read from the live rows' index alone) where the walk would read every match's record; only a search the language
  // rows cannot answer, sorted by a column of the record, walks (docs/features/lists.md).
  const walked =
    !from &&
    offset === 0 &&
    (!query.search || (!alone && sortIsColumn && sortColumn.table === owner && sortColumn !== owner.id));
  const pageStatement = (v: ListValues) => {
    const afterKey = from
      ? and(
          // The first comparison lets an index on the sort column start at the cursor; the row comparison settles
          // ties.
          ascending ? sql`${keySort} >= ${v.from_value}` : sql`${keySort} <= ${v.from_value}`,
          ascending
            ? sql`(${keySort}, ${keyId}) > (${v.from_value}, ${v.from_id})`
            : sql`(${keySort}, ${keyId}) < (${v.from_value}, ${v.from_id})`,
        )
      : undefined;
    const rowsOf = () =>
      db
        .select({
          ...(args.select as SelectedFields),
          translation: translationOf(tr),
          [CURSOR_KEY]: sql<string>`${sortColumn}::text`,
          [CURSOR_ID]: owner.id,
          [SNAPSHOT_KEY]: snapshotColumn(),
        })
        .from(owner)
        .innerJoin(table, tr.joinOn(lang))
        .$dynamic();
    if (walked)
      return rowsOf()
        .where(where(needsLangs, v))
        .orderBy(...orderBy)
        .limit(v.limit as number);
    // The ids of a page: an index walk that skips the offset rows (or starts at a cursor or a mark) without reading
    // anything else of them.
    const keys = listed({ id: keyId }, v, afterKey)
      .orderBy(keyDirection(keySort), keyDirection(keyId))
      .limit(v.limit as number)
      .offset(v.offset as number)
      .as('page_keys');
    return rowsOf()
      .innerJoin(keys, eq(keys.id, owner.id))
      .orderBy(...orderBy);
  };
  const shape = shapeOf(from ? (forward ? 'after' : 'before') : '', walked);
  const page = kept.pages.statement(db, shape, () => pageStatement(PLACEHOLDERS));
  const read = await kept.pages.read(db, page, requestKey, { ...values }, total, args.hint);
  return pageOf(read.rows, read.total, answer);
}

/**
 * A translated list's page from its rows as read (each with its cursor's sort value and id, and the snapshot) and
 * its total: the rows, their `meta` and the cursors of its first and last row.
 */
function pageOf<Sel extends SelectedFields>(
  keyed: readonly Record<string, unknown>[],
  counts: ListTotal,
  { query, sort, order, cursored }: { query: ContentListQuery; sort: string; order: string; cursored: boolean },
): TranslatedPage<Sel> {
  const rows = keyed.map(({ [CURSOR_KEY]: _key, [CURSOR_ID]: _id, [SNAPSHOT_KEY]: _snapshot, ...row }) => row);
  const first = keyed[0];
  const last = keyed.at(-1);
  const cursors =
    cursored && first && last
      ? {
          after: writeCursor(sort, order, String(last[CURSOR_KEY]), Number(last[CURSOR_ID])),
          before: writeCursor(sort, order, String(first[CURSOR_KEY]), Number(first[CURSOR_ID])),
        }
      : undefined;
  return {
    rows: rows as unknown as TranslatedPage<Sel>['rows'],
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
