// Pages kept until a write (docs/features/lists.md "Pages kept until a write"): a list page read once is answered
// again from this process's memory while no transaction that wrote one of the tables its statement reads has
// committed since; every answer is checked against the database first, so no process ever answers a page another
// process's write has changed.
import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { listChanges, listPruned } from '../db/schema.js';
import { asKeptPage, type KeptPage, keptStatements, type Printed, withValues } from './kept.js';
import { type LiveColumn, liveKeys, liveValues, withLiveValues } from './live-columns.js';
import { type ListTotal, listTotal, type TotalPolicy } from './total.js';

/** Past this many rows kept for one database handle (2,500 pages of 20), the pages used longest ago go. */
export const KEPT_ROWS = 50_000;

/** A kept page is read again at the latest after this long, whatever the check says. */
export const KEPT_PAGE_MS = 10 * 60 * 1000;

/** The column every kept page statement adds to its rows: the snapshot of the statement that read them. */
export const SNAPSHOT_KEY = '__snapshot';

/** The expression of that column (a one-time subquery: the statement's own snapshot, read once). */
export const snapshotColumn = () => sql<string>`(select pg_current_snapshot()::text)`;

/** Past this many addresses remembered for one database handle (KeptHint), the one remembered first goes. */
const KEPT_PLACES = 10_000;

interface KeptEntry {
  rows: readonly Record<string, unknown>[];
  snapshot: string;
  tables: readonly string[];
  /** The page's total, when it was kept too (ListTotal.goodIn): checked with the page, answered with it. */
  total?: ListTotal & Required<Pick<ListTotal, 'goodIn'>>;
  /** A column its rows show that is read again with each check, its writes not retiring the page (live-columns.ts). */
  live?: LiveColumn;
  at: number;
}

/** What a check of a kept page finds: the rows to answer (with their live values), or undefined when it is stale. */
type Checked = Promise<readonly Record<string, unknown>[] | undefined>;

/** The pages kept for one database handle, the one used longest ago first, within KEPT_ROWS rows. */
class KeptPages {
  private readonly pages = new Map<string, KeptEntry>();
  private rows = 0;
  /** The key of the page each request place (KeptHint) was last answered from. */
  private readonly places = new Map<string, string>();
  get size() {
    return this.pages.size;
  }
  /** The entry of `key`, left in place. */
  peek(key: string): KeptEntry | undefined {
    return this.pages.get(key);
  }
  /** The key of the page requests at `place` were last answered from. */
  keyAt(place: string): string | undefined {
    return this.places.get(place);
  }
  /** Remembers that requests at `place` are answered from the page of `key`. */
  place(place: string, key: string) {
    if (this.places.get(place) === key) return;
    this.places.delete(place);
    this.places.set(place, key);
    if (this.places.size > KEPT_PLACES) this.places.delete(this.places.keys().next().value as string);
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
 * The names under which writes are noted in `list_changes` (a `note_list_change` statement trigger: migrations 0016,
 * 0024, 0027), read once per database handle: the schema is migrated before the server answers. A table's name, or
 * the argument its trigger gives for a column written apart (`users.online_at`, migration 0028).
 */
export function watchedTables(db: Db): Promise<ReadonlySet<string>> {
  let found = watchedOn.get(db);
  if (!found) {
    found = db
      .execute(sql`select distinct coalesce(nullif(split_part(encode(t.tgargs, 'escape'), '\\000', 1), ''), c.relname)
        as name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where p.proname = 'note_list_change' and not t.tgisinternal`)
      .then((result) => new Set((result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)));
    found.catch(() => watchedOn.delete(db));
    watchedOn.set(db, found);
  }
  return found;
}

/**
 * The tables whose writes retire a page of statement `text`, or undefined when its pages cannot be kept: it reads
 * an unwatched table or something that changes without a write (VOLATILE). A column written apart, when the text
 * reads its table and names the column under any qualifier (`"online_at"`), retires it too, unless it is the page's
 * `live` column.
 */
export async function keptTables(db: Db, text: string, live?: LiveColumn): Promise<string[] | undefined> {
  if (VOLATILE.test(text.replaceAll('pg_current_snapshot', ''))) return undefined;
  const tables = tablesRead(text);
  const watched = await watchedTables(db);
  if (tables.length === 0 || !tables.every((t) => watched.has(t))) return undefined;
  const apart = [...watched].filter((name) => {
    const [table, column] = name.split('.');
    return column && name !== live?.noted && tables.includes(table as string) && text.includes(`"${column}"`);
  });
  return [...tables, ...apart.sort()];
}

/**
 * Whether a transaction that wrote one of a page's tables committed outside the snapshot it was read in (or one of
 * its total's tables outside the total's), or `list_changes` was pruned past either snapshot's oldest transaction: a
 * prepared statement, built once per database handle (it runs on every answer from a kept page).
 */
type StaleStatement = { execute: (values: Record<string, unknown>) => Promise<{ stale: boolean; live?: string }[]> };
const staleStatements = keptStatements<StaleStatement>();
function staleExpression() {
  const changed = (tables: string, snapshotName: string) => {
    const snapshot = sql`${sql.placeholder(snapshotName)}::pg_snapshot`;
    return sql`exists (select 1 from ${listChanges} ch
          where ch.table_name = any(${sql.placeholder(tables)}::text[])
            and ch.xid >= pg_snapshot_xmin(${snapshot})::text::bigint
            and not pg_visible_in_snapshot(ch.xid::text::xid8, ${snapshot}))`;
  };
  const xmin = (snapshotName: string) =>
    sql`pg_snapshot_xmin(${sql.placeholder(snapshotName)}::pg_snapshot)::text::bigint`;
  return sql<boolean>`${changed('tables', 'snapshot')} or ${changed('total_tables', 'total_snapshot')}
    or exists (select 1 from ${listPruned} p where p.xid > least(${xmin('snapshot')}, ${xmin('total_snapshot')}))`;
}
/** The check, and for a page with a live column a second one that also reads its values (live-columns.ts). */
const staleStatement = (db: Db, live?: LiveColumn) =>
  staleStatements(db, live ? `live ${live.noted}` : 'stale', () => {
    const columns = { stale: staleExpression(), ...(live ? { live: liveValues(live) } : {}) };
    const name = live ? `kept_page_live_${live.noted}` : 'kept_page_stale';
    return db.select(columns).from(sql`(select 1) as one`).prepare(name) as StaleStatement;
  });

/**
 * The rows `entry` answers now: its own, or with its live column read again (a new array when a value changed);
 * undefined when it is stale (staleStatement). A failed check counts as stale.
 */
function check(db: Db, entry: KeptEntry): Checked {
  const { total, live, rows } = entry;
  return staleStatement(db, live)
    .execute({
      tables: `{${entry.tables.join(',')}}`,
      snapshot: entry.snapshot,
      total_tables: `{${total?.goodIn.tables.join(',') ?? ''}}`,
      total_snapshot: total?.goodIn.snapshot ?? entry.snapshot,
      ...(live ? { keys: liveKeys(live, rows) } : {}),
    })
    .then(([found]) => {
      if (found?.stale !== false) return undefined;
      return live ? withLiveValues(live, rows, found.live ?? '[]', deepFreeze) : rows;
    });
}

/**
 * Where a request may be answered from a kept page: its place (its address and language), and the check of the page
 * last answered there, started as the request arrived, beside its session's look-up (registerKeptPages), so that an
 * answer from a kept page waits for one round trip to the database, not two.
 */
export interface KeptHint {
  place: string;
  check?: { key: string; entry: KeptEntry; rows: Checked };
}

declare module 'fastify' {
  interface FastifyRequest {
    keptHint: KeptHint | undefined;
  }
}

/**
 * Starts, as a GET request with a cookie arrives, the check of the page last answered at its place: registered before
 * the session's hook, which then waits for its look-up while the check runs on another connection. The check only
 * tells whether a kept page is still good; nothing is answered before the request's session and role are.
 */
export function registerKeptPages(app: FastifyInstance, db: Db) {
  app.decorateRequest('keptHint', undefined);
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'GET' && request.headers.cookie) {
      const place = `${request.headers['accept-language'] ?? ''} ${request.url}`;
      const pages = kept.get(db);
      const key = pages?.keyAt(place);
      const entry = key === undefined ? undefined : pages?.peek(key);
      const early =
        key !== undefined && entry && Date.now() - entry.at <= KEPT_PAGE_MS
          ? { key, entry, rows: check(db, entry).catch(() => undefined) }
          : undefined;
      request.keptHint = { place, check: early };
    }
    done();
  });
}

/**
 * The rows (and total, when kept with them) kept for request `key` on `db`, when no transaction that wrote one of
 * their tables committed outside the snapshot they were read in (and `list_changes` still holds every such
 * transaction: pruning past that snapshot's oldest transaction retires the page); else undefined, and the page is
 * dropped. The check started for the request as it arrived (`hint`) is taken when it checked this very entry.
 */
export async function keptPage(
  db: Db,
  key: string,
  hint?: KeptHint,
): Promise<Pick<KeptEntry, 'rows' | 'total'> | undefined> {
  const pages = kept.get(db);
  const entry = pages?.take(key);
  if (!pages || !entry) return undefined;
  if (Date.now() - entry.at > KEPT_PAGE_MS) return undefined;
  const early = hint?.check?.key === key && hint.check.entry === entry ? hint.check.rows : undefined;
  const rows = await (early ?? check(db, entry));
  if (!rows) return undefined;
  const good = rows === entry.rows ? entry : { ...entry, rows };
  pages.put(key, good);
  if (hint) pages.place(hint.place, key);
  return good;
}

/**
 * Keeps the rows of request `key` (each with SNAPSHOT_KEY, the snapshot of the statement that read them) until a
 * write to `tables`. An empty page is not kept: it has no snapshot, and costs nothing to read again.
 */
export function keepPage(
  db: Db,
  key: string,
  tables: readonly string[],
  rows: readonly Record<string, unknown>[],
  options: { total?: ListTotal; hint?: KeptHint; live?: LiveColumn } = {},
) {
  const snapshot = rows[0]?.[SNAPSHOT_KEY];
  if (typeof snapshot !== 'string') return;
  let pages = kept.get(db);
  if (!pages) {
    pages = new KeptPages();
    kept.set(db, pages);
  }
  const { total, hint, live } = options;
  pages.put(key, {
    rows: rows.map(deepFreeze),
    snapshot,
    tables,
    total: total?.goodIn ? deepFreeze({ ...total, goodIn: total.goodIn }) : undefined,
    live,
    at: Date.now(),
  });
  if (hint) pages.place(hint.place, key);
}

/** A page statement kept for its shape, with the tables whose writes retire its pages (undefined: none are kept). */
export interface PageStatement<Row> {
  statement: KeptPage<Row>;
  tables: Promise<string[] | undefined>;
  /** The column its pages keep live (live-columns.ts), when its shape neither orders nor filters by it. */
  live?: LiveColumn;
}

/** A list's page: its rows and its total. */
export interface ListedPage<Row> {
  rows: readonly Row[];
  total: ListTotal;
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
    /**
     * The statement of `shape`, built by `build` (with SNAPSHOT_KEY among its columns) the first time; its pages keep
     * `live` live, which the shape must neither order nor filter by.
     */
    statement: (
      db: Db,
      shape: string,
      build: () => { toSQL: () => Printed; prepare: (name: string) => unknown },
      live?: LiveColumn,
    ) =>
      statements(db, shape, () => {
        const select = build();
        const tables = keptTables(db, select.toSQL().sql, live);
        tables.catch(() => undefined);
        return { statement: asKeptPage<Row>(select), tables, live };
      }),
    /** The rows kept for request `key` and their total when it was kept with them, when still good (keptPage). */
    kept: async (db: Db, key: string, hint?: KeptHint) =>
      (await keptPage(db, list + key, hint)) as { rows: readonly Row[]; total?: ListTotal } | undefined,
    /**
     * The rows of request `key` read by `page` with `values`, beside its total: both kept for the next time when
     * their tables allow.
     */
    async read(
      db: Db,
      page: PageStatement<Row>,
      key: string,
      values: Record<string, unknown>,
      total: Promise<ListTotal>,
      hint?: KeptHint,
    ): Promise<ListedPage<Row>> {
      const [rows, counted] = await Promise.all([page.statement.execute(values), total]);
      const tables = await page.tables;
      if (tables) keepPage(db, list + key, tables, rows, { total: counted, hint, live: page.live });
      return { rows, total: counted };
    },
    /**
     * The rows of a request (its shape and its values) and their total: kept, or read by `page` with the values and
     * counted (listTotal: the count's `rows`, its `policy`, and its kept `statement` filled with the values), and kept.
     */
    async page(
      db: Db,
      page: PageStatement<Row>,
      request: { shape: string; values: Record<string, unknown> },
      count: { rows: () => PgSelect; policy: TotalPolicy; statement: Printed },
      hint?: KeptHint,
    ): Promise<ListedPage<Row>> {
      const { shape, values } = request;
      const key = JSON.stringify([shape, values]);
      const total = () => listTotal(db, count.rows, count.policy, withValues(count.statement, { ...values }));
      const found = await this.kept(db, key, hint);
      if (found) return { rows: found.rows, total: found.total ?? (await total()) };
      return this.read(db, page, key, { ...values }, total(), hint);
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
