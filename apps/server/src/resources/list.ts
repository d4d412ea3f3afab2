import type { LangOption, ListMeta, ListQuery, Locale } from '@backoffice/shared';
import { and, asc, Column, count, desc, eq, ilike, is, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client.js';
import type { Translations } from './langs.js';
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
): Promise<{ rows: SelectResultFields<Sel>[]; meta: ListMeta }> {
  const { query, lang } = spec;
  const { owner, table } = tr;
  const where = and(
    trashedWhere(owner.deleted_at, query.trashed),
    query.status === undefined ? undefined : eq(owner.status, query.status),
    query.search ? ilike(table.title, likePattern(query.search)) : undefined,
    ...(spec.filters ?? []),
  );
  const { sort, order } = resolveSort(query, spec.allowedSorts, spec.defaultSort);
  const direction = order === 'asc' ? asc : desc;
  const orderBy = [direction(spec.sorts[sort]), direction(owner.id)];
  // The ids of the page first: an index walk that skips the offset rows without computing their columns. The
  // language rows join only when the search or the sort needs their title, so a sort by a column of the record
  // walks that column's index alone.
  const sortColumn = spec.sorts[sort];
  const needsLangs = Boolean(query.search) || !(is(sortColumn, Column) && sortColumn.table === owner);
  const keyQuery = db.select({ id: owner.id }).from(owner).$dynamic();
  const keys = (needsLangs ? keyQuery.innerJoin(table, tr.joinOn(lang)) : keyQuery)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .as('page_keys');
  // Every record has a row in each locale (translations().write writes both), so the count joins the language
  // rows only when the search needs their title.
  const counted = () => {
    const q = db.select({ one: sql`1` }).from(owner).$dynamic();
    return (query.search ? q.innerJoin(table, tr.joinOn(lang)) : q).where(where);
  };
  const [rows, total] = await Promise.all([
    db
      .select(spec.select as SelectedFields)
      .from(owner)
      .innerJoin(table, tr.joinOn(lang))
      .innerJoin(keys, eq(keys.id, owner.id))
      .orderBy(...orderBy),
    listTotal(db, counted),
  ]);
  return {
    rows: rows as unknown as SelectResultFields<Sel>[],
    meta: pageMeta(total.total, query.page, query.per_page, total.approximate),
  };
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
