// `GET /api/content/text/` latency with 10 000 texts, on the embedded PGlite (on disk) and on a PostgreSQL server.
// The server is built in this process (buildApp) and listens on 127.0.0.1; requests go over real HTTP with fetch.
// Run alone: `npx tsx bench/texts.bench.ts` from the repository root.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedReference } from '../apps/server/src/db/seed/reference.js';
import { createMailer } from '../apps/server/src/mail/transport.js';
import { SEARCH_WORD, seedTexts, TEXTS } from './seed-texts.js';

const WARMUP = 20;
const ROUNDS = 43; // × 7 query kinds ≈ 300 sequential requests
const CONCURRENT_CLIENTS = 8;
const CONCURRENT_TOTAL = 400;
const PHASE_LIMIT_MS = 120_000; // every measuring loop also stops after this long
const ADMIN = { email: 'bench@example.com', password: 'bench-password' };
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LANG = 'en';
/** BENCH_ANALYZE=0 skips ANALYZE after seeding (PGlite has no autovacuum, so a production PGlite may lack statistics). */
const ANALYZE = process.env.BENCH_ANALYZE !== '0';

const QUERIES: { kind: string; query: string }[] = [
  { kind: 'default list', query: 'page=1&per_page=20' },
  { kind: 'deep page 250', query: 'page=250&per_page=20' },
  { kind: 'sort title asc', query: 'page=1&per_page=20&sort=title&order=asc' },
  { kind: `search "${SEARCH_WORD}"`, query: `page=1&per_page=20&search=${SEARCH_WORD}` },
  { kind: 'status=0', query: 'page=1&per_page=20&status=0' },
  { kind: 'position_id=2', query: 'page=1&per_page=20&position_id=2' },
  { kind: 'per_page=100', query: 'page=1&per_page=100' },
];

interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

interface TargetResult {
  target: string;
  status: 'ok' | 'skipped' | 'failed';
  reason?: string;
  setupMs?: number;
  seedMs?: number;
  analyzeMs?: number;
  kinds?: (Stats & { kind: string; total: number | null; kb: number })[];
  overall?: Stats;
  concurrency?: { clients: number; requests: number; seconds: number; rps: number; p50: number; p95: number };
}

// ── numbers and tables ───────────────────────────────────────────────────────────────────────────────────────────

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`  ${line(header)}`);
  console.log(`  ${widths.map((w) => '─'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(`  ${line(r)}`);
}

// ── HTTP ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A fetch client that keeps cookies and echoes the CSRF cookie, like the admin does. */
class Client {
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
    for (const line of res.headers.getSetCookie()) {
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
}

/** One timed list request: from sending to the last byte of the body. */
async function timed(client: Client, query: string) {
  const start = performance.now();
  const res = await client.get(`/api/content/text/?${query}`);
  const body = await res.text();
  const elapsed = performance.now() - start;
  if (res.status !== 200) throw new Error(`GET /api/content/text/?${query} answered ${res.status}: ${body}`);
  return { elapsed, body };
}

async function measure(client: Client): Promise<Pick<TargetResult, 'kinds' | 'overall' | 'concurrency'>> {
  // Sanity: what each query returns (and that the seed is visible).
  const totals = new Map<string, number | null>();
  for (const q of QUERIES) {
    const { body } = await timed(client, q.query);
    totals.set(q.kind, (JSON.parse(body) as { meta?: { total?: number } }).meta?.total ?? null);
  }
  for (let i = 0; i < WARMUP; i++) await timed(client, QUERIES[i % QUERIES.length].query);

  // Sequential: the query kinds interleaved round-robin so that each sees the same conditions.
  const samples = new Map<string, number[]>(QUERIES.map((q) => [q.kind, []]));
  const bytes = new Map<string, number>(QUERIES.map((q) => [q.kind, 0]));
  const phaseStart = performance.now();
  for (let round = 0; round < ROUNDS && performance.now() - phaseStart < PHASE_LIMIT_MS; round++) {
    for (const q of QUERIES) {
      const { elapsed, body } = await timed(client, q.query);
      samples.get(q.kind)?.push(elapsed);
      bytes.set(q.kind, (bytes.get(q.kind) ?? 0) + Buffer.byteLength(body));
    }
  }
  const kinds = QUERIES.map((q) => {
    const s = samples.get(q.kind) ?? [];
    return {
      kind: q.kind,
      total: totals.get(q.kind) ?? null,
      kb: (bytes.get(q.kind) ?? 0) / s.length / 1024,
      ...stats(s),
    };
  });
  const overall = stats([...samples.values()].flat());

  // Concurrent: 8 clients (one shared session, as several tabs would) drawing from one budget of 400 requests.
  const latencies: number[] = [];
  let next = 0;
  const concStart = performance.now();
  const worker = async () => {
    while (next < CONCURRENT_TOTAL && performance.now() - concStart < PHASE_LIMIT_MS) {
      const i = next++;
      latencies.push((await timed(client, QUERIES[i % QUERIES.length].query)).elapsed);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_CLIENTS }, worker));
  const seconds = (performance.now() - concStart) / 1000;
  const conc = stats(latencies);
  return {
    kinds,
    overall,
    concurrency: {
      clients: CONCURRENT_CLIENTS,
      requests: latencies.length,
      seconds,
      rps: latencies.length / seconds,
      p50: conc.p50,
      p95: conc.p95,
    },
  };
}

// ── targets ──────────────────────────────────────────────────────────────────────────────────────────────────────

const cleanups = new Set<() => Promise<void> | void>();
async function runCleanups() {
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    try {
      await fn();
    } catch (err) {
      console.error(`  cleanup failed: ${(err as Error).message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void runCleanups().finally(() => process.exit(130));
  });
}

/** A fresh database on the PostgreSQL server, or a reason why there is none. */
async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | { skip: string }> {
  const probe = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 3_000 });
  try {
    await probe.connect();
  } catch (err) {
    return { skip: `PostgreSQL at ${PG_BASE} is unreachable (${(err as Error).message})` };
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  try {
    await probe.query(`create database ${name}`);
  } finally {
    await probe.end();
  }
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 3_000 });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

async function runTarget(target: 'PGlite' | 'PostgreSQL'): Promise<TargetResult> {
  console.log(`\n▶ ${target}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-bench-texts-'));
  cleanups.add(() => rmSync(dataDir, { recursive: true, force: true }));
  let url: string | undefined;
  if (target === 'PostgreSQL') {
    const scratch = await scratchDatabase();
    if ('skip' in scratch) {
      console.log(`  SKIPPED: ${scratch.skip}`);
      await runCleanups();
      return { target, status: 'skipped', reason: scratch.skip };
    }
    url = scratch.url;
    cleanups.add(scratch.drop);
    console.log(`  scratch database ${new URL(url).pathname.slice(1)} (dropped at the end)`);
  } else {
    console.log(`  embedded database on disk in ${dataDir}`);
  }
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      ...(url ? { DATABASE_URL: url } : {}),
    });

    let t = performance.now();
    const database = await openDatabase({ url, dataDir });
    cleanups.add(() => database.close());
    await database.migrate();
    await seedReference(database.db, config, () => {});
    const setupMs = performance.now() - t;

    t = performance.now();
    const seeded = await seedTexts(database);
    const seedMs = performance.now() - t;
    // Fresh planner statistics, as PostgreSQL's autovacuum would gather them shortly after such an import.
    t = performance.now();
    if (ANALYZE) await database.db.execute(sql`analyze`);
    const analyzeMs = performance.now() - t;
    console.log(
      `  open + migrate + reference seed ${ms(setupMs)} ms; ${TEXTS} texts (${TEXTS * 2} language rows, ` +
        `${seeded.links} position links, ${seeded.statements} INSERTs) ${ms(seedMs)} ms; ${ANALYZE ? `ANALYZE ${ms(analyzeMs)} ms` : 'no ANALYZE (BENCH_ANALYZE=0)'}`,
    );

    const app = await buildApp({ db: database.db, config, mailer: createMailer(config) }, { logger: false });
    cleanups.add(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
    const client = new Client(`http://127.0.0.1:${address.port}`);
    await client.login(ADMIN.email, ADMIN.password);

    const result = await measure(client);
    console.log(
      `  ${WARMUP} warm-up requests, then ${result.overall?.n} sequential (kinds interleaved), Accept-Language: ${LANG}`,
    );
    table(
      ['query', 'rows', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'KB/resp'],
      [
        ...(result.kinds ?? []).map((k) => [
          k.kind,
          String(k.total ?? '?'),
          String(k.n),
          ms(k.p50),
          ms(k.p95),
          ms(k.p99),
          ms(k.max),
          k.kb.toFixed(1),
        ]),
        ...(result.overall
          ? [
              [
                'overall',
                '',
                String(result.overall.n),
                ms(result.overall.p50),
                ms(result.overall.p95),
                ms(result.overall.p99),
                ms(result.overall.max),
                '',
              ],
            ]
          : []),
      ],
    );
    const c = result.concurrency;
    if (c)
      console.log(
        `  concurrency: ${c.clients} clients, ${c.requests} requests in ${c.seconds.toFixed(2)} s → ` +
          `${c.rps.toFixed(0)} req/s, p50 ${ms(c.p50)} ms, p95 ${ms(c.p95)} ms`,
      );
    return { target, status: 'ok', setupMs, seedMs, analyzeMs, ...result };
  } catch (err) {
    console.error(`  FAILED: ${(err as Error).stack ?? err}`);
    return { target, status: 'failed', reason: (err as Error).message };
  } finally {
    await runCleanups();
  }
}

console.log(`Text list benchmark: GET /api/content/text/ with ${TEXTS} texts (server and client in this process)`);
const results: TargetResult[] = [];
for (const target of ['PGlite', 'PostgreSQL'] as const) results.push(await runTarget(target));

console.log('\nText list summary (sequential, all query kinds):');
table(
  [
    'target',
    'seed ms',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    `${CONCURRENT_CLIENTS}× req/s`,
    `${CONCURRENT_CLIENTS}× p95`,
  ],
  results.map((r) =>
    r.status === 'ok' && r.overall && r.concurrency
      ? [
          r.target,
          ms(r.seedMs ?? Number.NaN),
          ms(r.overall.p50),
          ms(r.overall.p95),
          ms(r.overall.p99),
          ms(r.overall.max),
          r.concurrency.rps.toFixed(0),
          ms(r.concurrency.p95),
        ]
      : [r.target, r.status, '', '', '', '', '', ''],
  ),
);

if (process.env.BENCH_RESULT_FILE) writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify({ texts: results }));
process.exit(results.some((r) => r.status === 'failed') ? 1 : 0);
