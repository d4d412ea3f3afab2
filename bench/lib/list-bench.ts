// What the list benchmarks (texts.bench.ts, pages.bench.ts) share: a signed-in HTTP client, a scratch PostgreSQL
// database, one run per target (PGlite on disk, PostgreSQL, and on request PostgreSQL with its media in an S3 bucket)
// of a server built in this process on a freshly seeded database, clean-up on exit, and the capture, replay and
// EXPLAIN of the SQL that a request issues.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { createMailer } from '../../apps/server/src/mail/transport.js';
import { seedReference } from '../../apps/server/src/seed/reference.js';
import { captureStatements, type SentStatement } from '../../apps/server/src/test/statements.js';
import { BENCH_ADMIN } from './common.mjs';
import { startBucket } from './s3.js';
import { cleanUpOnExit, scratchDatabase } from './scratch.js';

export const LANG = 'en';
export const PHASE_LIMIT_MS = 120_000; // every measuring loop also stops after this long
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/**
 * After seeding, what PostgreSQL's autovacuum would do shortly after such an import: ANALYZE (planner statistics)
 * and, on PostgreSQL only, VACUUM (the insert-triggered vacuum that sets the visibility map, so index-only scans
 * need no heap visits). PGlite has no autovacuum; BENCH_ANALYZE=0 skips both, as a PGlite nobody analyses runs.
 */
export const ANALYZE = process.env.BENCH_ANALYZE !== '0';

export type Target = 'PGlite' | 'PostgreSQL';
/** A list benchmark's targets: the databases, and PostgreSQL with the server's files in an S3 bucket (s3rver). */
export type ListTarget = Target | 'PostgreSQL-S3';
const named = (t: string) =>
  process.env.BENCH_TARGETS?.toLowerCase()
    .split(',')
    .map((s) => s.trim())
    .includes(t.toLowerCase());
/** The targets to run: all, or those named in BENCH_TARGETS (comma-separated, case-insensitive). */
export const TARGETS: Target[] = process.env.BENCH_TARGETS
  ? (['PGlite', 'PostgreSQL'] as const).filter(named)
  : ['PGlite', 'PostgreSQL'];
/**
 * The list benchmarks' targets: TARGETS, and PostgreSQL-S3 when BENCH_TARGETS names it (`postgresql-s3`): a list
 * answer reads no file, so it differs from PostgreSQL only in the server's configuration.
 */
export const LIST_TARGETS: ListTarget[] = process.env.BENCH_TARGETS
  ? (['PGlite', 'PostgreSQL', 'PostgreSQL-S3'] as const).filter(named)
  : TARGETS;
/** The database a target runs on. */
export const databaseOf = (target: ListTarget): Target => (target === 'PGlite' ? 'PGlite' : 'PostgreSQL');

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');

// ── HTTP ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A fetch client that keeps cookies and echoes the CSRF cookie, like the admin does. */
/** Kept-alive sockets for timedGet, one per server (freed sockets do not keep the process alive). */
const keepAlive = new Agent({ keepAlive: true });

/**
 * One GET over node:http on a kept-alive socket, timed from sending to the last byte of the body. `fetch` (undici)
 * in the same process cost 0.15–0.22 ms more per request (docs/features/lists.md, "Where the rest of a request
 * goes"): the client's time, not the server's, so every server a benchmark compares is asked this way.
 */
export function timedGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ elapsed: number; status: number; body: string; cookies: string[] }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: keepAlive, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          elapsed: performance.now() - start,
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          cookies: res.headers['set-cookie'] ?? [],
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: no answer in 30 s`)));
    req.end();
  });
}

export class Client {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  private headers(extra: Record<string, string> = {}) {
    const headers: Record<string, string> = {
      'accept-language': LANG,
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json',
      ...extra,
    };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    return headers;
  }

  private keep(res: Response) {
    this.keepCookies(res.headers.getSetCookie());
  }

  private keepCookies(lines: string[]) {
    for (const line of lines) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  async get(path: string) {
    const res = await fetch(this.base + path, { headers: this.headers(), signal: AbortSignal.timeout(30_000) });
    this.keep(res);
    return res;
  }

  async login(email: string, password: string) {
    const csrf = await this.get('/sanctum/csrf-cookie');
    await csrf.arrayBuffer();
    if (csrf.status !== 204) throw new Error(`GET /sanctum/csrf-cookie answered ${csrf.status}`);
    const res = await fetch(`${this.base}/api/login`, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(30_000),
    });
    this.keep(res);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`POST /api/login answered ${res.status}: ${body}`);
  }

  /** One timed JSON request (a save): from sending to the last byte of the answer, with its status and body. */
  async timedSend(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown) {
    const start = performance.now();
    const res = await fetch(this.base + path, {
      method,
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    this.keep(res);
    const text = await res.text();
    return { elapsed: performance.now() - start, status: res.status, body: text };
  }

  /** One timed GET: from sending to the last byte of the body; anything but 200 throws. */
  async timed(path: string) {
    const { elapsed, status, body, cookies } = await timedGet(this.base + path, this.headers());
    this.keepCookies(cookies);
    if (status !== 200) throw new Error(`GET ${path} answered ${status}: ${body}`);
    return { elapsed, body };
  }
}

// ── clean-up ─────────────────────────────────────────────────────────────────────────────────────────────────────

const { cleanups, cleanUp: runCleanups } = cleanUpOnExit();

// ── one target ───────────────────────────────────────────────────────────────────────────────────────────────────

export interface TargetOutcome {
  target: ListTarget;
  status: 'ok' | 'skipped' | 'failed';
  reason?: string;
  setupMs?: number;
  seedMs?: number;
  analyzeMs?: number;
  /** The 1-minute load average before and after measuring. */
  load?: number[];
  /** The share of the cores' time the virtual machine's host took while measuring (Linux's steal), in percent. */
  stealPercent?: number;
}

/** The machine's CPU time so far (Linux's /proc/stat, in ticks): all of it and the host's steal; none elsewhere. */
function cpuTicks(): { total: number; steal: number } | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal guest guest_nice: guest time is counted in user already.
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return { total, steal: fields[7] ?? 0 };
}

/** The host's steal between two readings, in percent of the cores' time: a busy host slows every number here. */
function stealBetween(before: ReturnType<typeof cpuTicks>, after: ReturnType<typeof cpuTicks>) {
  if (!before || !after || after.total <= before.total) return undefined;
  return (100 * (after.steal - before.steal)) / (after.total - before.total);
}

/**
 * One target from start to clean-up: a temporary data directory (PGlite) or scratch database (PostgreSQL), migrate,
 * reference data, `seed`, ANALYZE, a server on 127.0.0.1 with a signed-in client, then `measure` (which prints its
 * own tables). Whatever happens, the server, the database and the directory are gone afterwards.
 */
export async function runTarget<S, R extends object>(
  target: ListTarget,
  spec: {
    name: string; // of the temporary directory
    seed: (database: Database) => Promise<S>;
    /** What was seeded, for the set-up line. */
    describe: (seeded: S) => string;
    measure: (run: { client: Client; database: Database; seeded: S }) => Promise<R>;
  },
): Promise<TargetOutcome & Partial<R>> {
  console.log(`\n▶ ${target}`);
  const dataDir = mkdtempSync(join(tmpdir(), `backoffice-bench-${spec.name}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let url: string | undefined;
  if (target !== 'PGlite') {
    const scratch = await scratchDatabase(PG_BASE, cleanups);
    if ('skip' in scratch) {
      console.log(`  SKIPPED: ${scratch.skip}`);
      await runCleanups();
      return { target, status: 'skipped', reason: scratch.skip } as TargetOutcome & Partial<R>;
    }
    url = scratch.url;
    console.log(`  scratch database ${new URL(url).pathname.slice(1)} (dropped at the end)`);
  } else {
    console.log(`  embedded database on disk in ${dataDir}`);
  }
  try {
    // The S3 driver: a bucket on the tests' S3-protocol server (in this process), given as an operator sets it.
    const s3Env = target === 'PostgreSQL-S3' ? await startBucket(cleanups) : {};
    const config = loadConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'silent',
      ...(url ? { DATABASE_URL: url } : {}),
      ...s3Env,
    });
    if (target === 'PostgreSQL-S3' && !config.s3) throw new Error('the S3 variables were not taken');

    let t = performance.now();
    const database = await openDatabase({ url, dataDir });
    cleanups.push(() => database.close());
    await database.migrate();
    await seedReference(database.db, config, () => {});
    const setupMs = performance.now() - t;

    t = performance.now();
    const seeded = await spec.seed(database);
    const seedMs = performance.now() - t;
    // Fresh planner statistics, as PostgreSQL's autovacuum would gather them shortly after such an import.
    t = performance.now();
    // The import's pages written out before measuring (CHECKPOINT, PostgreSQL), as the checkpoint a few minutes after
    // it would: left to the background, that checkpoint wrote the seed's and the VACUUM's dirty pages while the cases
    // were measured, and the news' deep page took 36 / 53 ms (p50 / p95) where it takes 35 / 40 after it
    // (bench/README.md).
    const settle = [
      ...(ANALYZE ? [target === 'PGlite' ? 'ANALYZE' : 'VACUUM ANALYZE'] : []),
      ...(target === 'PGlite' ? [] : ['CHECKPOINT']),
    ];
    for (const step of settle) await database.db.execute(sql.raw(step));
    const analyzeMs = performance.now() - t;
    console.log(
      `  open + migrate + reference seed ${ms(setupMs)} ms; ${spec.describe(seeded)} ${ms(seedMs)} ms; ` +
        `${settle.length ? `${settle.join(' + ')} ${ms(analyzeMs)} ms` : 'no ANALYZE (BENCH_ANALYZE=0)'}`,
    );

    const app = await buildApp({ db: database.db, config, mailer: createMailer(config) }, { logger: false });
    cleanups.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
    const client = new Client(`http://127.0.0.1:${address.port}`);
    await client.login(BENCH_ADMIN.email, BENCH_ADMIN.password);
    // The sign-in's jobs (its new-device mail) run now, not in the middle of the first measured request, whose
    // captured SQL would otherwise hold the job runner's statements too.
    await app.jobs.drain();

    const loadBefore = loadavg()[0];
    const cpuBefore = cpuTicks();
    const result = await spec.measure({ client, database, seeded });
    const load = [loadBefore, loadavg()[0]];
    const stealPercent = stealBetween(cpuBefore, cpuTicks());
    console.log(
      `  load average (1 min) ${load.map((l) => l.toFixed(1)).join(' before, ')} after, on ${availableParallelism()} cores` +
        `${stealPercent === undefined ? '' : `, ${stealPercent.toFixed(1)} % of their time taken by the host (steal)`}` +
        ': anything else running on the machine inflates these numbers',
    );
    return { target, status: 'ok', setupMs, seedMs, analyzeMs, load, stealPercent, ...result };
  } catch (err) {
    // Drizzle's "Failed query" keeps the database's own message in `cause`.
    const cause = (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : undefined;
    console.error(`  FAILED: ${(err as Error).stack ?? err}${cause ? `\n  cause: ${cause}` : ''}`);
    return { target, status: 'failed', reason: cause ?? (err as Error).message } as TargetOutcome & Partial<R>;
  } finally {
    await runCleanups();
  }
}

// ── the SQL behind a request ─────────────────────────────────────────────────────────────────────────────────────

type QueryFn = (...args: unknown[]) => Promise<{ rows: unknown[] }>;
/** The driver under Drizzle: a pg.Pool or a PGlite instance; both answer `query(text | config, params, …)`. */
const driverOf = (database: Database) => (database.db as unknown as { $client: { query: QueryFn } }).$client;

/** One statement as Drizzle handed it to the driver: the exact arguments, so a replay repeats it to the letter. */
export type Statement = SentStatement;

/** Runs `fn` while recording every statement sent to the driver (run it with nothing else in flight). */
export const captureSql = <T>(database: Database, fn: () => Promise<T>) => captureStatements(database.db, fn);

/**
 * Sends captured statements straight to the driver as the service sent them: each once the statements it waited for
 * (among `statements`) have answered, so those sent together go side by side and one sent on another's answer (a
 * search's page after its count, a count after its estimate) follows it. The results in order.
 */
export async function replaySql(database: Database, statements: Statement[]) {
  const driver = driverOf(database);
  const sent = new Map<Statement, Promise<Awaited<ReturnType<typeof driver.query>>>>();
  for (const s of statements) {
    const before = s.after.flatMap((a) => sent.get(a) ?? []);
    sent.set(s, before.length ? Promise.all(before).then(() => driver.query(...s.args)) : driver.query(...s.args));
  }
  return Promise.all(sent.values());
}

/** EXPLAIN (ANALYZE, BUFFERS) of a captured statement with its parameters, as plan lines. */
export async function explainSql(database: Database, statement: Statement): Promise<string[]> {
  const result = await driverOf(database).query(`explain (analyze, buffers) ${statement.text}`, statement.params);
  return (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]);
}
