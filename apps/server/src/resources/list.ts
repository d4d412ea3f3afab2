import type { LangOption, ListMeta, ListQuery, Locale } from '@backoffice/shared';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client.js';
import type { Translations } from './langs.js';
import { likePattern, pageMeta, resolveSort } from './paging.js';

/** The soft-delete filter of a list: live rows, only removed ones (`trashed=only`) or both (`trashed=with`). */
export const trashedWhere = (deletedAt: AnyPgColumn, trashed: ListQuery['trashed']) =>
  trashed === 'only' ? isNotNull(deletedAt) : trashed === 'with' ? undefined : isNull(deletedAt);

/** The filters every content list shares (DESIGN §4 Lists). */
export type ContentListQuery = ListQuery & { status?: boolean };

/**
 * One page of a translated list (DESIGN §4 Lists): the records joined to their row in the request language,
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
  // The ids of the page first: an index walk that skips the offset rows without computing their columns.
  const keys = db
    .select({ id: owner.id })
    .from(owner)
    .innerJoin(table, tr.joinOn(lang))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .as('page_keys');
  // Every record has a row in each locale (translations().write writes both), so the count joins the language
  // rows only when the search needs their title.
  const counted = query.search
    ? db.select({ n: count() }).from(owner).innerJoin(table, tr.joinOn(lang)).where(where)
    : db.select({ n: count() }).from(owner).where(where);
  const [rows, [total]] = await Promise.all([
    db
      .select(spec.select as SelectedFields)
      .from(owner)
      .innerJoin(table, tr.joinOn(lang))
      .innerJoin(keys, eq(keys.id, owner.id))
      .orderBy(...orderBy),
    counted,
  ]);
  return {
    rows: rows as unknown as SelectResultFields<Sel>[],
    meta: pageMeta(total?.n ?? 0, query.page, query.per_page),
  };
}

/**
 * The live records of a translated resource as options `{id, lang: {title}}`, by title in `lang` (spec 1 §3 Option
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
