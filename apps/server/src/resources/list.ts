import type { LangOption, ListMeta, ListQuery, Locale, TranslationStatus } from '@backoffice/shared';
import { and, asc, Column, desc, eq, getTableName, ilike, is, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client.js';
import { readTogether } from '../db/transaction.js';
import { keysetOf } from './cursors.js';
import type { Translations } from './langs.js';
import { likePattern, resolveSort } from './paging.js';
import { listTotal, SEARCH_EXACT_TOTAL_LIMIT, totalMeta, totalPolicy } from './total.js';

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
 * The ids of a list's page: `keys` (its ids, filtered and in order) limited to the page, skipping the pages before
 * it, or nothing when `keys` starts from a cursor already.
 */
export const pageKeys = (keys: PgSelect, query: Pick<ListQuery, 'page' | 'per_page'>, fromCursor = false) =>
  keys
    .limit(query.per_page)
    .offset(fromCursor ? 0 : (query.page - 1) * query.per_page)
    .as('page_keys');

/**
 * What a list's id query selects: its sort column, then the id, as the index it walks holds them. Walking an index
 * that holds exactly what is selected passes each entry on as stored; with the id alone PostgreSQL built a row of it
 * for every entry a deep page skips (the walk to `OFFSET 490,000`: 28 ms instead of 32, bench/README.md).
 */
export const keyColumns = (sort: AnyPgColumn | SQL, id: AnyPgColumn): { id: AnyPgColumn } & SelectedFields =>
  is(sort, Column) && sort !== id ? { sort, id } : { id };

/**
 * The keys of a search with few matches (at most SEARCH_EXACT_TOTAL_LIMIT), in the list's order: the matches are
 * found first, then sorted, and the page is taken from them. PostgreSQL estimates how many titles hold a word from a
 * sample of them, and a word in one title that happens to be in the sample comes out as a thousand matches or more:
 * it then walks the list in its order and tests every title, and a search matching one title read the whole list
 * (1.0–1.3 s at a million news, bench/README.md). Behind the LIMIT the matches are planned alone, through the title's
 * trigram index. `matches` selects keyColumns, without order or limit. With `counted`, each key carries how many
 * matched (FOUND, up to the limit and one), so the page answers its total too and the matches are read once
 * (foundCount); not from a cursor, whose matches start there.
 */
export function foundFirst(db: Db, matches: PgSelect, direction: typeof asc, counted: boolean): PgSelect {
  const found = matches.limit(SEARCH_EXACT_TOTAL_LIMIT + 1).as('found') as unknown as Record<string, AnyPgColumn>;
  const keys = { ...(found.sort ? { sort: found.sort } : {}), id: found.id };
  return db
    .select({ ...keys, ...(counted ? { [FOUND]: sql<number>`count(*) over ()`.as(FOUND) } : {}) })
    .from(found as never)
    .orderBy(...Object.values(keys).map((column) => direction(column)))
    .$dynamic();
}

/** The field of a page's rows that holds how many matched (foundFirst), which readList takes off again. */
const FOUND = 'found_total';

/** What a page's select takes from its keys (pageKeys) beside its own fields: how many matched, when they carry it. */
export const foundCount = (keys: object): SelectedFields => {
  // A subquery's fields are read through its proxy, which `in` does not ask.
  const found = (keys as Record<string, AnyPgColumn | undefined>)[FOUND];
  return found ? { [FOUND]: found } : {};
};

/**
 * A page of a list and its total (docs/features/lists.md): `rows` reads the page (its ids found by pageKeys), `count`
 * selects the list's rows without order or limit, `filtered` says whether anything but the list itself narrows it
 * (totalPolicy). The two are read side by side. A search's `rows` is a function of `few`: its page read from the
 * matches sorted once found (foundFirst), right only when they are few; with `counted` the page carries how many
 * matched and the count is read only for a page past the matches. When more than the limit matched (the total turns
 * approximate), the page is read again in the list's order.
 */
export async function readList<Row>(
  db: Db,
  query: ListQuery,
  parts: {
    rows: PromiseLike<Row[]> | ((few: boolean) => PromiseLike<Row[]>);
    count: () => PgSelect;
    filtered: boolean;
    counted?: boolean;
  },
): Promise<{ rows: Row[]; meta: ListMeta }> {
  const policy = totalPolicy(query, parts.filtered);
  const counting = (counted?: number) => listTotal(db, parts.count, policy, counted);
  const { rows: read } = parts;
  if (typeof read !== 'function') {
    // Side by side from the pool; one after the other inside a transaction, which holds one connection.
    const [rows, total] = await readTogether(db, [() => read, () => counting()] as const);
    return { rows, meta: totalMeta(total, query, rows.length) };
  }
  if (parts.counted) {
    const found = takeFound(await read(true));
    const total = await counting(found.count);
    const rows = total.approximate ? await read(false) : found.rows;
    return { rows, meta: totalMeta(total, query, rows.length) };
  }
  const [found, total] = await readTogether(db, [() => read(true), () => counting()] as const);
  const rows = total.approximate ? await read(false) : takeFound(found).rows;
  return { rows, meta: totalMeta(total, query, rows.length) };
}

/**
 * A page of keys found first (foundFirst): its rows without FOUND, and how many matched, which a page past the
 * matches or one whose keys did not carry it leaves undefined.
 */
function takeFound<Row>(rows: Row[]): { rows: Row[]; count?: number } {
  const carried = rows as (Row & { [FOUND]?: unknown })[];
  const first = carried[0];
  if (first?.[FOUND] === undefined) return { rows };
  return { rows: carried.map(({ [FOUND]: _found, ...row }) => row as Row), count: Number(first[FOUND]) };
}

/**
 * A translated list (docs/api.md Lists), defined once per resource: `columns(lang)` gives what a page shows in a
 * language and the expression behind every sortable column. A page is the records joined to their row in the request
 * language, the trashed/status filters, a search in that title and the caller's `filters`, in the requested sort
 * (else the default) with id as the tie-break, with its total.
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
  request: { query: ContentListQuery; lang: Locale; filters?: (SQL | undefined)[] },
) => Promise<TranslatedPage<Sel>> {
  return (db, { query, lang, filters = [] }) => {
    const { select, sorts } = spec.columns(lang);
    return translatedPage(db, tr, { query, lang, select, sorts, filters, spec });
  };
}

/**
 * One page of a translated list: which tables its keys are found in (the records, their language rows, or those
 * alone), where the page starts (an offset, or a neighbour's cursor), then the page and its total.
 */
async function translatedPage<Sel extends SelectedFields, S extends string>(
  db: Db,
  tr: Translations,
  args: {
    query: ContentListQuery;
    lang: Locale;
    select: Sel;
    sorts: Record<S, AnyPgColumn | SQL>;
    filters: (SQL | undefined)[];
    spec: { allowedSorts: readonly S[]; defaultSort: { sort: S; order: 'asc' | 'desc' } };
  },
): Promise<TranslatedPage<Sel>> {
  const { query, lang } = args;
  const { owner, table } = tr;
  const { sort, order } = resolveSort(query, args.spec.allowedSorts, args.spec.defaultSort);
  const sortColumn = args.sorts[sort];
  const sortIsColumn = is(sortColumn, Column);
  const filters = args.filters.filter((f): f is SQL => f !== undefined);
  const pattern = query.search ? likePattern(query.search) : '';
  // The language rows join only when the search or the sort needs their title, so a sort by a column of the
  // record walks that column's index alone.
  const needsLangs = Boolean(query.search) || !(sortIsColumn && sortColumn.table === owner);
  const where = (langsJoined: boolean) =>
    and(
      trashedWhere(owner.deleted_at, query.trashed),
      query.status === undefined ? undefined : eq(owner.status, query.status),
      query.search ? ilike(table.title, pattern) : undefined,
      // The translation filter reads the record's flag where the query's order is: on the language row when it
      // is joined (a title's order), else on the record; each is a partial index in that order (docs/features/
      // translations.md).
      query.translation ? sql`${(langsJoined ? tr.flags.table : tr.flags.owner)[query.translation]}` : undefined,
      ...filters,
    );
  // A page reached by "next" or "previous" starts from its neighbour's last or first row (cursors.ts keysetOf).
  const keyset = keysetOf(query, sort, order, sortColumn);
  const direction = order === 'asc' ? asc : desc;
  const { keyDirection } = keyset;
  // A search, or a list in the order of its titles, reads the language rows, which keep the record's status, last
  // change and removal (schema/base.ts recordKeys): when its filters and its order need nothing else of the record,
  // its rows are counted, filtered and ordered there alone (a deep page by title walks the live titles' index alone),
  // and only the records of its page are read.
  const statusKey = query.status === undefined ? undefined : tr.recordKey(owner.status);
  const deletedKey = tr.recordKey(owner.deleted_at);
  const langsAnswer =
    (Boolean(query.search) || (sortIsColumn && sortColumn.table === table)) &&
    filters.length === 0 &&
    deletedKey !== undefined &&
    (query.status === undefined || !!statusKey);
  const langSort = !sortIsColumn
    ? undefined
    : sortColumn.table === table
      ? sortColumn
      : sortColumn === owner.id
        ? tr.ownerColumn
        : tr.recordKey(sortColumn);
  const alone = langsAnswer && langSort !== undefined;
  const whereOnLangs = and(
    eq(table.language_code, lang),
    deletedKey && trashedWhere(deletedKey, query.trashed),
    statusKey && eq(statusKey, query.status),
    query.search ? ilike(table.title, pattern) : undefined,
    query.translation ? sql`${tr.flags.table[query.translation]}` : undefined,
  );
  // Every record has a row in each locale (translations().write writes both), so the count joins the language
  // rows only when the search needs their title, and reads them alone when they hold all it filters by.
  const count = () => {
    if (langsAnswer) return db.select({ one: sql`1` }).from(table).where(whereOnLangs).$dynamic();
    const q = db.select({ one: sql`1` }).from(owner).$dynamic();
    return (query.search ? q.innerJoin(table, tr.joinOn(lang)) : q).where(where(Boolean(query.search)));
  };
  // The page's ids, by this sort column and the record's id: the language rows' own when the search reads them
  // alone; from a cursor, those after it.
  const keySort = alone && langSort ? langSort : sortColumn;
  const keyId = alone ? tr.ownerColumn : owner.id;
  const afterKey = keyset.startAt(keySort, keyId);
  const matches = () => {
    const keyQuery = db
      .select(keyColumns(keySort, keyId))
      .from((alone ? table : owner) as PgTable)
      .$dynamic();
    return alone
      ? keyQuery.where(and(whereOnLangs, afterKey))
      : (needsLangs ? keyQuery.innerJoin(table, tr.joinOn(lang)) : keyQuery).where(and(where(needsLangs), afterKey));
  };
  const keys = (few: boolean) =>
    pageKeys(
      few
        ? foundFirst(db, matches(), keyDirection, !keyset.fromCursor)
        : matches().orderBy(keyDirection(keySort), keyDirection(keyId)),
      query,
      keyset.fromCursor,
    );
  const rows = (few: boolean) => {
    const page = keys(few);
    return db
      .select({
        ...(args.select as SelectedFields),
        translation: translationOf(tr),
        ...keyset.fields(owner.id),
        ...foundCount(page),
      })
      .from(owner)
      .innerJoin(table, tr.joinOn(lang))
      .innerJoin(page, eq(page.id, owner.id))
      .orderBy(direction(sortColumn), direction(owner.id));
  };
  const page = await readList(db, query, {
    // A search's page of few matches is found first, then sorted (foundFirst, which orders by the key columns: a sort
    // by an expression keeps the list's plan); its count says whether they were few.
    rows: query.search && is(keySort, Column) ? rows : rows(false),
    count,
    filtered: query.status !== undefined || filters.length > 0,
    counted: !keyset.fromCursor,
  });
  return keyset.withCursors(page) as unknown as TranslatedPage<Sel>;
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
