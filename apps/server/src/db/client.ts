import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { applyMigrations, migrationsFolder, newestMigration } from './migrate.js';

/**
 * The database through drizzle's query builder. Without drizzle's relational queries (`db.query.*`, unused here):
 * building their description of every table from the schema took about 0.1 s of every start.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** An open transaction: what an operation hands to every function that writes inside it (transaction.ts). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  /** The pool (PostgreSQL) or the embedded database; a write opens its transaction on it. */
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the migrations the database lacks (`migrate.ts`), or those up to the one of `when` = `upTo`; answers
   * whether there were any.
   */
  migrate(upTo?: number): Promise<boolean>;
  /**
   * Runs `work` while this process holds the start-up lock: on PostgreSQL a session advisory lock on one
   * connection, so processes started at once migrate and seed one after another (docs/DEPLOY.md); the embedded
   * database belongs to one process already.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** The embedded database's files as PGlite's gzipped tarball (writeSnapshot); PostgreSQL has none. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** The embedded databases: no autovacuum gathers their planner statistics (`statisticsKept`). */
const embedded = new WeakSet<object>();

/**
 * Whether the database keeps its planner statistics current by itself (PostgreSQL's autovacuum analyses a table
 * after a tenth of it changed); PGlite has no autovacuum, so its row estimates may be of a table long gone.
 */
export const statisticsKept = (db: Db) => !embedded.has(db);

/** The advisory lock key of start-up (migrations and seeds): any fixed number, the same for every process. */
const STARTUP_LOCK = 727_001;

export class DatabaseLockedError extends Error {}

/** PostgreSQL stayed unreachable for the whole wait, or refused this server for good (a wrong password, no such database). */
export class DatabaseUnreachableError extends Error {}

/** Errors of a server that is down, starting or restarting, or full: worth waiting for. */
const PASSING = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  '57P03',
  '53300',
]);

/**
 * Waits until PostgreSQL answers `select 1`, up to `waitMs`, saying on stderr what it waits for every 5 s; a refusal
 * that waiting cannot mend (authentication, a missing database) or a wait that ends throws a
 * DatabaseUnreachableError whose message names the server and the cause, without a stack trace.
 */
async function waitForDatabase(query: () => Promise<unknown>, url: string, waitMs: number) {
  const { hostname, port, pathname } = new URL(url);
  const where = `PostgreSQL at ${hostname}:${port || 5432}${pathname}`;
  const until = Date.now() + waitMs;
  let said = 0;
  for (;;) {
    try {
      await query();
      return;
    } catch (err) {
      const code = String((err as { code?: unknown }).code ?? '');
      const cause = `${code ? `${code}: ` : ''}${(err as Error).message}`;
      if (!PASSING.has(code)) throw new DatabaseUnreachableError(`${where} refused the connection (${cause}).`);
      if (Date.now() >= until) {
        throw new DatabaseUnreachableError(
          `${where} is not reachable (${cause}); gave up after ${Math.round(waitMs / 1000)} s (DATABASE_WAIT).`,
        );
      }
      if (Date.now() - said >= 5000) {
        console.error(
          `${where} is not reachable (${cause}); trying again for up to ${Math.ceil((until - Date.now()) / 1000)} s`,
        );
        said = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, Math.max(0, until - Date.now()))));
    }
  }
}

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir/pglite`
 * (or in memory when dataDir is 'memory://', used by tests). Each driver loads only when it is the one used: pg
 * alone took about 40 ms of every PGlite start (it asks for the global `Response`, which loads node's fetch).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  lock?: boolean;
  /** How long an unreachable PostgreSQL is waited for (config.databaseWaitMs); 0 tries once. */
  waitMs?: number;
  /**
   * Whether a new embedded database starts from the prepared cluster (snapshotFile), at the newest migration; a
   * restore wants an empty one, which it brings to its backup's version (backup.ts). 'demo' (a demo server) starts
   * it from the prepared demo cluster when there is one (seed/demo-cluster.ts), else from the empty one.
   */
  prepared?: boolean | 'demo';
}): Promise<Database> {
  if (opts.url) {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    // JIT compiles in tens of milliseconds what a 20-row page needs in a few; SSD-like page costs let the
    // planner pick the title and trigram indexes (bench/pages.bench.ts).
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options: '-c jit=off -c random_page_cost=1.1' });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
    // A connection lost while checked out (a restart in the middle of a transaction) is reported on the client,
    // where pg-pool listens only while it is idle: without this listener the 'error' event would end the process.
    // The query under way fails (the request answers 500 and writes nothing), and the pool drops the client.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.error(`database connection lost in use: ${err.message}`));
    });
    try {
      await waitForDatabase(() => pool.query('select 1'), opts.url, opts.waitMs ?? 0);
    } catch (err) {
      await pool.end();
      throw err;
    }
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: (upTo) => applyMigrations(db, (script) => pool.query(script), upTo),
      async exclusively(work) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const inMemory = opts.dataDir === 'memory://';
  const release = inMemory || opts.lock === false ? () => {} : acquireLock(opts.dataDir);
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  // PGlite's Postgres keeps its shared buffers in the process's WebAssembly memory, all touched at start: its
  // default 128 MB put 150 MB of resident memory under an idle server. 16 MB holds the hot pages of a back office;
  // the rest is read through the operating system's page cache. Index reads are priced as PostgreSQL's connections
  // price them (random_page_cost 1.1: the data sits in memory or on a local disk); at the default 4 the planner
  // preferred reading a 50,000-row table to its trigram index for a search (bench/lists.bench.ts).
  const options = {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'random_page_cost=1.1'],
  };
  const dir = join(opts.dataDir, 'pglite');
  // A new database starts from the prepared cluster (snapshotFile) when there is one: on disk, unpacked into its
  // folder before PGlite opens it as it opens an existing one; in memory, loaded by PGlite.
  const fresh = opts.prepared !== false && (inMemory || !existsSync(join(dir, 'PG_VERSION')));
  const loadDataDir = fresh && inMemory ? snapshot() : undefined;
  const clusterFile = fresh && !inMemory ? preparedCluster(opts.prepared === 'demo') : undefined;
  if (clusterFile) unpackSnapshot(clusterFile, dir);
  const prepared = { ...options, ...(loadDataDir ? { loadDataDir } : {}) };
  const client = inMemory ? new PGlite(prepared) : new PGlite(dir, prepared);
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  embedded.add(db);
  return {
    db,
    kind: 'pglite',
    migrate: (upTo) => applyMigrations(db, (script) => client.exec(script), upTo),
    exclusively: (work) => work(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * The prepared embedded database: an empty cluster with every migration applied, as PGlite's own tarball. Creating
 * a cluster (PGlite's initdb) took 11 s of the first `npm run demo` on a loaded machine; loading this takes a fraction
 * of it. `npm ci` makes it (the root `prepare` script, seed/prepare.ts) and the production build holds one
 * (db/snapshot.ts); its name carries PGlite's version and the newest migration's `when`, so a stale one is never
 * loaded. The `demo` variant is the demo's cluster (seed/demo-cluster.ts), which only `npm ci` makes.
 */
export function snapshotFile(variant: '' | 'demo' = ''): string {
  // Its package.json is not among its exports: it lies above the entry point's dist/ folder.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(readFileSync(resolve(entry, '../../package.json'), 'utf8')) as { version: string };
  const name = `pglite-${version}-${newestMigration()}${variant ? `-${variant}` : ''}.tar.gz`;
  return resolve(migrationsFolder, '..', 'pglite-snapshot', name);
}

/** The prepared cluster a new database on disk starts from: the demo's when asked and there, else the empty one. */
function preparedCluster(demo: boolean): string | undefined {
  return [...(demo ? [snapshotFile('demo')] : []), snapshotFile()].find((file) => existsSync(file));
}

/** The prepared cluster, when it exists for this PGlite and these migrations. */
function snapshot(): Blob | undefined {
  const file = snapshotFile();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * The prepared cluster (`file`) unpacked into `dir`, the folder of a new embedded database: through `dir.partial`, renamed when
 * complete, so that a start stopped half-way leaves no cluster that looks whole. PGlite's own loading of the tarball
 * writes every file through its WebAssembly file system (1.2–1.9 s of a first start), and tar-stream's entry by entry
 * took 1.0–1.6 s; read here at once, it takes about 0.3 s (docs/features/running-and-memory.md, "Start-up time").
 * The tarball is PGlite's own (ustar: a 512-byte header, then the data padded to 512 bytes, for each file and folder).
 */
function unpackSnapshot(file: string, dir: string): void {
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const tarball = gunzipSync(readFileSync(file));
  for (let at = 0; at + 512 <= tarball.length; ) {
    const header = tarball.subarray(at, at + 512);
    const field = (from: number, length: number) =>
      header.toString('latin1', from, from + length).replace(/\0.*$/s, '');
    const name = field(345, 155) ? `${field(345, 155)}/${field(0, 100)}` : field(0, 100);
    if (!name) break; // the two empty blocks that end the archive
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    // The names start from the cluster's root ("/base/1/…"); nothing may leave the folder.
    const path = join(partial, normalize(`/${name}`));
    const type = field(156, 1);
    if (type === '5') mkdirSync(path, { recursive: true });
    else if (type === '0' || type === '') {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, tarball.subarray(at + 512, at + 512 + size));
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
}

/**
 * Writes a prepared cluster unless it exists (`npm ci`'s `prepare`, the production build): a new database, migrated,
 * then given what `fill` writes (the demo cluster's records; nothing for the empty one).
 */
export async function writeSnapshot(
  variant: '' | 'demo' = '',
  fill: (db: Db) => Promise<void> = async () => {},
): Promise<string> {
  const file = snapshotFile(variant);
  if (existsSync(file)) return file;
  // The empty cluster from scratch; another from the empty one.
  const database = await openDatabase({ dataDir: 'memory://', prepared: variant !== '' });
  let tarball: Blob;
  try {
    await database.migrate();
    await fill(database.db);
    if (!database.dumpDataDir) throw new Error('an in-memory database is embedded');
    tarball = await database.dumpDataDir();
  } finally {
    await database.close();
  }
  mkdirSync(resolve(file, '..'), { recursive: true });
  writeFileSync(`${file}.partial`, Buffer.from(await tarball.arrayBuffer()));
  renameSync(`${file}.partial`, file);
  return file;
}

/** The embedded database belongs to one process: a lock file with the owner's pid guards it. */
function acquireLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'pglite.lock');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DatabaseLockedError(
        `The embedded database in ${dataDir} is in use by process ${pid} (a running server?). Stop it first.`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
