// A list's total (docs/api.md Lists, docs/features/lists.md "Totals"): exact while it is small, the planner's
// estimate, marked approximate, once counting would cost more than the page.
import type { ListMeta, ListQuery } from '@backoffice/shared';
import { count, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type Db, statisticsKept } from '../db/client.js';
import { pageMeta } from './paging.js';

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
 * When the planner expects this many times the exact limit, the estimate is the total without counting: counting
 * the first 10,001 rows took three times as long as the page itself (docs/features/lists.md, "What a request
 * costs").
 */
const ESTIMATE_FIRST_FROM = 10;

/**
 * How a list's total is taken: exactly up to `limit` (less far when the list is searched, each match a row read
 * through a trigram index, or filtered by translation state, a worklist of more than 1,000 reading "about N"), and
 * whether the planner's estimate may be asked first. Only for the list itself, neither searched nor
 * filtered (`filtered`: the caller's own filters, status, role, category …): the estimate of one condition is close,
 * of several it multiplies their shares as if they were unrelated (drafts that are also the untranslated ones come
 * out as thousands where there are none), and a pattern's is a guess from a sample of the titles.
 */
export const totalPolicy = (query: Pick<ListQuery, 'search' | 'translation'>, filtered: boolean): TotalPolicy => ({
  limit: query.search || query.translation ? SEARCH_EXACT_TOTAL_LIMIT : EXACT_TOTAL_LIMIT,
  estimateFirst: !query.search && !query.translation && !filtered,
});

/** How listTotal takes a total (totalPolicy). */
export interface TotalPolicy {
  limit: number;
  estimateFirst: boolean;
}

/** What a list's `meta` needs of its total: the number, and whether it is the planner's estimate. */
export interface ListTotal {
  total: number;
  approximate: boolean;
}

/**
 * The total of a list whose rows `rows()` selects (a fresh query each call, without limit): with `estimateFirst`, on
 * a database that keeps its statistics current (`statisticsKept`: PostgreSQL, not PGlite), the planner's row
 * estimate is read first and taken as it is when it is ten times `limit` or more; otherwise an exact count that stops
 * after `limit + 1` rows (or `counted`, that count read already), and past that the estimate, never below
 * `limit + 1`.
 */
export async function listTotal(
  db: Db,
  rows: () => PgSelect,
  policy: TotalPolicy = { limit: EXACT_TOTAL_LIMIT, estimateFirst: false },
  counted?: number,
): Promise<ListTotal> {
  const { limit } = policy;
  const estimated =
    counted === undefined && policy.estimateFirst && statisticsKept(db) ? await planRows(db, rows()) : undefined;
  if (estimated !== undefined && estimated >= ESTIMATE_FIRST_FROM * limit)
    return { total: estimated, approximate: true };
  const n = counted ?? (await cappedCount(db, rows(), limit));
  if (n <= limit) return { total: n, approximate: false };
  return { total: Math.max(estimated ?? (await planRows(db, rows())), limit + 1), approximate: true };
}

/** How many rows `rows` selects, counting no further than `limit + 1`. */
async function cappedCount(db: Db, rows: PgSelect, limit: number): Promise<number> {
  const [capped] = await db.select({ n: count() }).from(rows.limit(limit + 1).as('counted'));
  return Number(capped?.n ?? 0);
}

/**
 * A page's `meta` once its rows are read. A first page with room to spare holds the whole list, so its length is the
 * exact total whatever was estimated (a filter the statistics put at thousands of rows that matches none reads 0).
 */
export function totalMeta(total: ListTotal, query: Pick<ListQuery, 'page' | 'per_page'>, rowsOnPage: number): ListMeta {
  const settled =
    total.approximate && query.page === 1 && rowsOnPage < query.per_page
      ? { total: rowsOnPage, approximate: false }
      : total;
  return pageMeta(settled.total, query.page, query.per_page, settled.approximate);
}

/** The planner's estimate of how many rows `query` gives (EXPLAIN, which plans the statement without running it). */
async function planRows(db: Db, query: PgSelect): Promise<number> {
  const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as { rows: unknown[] };
  const cell = Object.values((result.rows[0] ?? {}) as Record<string, unknown>)[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}
