// Pages kept until a write (docs/features/lists.md "Pages kept until a write"): a list page read once is answered
// again from this process's memory while no transaction that wrote one of the tables its statement reads has
// committed since; every answer is checked against the database first, so no process ever answers a page another
// process's write has changed.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { listChanges, listPruned } from '../db/schema.js';
import { asKeptPage, type KeptPage, keptStatements, type Printed } from './kept.js';

/** Past this many rows kept for one database handle (2,500 pages of 20), the pages used longest ago go. */
export const KEPT_ROWS = 50_000;

/** A kept page is read again at the latest after this long, whatever the check says. */
export const KEPT_PAGE_MS = 10 * 60 * 1000;

/** The column every kept page statement adds to its rows: the snapshot of the statement that read them. */
export const SNAPSHOT_KEY = '__snapshot';

/** The expression of that column (a one-time subquery: the statement's own snapshot, read once). */
export const snapshotColumn = () => sql<string>`(select pg_current_snapshot()::text)`;

interface KeptEntry {
  rows: readonly Record<string, unknown>[];
  snapshot: string;
  tables: readonly string[];
  at: number;
}

/** The pages kept for one database handle, the one used longest ago first, within KEPT_ROWS rows. */
class KeptPages {
  private readonly pages = new Map<string, KeptEntry>();
  private rows = 0;
  get size() {
    return this.pages.size;
  }
  /** The entry of `key`, taken out: put back once it is checked. */
  take(key: string): KeptEntry | undefined {
    const entry = this.pages.get(key);
    if (entry) {
      this.pages.delete(key);
      this.rows -= entry.rows.length;
    }
    return entry;
  }
  put(key: string, entry: KeptEntry) {
    this.take(key);
    this.pages.set(key, entry);
    this.rows += entry.rows.length;
    while (this.rows > KEPT_ROWS && this.pages.size > 1) this.take(this.pages.keys().next().value as string);
  }
}

const kept = new WeakMap<Db, KeptPages>();
const watchedOn = new WeakMap<Db, Promise<ReadonlySet<string>>>();

/**
 * A clock, a random number, a sequence or the session's settings: a statement that reads one can answer
 * differently without any write, so its pages are not kept.
 */
const VOLATILE =
  /\b(now|random|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|current_date|current_time|current_timestamp|localtime|localtimestamp|nextval|currval|current_user|session_user|current_setting)\b/i;

/** The tables a statement reads: every relation after `from` or `join`, as drizzle prints them (quoted). */
export function tablesRead(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/\b(?:from|join)\s+"([^"]+)"/gi)) names.add(m[1] as string);
  return [...names].sort();
}

/**
 * The tables whose writes are noted in `list_changes` (a `note_list_change` statement trigger: migrations 0016,
 * 0024, 0027), read once per database handle: the schema is migrated before the server answers.
 */
export function watchedTables(db: Db): Promise<ReadonlySet<string>> {
  let found = watchedOn.get(db);
  if (!found) {
    found = db
      .execute(sql`select distinct c.relname as name from pg_trigger t
        join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where p.proname = 'note_list_change' and not t.tgisinternal`)
      .then((result) => new Set((result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)));
    found.catch(() => watchedOn.delete(db));
    watchedOn.set(db, found);
  }
  return found;
}

/**
 * The tables whose writes retire a page of statement `text`, or undefined when its pages cannot be kept: it reads
 * an unwatched table or something that changes without a write (VOLATILE).
 */
export async function keptTables(db: Db, text: string): Promise<string[] | undefined> {
  if (VOLATILE.test(text.replaceAll('pg_current_snapshot', ''))) return undefined;
  const tables = tablesRead(text);
  const watched = await watchedTables(db);
  return tables.length > 0 && tables.every((t) => watched.has(t)) ? tables : undefined;
}

/**
 * Whether a transaction that wrote one of `tables` committed outside `snapshot`, or `list_changes` was pruned past
 * the snapshot's oldest transaction: a prepared statement, built once per database handle (it runs on every
 * answer from a kept page).
 */
const staleStatements = keptStatements<{
  execute: (values: Record<string, unknown>) => Promise<{ stale: boolean }[]>;
}>();
const staleStatement = (db: Db) =>
  staleStatements(db, 'stale', () => {
    const snapshot = sql`${sql.placeholder('snapshot')}::pg_snapshot`;
    return db
      .select({
        stale: sql<boolean>`exists (select 1 from ${listChanges} ch
          where ch.table_name = any(${sql.placeholder('tables')}::text[])
            and ch.xid >= pg_snapshot_xmin(${snapshot})::text::bigint
            and not pg_visible_in_snapshot(ch.xid::text::xid8, ${snapshot}))
        or exists (select 1 from ${listPruned} p where p.xid > pg_snapshot_xmin(${snapshot})::text::bigint)`,
      })
      .from(sql`(select 1) as one`)
      .prepare('kept_page_stale');
  });

/**
 * The rows kept for request `key` on `db`, when no transaction that wrote one of their tables committed outside the
 * snapshot they were read in (and `list_changes` still holds every such transaction: pruning past that snapshot's
 * oldest transaction retires the page); else undefined, and the page is dropped.
 */
export async function keptPage(db: Db, key: string): Promise<readonly Record<string, unknown>[] | undefined> {
  const pages = kept.get(db);
  const entry = pages?.take(key);
  if (!pages || !entry) return undefined;
  if (Date.now() - entry.at > KEPT_PAGE_MS) return undefined;
  const [found] = await staleStatement(db).execute({ tables: `{${entry.tables.join(',')}}`, snapshot: entry.snapshot });
  if (found?.stale !== false) return undefined;
  pages.put(key, entry);
  return entry.rows;
}

/**
 * Keeps the rows of request `key` (each with SNAPSHOT_KEY, the snapshot of the statement that read them) until a
 * write to `tables`. An empty page is not kept: it has no snapshot, and costs nothing to read again.
 */
export function keepPage(db: Db, key: string, tables: readonly string[], rows: readonly Record<string, unknown>[]) {
  const snapshot = rows[0]?.[SNAPSHOT_KEY];
  if (typeof snapshot !== 'string') return;
  let pages = kept.get(db);
  if (!pages) {
    pages = new KeptPages();
    kept.set(db, pages);
  }
  pages.put(key, { rows: rows.map(deepFreeze), snapshot, tables, at: Date.now() });
}

/** A page statement kept for its shape, with the tables whose writes retire its pages (undefined: none are kept). */
export interface PageStatement<Row> {
  statement: KeptPage<Row>;
  tables: Promise<string[] | undefined>;
}

let lists = 0;

/**
 * A list's pages: its page statements kept per shape (resources/kept.ts), each with the tables its pages are kept for,
 * and its pages kept by request. Each call is one list: its requests' keys never meet another list's, whose shapes
 * and values can be the same.
 */
export function pageStatements<Row extends Record<string, unknown>>() {
  const list = `${++lists} `;
  const statements = keptStatements<PageStatement<Row>>();
  return {
    /** The statement of `shape`, built by `build` (with SNAPSHOT_KEY among its columns) the first time. */
    statement: (db: Db, shape: string, build: () => { toSQL: () => Printed; prepare: (name: string) => unknown }) =>
      statements(db, shape, () => {
        const select = build();
        const tables = keptTables(db, select.toSQL().sql);
        tables.catch(() => undefined);
        return { statement: asKeptPage<Row>(select), tables };
      }),
    /** The rows kept for request `key`, when still good (keptPage). */
    kept: async (db: Db, key: string) => (await keptPage(db, list + key)) as readonly Row[] | undefined,
    /** The rows of request `key` read by `page` with `values`, kept for the next time when its tables allow. */
    async read(
      db: Db,
      page: PageStatement<Row>,
      key: string,
      values: Record<string, unknown>,
    ): Promise<readonly Row[]> {
      const rows = await page.statement.execute(values);
      const tables = await page.tables;
      if (tables) keepPage(db, list + key, tables, rows);
      return rows;
    },
    /** The rows of request `key`: kept, or read by `page` and kept. */
    async rows(
      db: Db,
      page: PageStatement<Row>,
      key: string,
      values: Record<string, unknown>,
    ): Promise<readonly Row[]> {
      return (await this.kept(db, key)) ?? this.read(db, page, key, values);
    },
  };
}

/** How many pages `db` keeps (tests). */
export const keptPageCount = (db: Db) => kept.get(db)?.size ?? 0;

/** Forgets every page kept for `db`, as a restarted process would (the benchmarks, tests). */
export const forgetKeptPages = (db: Db) => void kept.delete(db);

/**
 * Runs `fn` as a process that keeps nothing would, then puts back the pages kept before (the lists benchmark's read
 * series, beside the series that answers the same requests from their kept pages).
 */
export async function withoutKeptPages<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const before = kept.get(db);
  kept.delete(db);
  try {
    return await fn();
  } finally {
    if (before) kept.set(db, before);
    else kept.delete(db);
  }
}

/** A kept row is shared by every answer that reads it: nothing may change it (a change throws in strict mode). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof Date) && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
