import { createHash } from 'node:crypto';
import { INT4_MAX } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { listChanges, listCounts, listMarks, listPruned } from '../db/schema.js';

/**
 * Page marks (docs/features/lists.md, deep pages): a page far down a long list, asked for by its number, starts
 * from the nearest mark by keyset and skips fewer than MARK_EVERY rows, instead of skipping every row before it.
 * The marks of a list are found once (one walk of the list in its order) and kept in `list_marks`, shared by every
 * server process; a write to one of the list's tables that the marks' snapshot does not see makes them stale
 * (`list_changes`, kept by a statement trigger on every listed table: migration 0016), and the next deep page
 * finds them again.
 */
export const MARK_EVERY = 1000;
/**
 * A page that skips fewer rows than this walks them (cheaper than looking up marks). Past it, walking costs more
 * than a mark: PGlite's planner read and sorted all 20,000 pages for the page at 9,980 by title (25 ms) where the
 * mark at 9,000 leaves 980 rows to skip.
 */
export const MARKS_FROM = 2_000;
/**
 * Marks and kept totals are found again after this long (pruneListCaches removes older ones), whether or not they
 * are stale.
 */
const LIST_CACHE_KEEP_MS = 60 * 60 * 1000;

/** Where a deep page starts: after the row `from` (its sort value as text, its id), skipping `skip` more rows. */
export interface PageStart {
  from: { value: string; id: number };
  skip: number;
}

/**
 * The start of the page that skips `offset` rows of a list, from its marks: `ranked` selects the list's rows
 * (joins and filters, no order or limit) with the sort value as `mark_key`, the id as `mark_id` and their
 * `row_number()` in the list's order as `n`; `tables` are every table it reads. Undefined when the offset is small.
 */
export async function pageStart(
  db: Db,
  spec: { ranked: PgSelect; tables: readonly string[]; offset: number },
): Promise<PageStart | undefined> {
  const { offset, tables } = spec;
  if (offset < MARKS_FROM) return undefined;
  const statement = spec.ranked.toSQL();
  const key = createHash('sha256')
    .update(JSON.stringify([statement.sql, statement.params, MARK_EVERY]))
    .digest('hex');
  // Mark i (1-based) is the row at position i × MARK_EVERY; the page starts after the last mark before it.
  const wanted = Math.min(Math.floor(offset / MARK_EVERY), INT4_MAX);
  const found = await markAt(db, key, wanted);
  const mark = found ?? (await findMarks(db, key, spec.ranked, tables, wanted));
  if (!mark) return undefined;
  return { from: { value: mark.value, id: mark.id }, skip: offset - mark.index * MARK_EVERY };
}

interface Mark {
  index: number;
  value: string;
  id: number;
}

type Rows<T> = { rows: T[] };

/**
 * Whether a transaction that wrote one of the tables of row `alias` (of `list_marks` or `list_counts`: its `tables`
 * and `snapshot`) committed outside that snapshot: what was found in it is stale.
 */
export const staleIn = (alias: 'm' | 'k') => {
  const row = sql.raw(alias);
  return sql`exists (
  select 1 from ${listChanges} ch
  where ch.table_name = any(${row}.tables) and ch.xid >= pg_snapshot_xmin(${row}.snapshot::pg_snapshot)::text::bigint
    and not pg_visible_in_snapshot(ch.xid::text::xid8, ${row}.snapshot::pg_snapshot))`;
};
const staleMark = staleIn('m');

/** Mark `wanted` (or the last one, when the list is shorter) of list `key`, if its marks are still good. */
async function markAt(db: Db, key: string, wanted: number): Promise<Mark | undefined> {
  const { rows } = (await db.execute(sql`
    select least(${wanted}::int, cardinality(m.ids)) as index,
      m.keys[least(${wanted}::int, cardinality(m.ids))] as value, m.ids[least(${wanted}::int, cardinality(m.ids))] as id
    from ${listMarks} m
    where m.key = ${key} and not ${staleMark}`)) as unknown as Rows<{
    index: number;
    value: string | null;
    id: number | null;
  }>;
  const [row] = rows;
  if (!row || row.value === null || row.id === null || Number(row.index) < 1) return undefined;
  return { index: Number(row.index), value: row.value, id: Number(row.id) };
}

/**
 * Walks the list once for every MARK_EVERY-th row (one statement: the marks and the snapshot they were found in
 * agree), keeps them, and answers mark `wanted` or the last one.
 */
async function findMarks(
  db: Db,
  key: string,
  ranked: PgSelect,
  tables: readonly string[],
  wanted: number,
): Promise<Mark | undefined> {
  const { rows } = (await db.execute(sql`
    select pg_current_snapshot()::text as snapshot,
      coalesce(array_agg(r.mark_key::text order by r.n), '{}') as keys,
      coalesce(array_agg(r.mark_id order by r.n), '{}') as ids
    from (${ranked}) r where r.n % ${MARK_EVERY} = 0`)) as unknown as Rows<{
    snapshot: string;
    keys: string[];
    ids: number[];
  }>;
  const [found] = rows;
  if (!found) return undefined;
  await db
    .insert(listMarks)
    .values({ key, tables: [...tables], every: MARK_EVERY, snapshot: found.snapshot, keys: found.keys, ids: found.ids })
    .onConflictDoUpdate({
      target: listMarks.key,
      set: {
        tables: [...tables],
        snapshot: found.snapshot,
        keys: found.keys,
        ids: found.ids,
        created_at: sql`now()`,
      },
    });
  const index = Math.min(wanted, found.ids.length);
  if (index < 1) return undefined;
  return { index, value: String(found.keys[index - 1]), id: Number(found.ids[index - 1]) };
}

/**
 * Removes stale marks and totals (`list_counts`, resources/total.ts) and those older than LIST_CACHE_KEEP_MS, then
 * every change that all remaining ones (and every transaction still running) see, so `list_changes` holds only what
 * could still make one of them stale; `list_pruned` notes how far, for the pages kept in memory. Answers the changes
 * removed.
 */
export async function pruneListCaches(db: Db): Promise<number> {
  const keep = sql`${`${LIST_CACHE_KEEP_MS} milliseconds`}::interval`;
  await db.execute(sql`delete from ${listMarks} m where m.created_at < now() - ${keep} or ${staleMark}`);
  await db.execute(sql`delete from ${listCounts} k where k.created_at < now() - ${keep} or ${staleIn('k')}`);
  const { rows } = (await db.execute(sql`
    with horizon as (
      select least(
        pg_snapshot_xmin(pg_current_snapshot())::text::bigint,
        (select min(pg_snapshot_xmin(snapshot::pg_snapshot)::text::bigint) from ${listMarks}),
        (select min(pg_snapshot_xmin(snapshot::pg_snapshot)::text::bigint) from ${listCounts})
      ) as xid
    ), gone as (delete from ${listChanges} where xid < (select xid from horizon) returning xid),
    -- A page kept in a process's memory that might have missed one of these can no longer be checked (kept-pages.ts).
    pruned as (insert into ${listPruned} (id, xid) select true, max(xid) + 1 from gone having count(*) > 0
      on conflict (id) do update set xid = greatest(${listPruned}.xid, excluded.xid))
    select count(*)::int as n from gone`)) as unknown as Rows<{ n: number }>;
  return Number(rows[0]?.n ?? 0);
}

/** Runs pruneListCaches every hour (the timer never keeps the process alive); answers the stop function. */
export function startListCachesUpkeep(db: Db, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => {
    pruneListCaches(db).catch(onError);
  }, LIST_CACHE_KEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
