// The news list beside Strapi 5's REST API (the project's issue 17: "every list case ≥ 10× faster than Strapi"),
// side by side in one run on the same PostgreSQL server with the same 100,000 articles in both locales: a Strapi 5
// project (i18n, draft & publish, a read-only API token; set up once in bench/.strapi/, see lib/strapi-project.ts)
// on one scratch database, the back office's server (built in this process, as lists.bench.ts runs it) on another,
// 200 requests per case to each, interleaved. `npm run bench -- strapi`, or alone `npx tsx bench/strapi.bench.ts`;
// BENCH_ROUNDS, BENCH_BIG (the articles, 100,000), BENCH_DATABASE_URL, STRAPI_DIR.
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { type Stats, stats, table, writeResult } from './lib/common.mjs';
import { type Client, ms, runTarget } from './lib/list-bench.js';
import { type Cleanups, scratchDatabase } from './lib/scratch.js';
import { SEARCH_COMMON, type SeededList, seedLists } from './lib/seed-lists.js';
import { ensureStrapiProject, STRAPI_DIR, STRAPI_VERSION } from './lib/strapi-project.js';
import {
  dropDatabaseNow,
  installedStrapiVersion,
  killStrapiNow,
  prepareStrapi,
  type StrapiServer,
  seedStrapi,
  startStrapi,
  stopStrapi,
  strapiGet,
  strapiTotal,
} from './lib/strapi-server.js';

const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Requests per case to each server (BENCH_ROUNDS to change it), after WARMUP_ROUNDS that are not counted. */
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 200;
const WARMUP_ROUNDS = 3;
/** The measuring loop stops after this long whatever the rounds (Strapi's slowest case took 0.6 s in the issue). */
const MEASURE_LIMIT_MS = 30 * 60_000;
const TARGET_FACTOR = 10;
/** The news articles on both sides (the back office's seed reads BENCH_BIG); the other lists get 1,000 rows each. */
const ARTICLES = Number(process.env.BENCH_BIG) || 100_000;
process.env.BENCH_BIG = String(ARTICLES);
process.env.BENCH_SMALL ??= '1000';

const PER_PAGE = 20;
const DEEP_PAGE = 2_500; // offset 49,980
/** Strapi's list of the English articles, newest change first, `pageSize` 20 (its REST query syntax). */
const strapiList = (query: string, page = 1) =>
  `/api/articles?locale=en&${query}&sort=updatedAt:desc&pagination[page]=${page}&pagination[pageSize]=${PER_PAGE}`;

interface Case {
  kind: string;
  /** For the summary of bench/run.mjs. */
  short: string;
  here: string;
  strapi: string;
}
/**
 * The four cases. Both lists are in the order of the back office's default (updated_at desc) and hold every
 * article, drafts included, as an admin list does: in Strapi that is `status=draft` (each document's draft version,
 * which every document has; the default `status=published` leaves out the unpublished), and the filter on the
 * published ones is `status=published`. Both servers answer the page with its total.
 */
const CASES: Case[] = [
  {
    kind: 'first page, updatedAt desc',
    short: 'first page',
    here: `/api/blog/?page=1&per_page=${PER_PAGE}&sort=updated_at&order=desc`,
    strapi: strapiList('status=draft'),
  },
  {
    kind: 'filter: published',
    short: 'published',
    here: `/api/blog/?page=1&per_page=${PER_PAGE}&status=1`,
    strapi: strapiList('status=published'),
  },
  {
    kind: `page ${DEEP_PAGE.toLocaleString('en')} (offset ${((DEEP_PAGE - 1) * PER_PAGE).toLocaleString('en')})`,
    short: `page ${DEEP_PAGE.toLocaleString('en')}`,
    here: `/api/blog/?page=${DEEP_PAGE}&per_page=${PER_PAGE}`,
    strapi: strapiList('status=draft', DEEP_PAGE),
  },
  {
    kind: `search "${SEARCH_COMMON}" (1 %)`,
    short: 'search',
    here: `/api/blog/?page=1&per_page=${PER_PAGE}&search=${SEARCH_COMMON}`,
    strapi: strapiList(`status=draft&filters[title][$containsi]=${SEARCH_COMMON}`),
  },
];

interface Row {
  kind: string;
  short: string;
  hereTotal: string;
  strapiTotal: number;
  here: Stats;
  strapi: Stats;
  factor: number;
  pass: boolean;
}
interface Outcome {
  status: 'ok' | 'failed' | 'skipped';
  reason?: string;
  strapiVersion?: string | null;
  rows?: Row[];
  load?: number[];
  rounds?: number;
}

/** The back office's total, `~` before it when it is the planner's estimate (past the counted 10,000). */
const hereTotal = (body: string) => {
  const { meta } = JSON.parse(body) as { meta: { total: number; total_approximate?: boolean } };
  return `${meta.total_approximate ? '~' : ''}${meta.total}`;
};

/** The rounds: each case to each server in turn (which goes first alternates every round), timed to the last byte. */
async function measure(client: Client, strapi: StrapiServer, token: string): Promise<Omit<Outcome, 'status'>> {
  const rows = [] as {
    c: Case;
    hereTotal: string;
    strapiTotal: number;
    here: number[];
    strapi: number[];
  }[];
  for (const c of CASES) {
    // The first request of each, untimed, gives the totals the table shows.
    const first = await client.timed(c.here);
    rows.push({
      c,
      hereTotal: hereTotal(first.body),
      strapiTotal: strapiTotal((await strapiGet(strapi, token, c.strapi)).body),
      here: [],
      strapi: [],
    });
  }
  const loadBefore = loadavg()[0];
  const start = performance.now();
  let rounds = 0;
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    if (performance.now() - start > MEASURE_LIMIT_MS) {
      console.log(`  stopped after ${rounds} rounds: over ${MEASURE_LIMIT_MS / 60_000} min`);
      break;
    }
    for (const r of rows) {
      const here = async () => (await client.timed(r.c.here)).elapsed;
      const there = async () => (await strapiGet(strapi, token, r.c.strapi)).elapsed;
      let h: number;
      let s: number;
      if (round % 2 === 0) {
        h = await here();
        s = await there();
      } else {
        s = await there();
        h = await here();
      }
      if (round < WARMUP_ROUNDS) continue;
      r.here.push(h);
      r.strapi.push(s);
    }
    if (round >= WARMUP_ROUNDS) rounds++;
  }
  const load = [loadBefore, loadavg()[0]];
  return {
    rounds,
    load,
    rows: rows.map((r) => {
      const here = stats(r.here);
      const there = stats(r.strapi);
      const factor = there.p50 / here.p50;
      return {
        kind: r.c.kind,
        short: r.c.short,
        hereTotal: r.hereTotal,
        strapiTotal: r.strapiTotal,
        here,
        strapi: there,
        factor,
        pass: factor >= TARGET_FACTOR,
      };
    }),
  };
}

function print(outcome: Omit<Outcome, 'status'>) {
  const rows = outcome.rows ?? [];
  console.log(
    `\n  ${outcome.rounds} interleaved requests per case to each server (after ${WARMUP_ROUNDS} rounds of warm-up), ` +
      `Strapi ${outcome.strapiVersion}:`,
  );
  table(
    ['case', 'total here / Strapi', 'here p50', 'here p95', 'Strapi p50', 'Strapi p95', 'Strapi/here p50', '≥ 10×'],
    rows.map((r) => [
      r.kind,
      `${r.hereTotal} / ${r.strapiTotal}`,
      ms(r.here.p50),
      ms(r.here.p95),
      ms(r.strapi.p50),
      ms(r.strapi.p95),
      `${r.factor.toFixed(1)}×`,
      r.pass ? 'PASS' : 'FAIL',
    ]),
  );
  console.log(
    `  (milliseconds, from sending to the last byte, one request at a time; load average (1 min) ` +
      `${outcome.load?.map((l) => l.toFixed(2)).join(' before, ')} after, on ${availableParallelism()} cores)`,
  );
  console.log(
    "  The back office's totals leave out its trash (2 % of the articles; Strapi has none); ~ marks its estimate.",
  );
}

// ── the run ──────────────────────────────────────────────────────────────────────────────────────────────────────

console.log(
  `Strapi comparison: the news list beside Strapi ${STRAPI_VERSION}'s REST API, ${ARTICLES.toLocaleString('en')} ` +
    'articles in sk and en on each, the same PostgreSQL server',
);
/** The Strapi side's undo steps, taken in reverse order at the end. */
const own: Cleanups = [];
async function cleanUp() {
  while (own.length) {
    try {
      await own.pop()?.();
    } catch (err) {
      console.error(`  cleanup failed: ${(err as Error).message}`);
    }
  }
}
let strapi: StrapiServer | undefined;
let strapiDatabase: string | undefined;
/** The back office's scratch database while runTarget has it (runTarget drops it in its own clean-up). */
let hereDatabase: string | undefined;
// On SIGINT or SIGTERM, list-bench.ts's handler takes the back office's steps and exits; a second handler with
// steps of its own would race it to process.exit. So the last resort is synchronous, on exit: Strapi's process
// group killed, its database dropped with psql, and the back office's too (list-bench's handler can exit while
// runTarget's own clean-up, started by the failure of what the handler closed, is still dropping it).
process.on('exit', () => {
  if (strapi) killStrapiNow(strapi);
  if (strapiDatabase) dropDatabaseNow(strapiDatabase);
  if (hereDatabase) dropDatabaseNow(hereDatabase);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(130));
}

let outcome: Outcome;
try {
  const { installMs, buildMs } = await ensureStrapiProject((line) => console.log(`  ${line}`));
  if (installMs || buildMs) {
    console.log(
      `  Strapi project ready in ${STRAPI_DIR}: npm install ${ms(installMs)} ms, strapi build ${ms(buildMs)} ms`,
    );
  }
  const strapiVersion = installedStrapiVersion();

  console.log('\n▶ Strapi');
  // Taken after the drop that scratchDatabase pushes (the steps run in reverse order).
  own.push(() => {
    strapiDatabase = undefined;
  });
  const scratch = await scratchDatabase(PG_BASE, own);
  if ('skip' in scratch) throw Object.assign(new Error(scratch.skip), { skip: true });
  strapiDatabase = scratch.url;
  console.log(`  scratch database ${new URL(scratch.url).pathname.slice(1)} (dropped at the end)`);
  let t = performance.now();
  const server = await startStrapi(scratch.url);
  strapi = server;
  own.push(async () => {
    await stopStrapi(server);
    strapi = undefined;
  });
  const startMs = performance.now() - t;
  t = performance.now();
  const token = await prepareStrapi(server);
  const prepareMs = performance.now() - t;
  t = performance.now();
  const written = await seedStrapi(scratch.url, ARTICLES);
  const seedMs = performance.now() - t;
  console.log(
    `  strapi start ${ms(startMs)} ms (its tables created); administrator, locale sk, read-only API token ` +
      `${ms(prepareMs)} ms; ${written} rows of ${ARTICLES} articles (drafts and published, sk and en) + ` +
      `VACUUM ANALYZE ${ms(seedMs)} ms`,
  );
  // Strapi must see what was written behind its back: every draft, the published ones, and the search's 1 %.
  const expected: [string, number][] = [
    [strapiList('status=draft'), ARTICLES],
    [strapiList('status=published'), ARTICLES - Math.floor((ARTICLES + 2) / 5)],
    [
      strapiList(`status=draft&filters[title][$containsi]=${SEARCH_COMMON}`),
      Math.floor(ARTICLES / 100) - Math.floor(ARTICLES / 10_000),
    ],
  ];
  for (const [path, total] of expected) {
    const got = strapiTotal((await strapiGet(server, token, path)).body);
    if (got !== total) throw new Error(`Strapi answered ${got} articles for ${path}, not ${total}`);
  }
  console.log(
    `  Strapi's REST API sees ${ARTICLES} drafts, ${expected[1][1]} published and ${expected[2][1]} "${SEARCH_COMMON}"`,
  );

  const result = await runTarget('PostgreSQL', {
    name: 'strapi',
    seed: async (database) => {
      const named = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const url = new URL(PG_BASE);
      url.pathname = `/${named.rows[0].name}`;
      hereDatabase = url.toString();
      return seedLists(database);
    },
    describe: (seeded: SeededList[]) => seeded.map((s) => `${s.rows} ${s.table}`).join(', '),
    measure: async ({ client }) => {
      const m = await measure(client, server, token);
      print({ ...m, strapiVersion });
      return m;
    },
  });
  hereDatabase = undefined; // dropped by runTarget
  outcome =
    result.status === 'ok'
      ? { status: 'ok', strapiVersion, rows: result.rows, load: result.load, rounds: result.rounds }
      : { status: result.status, reason: result.reason, strapiVersion };
} catch (err) {
  const skipped = (err as { skip?: boolean }).skip === true;
  console.error(`  ${skipped ? 'SKIPPED' : 'FAILED'}: ${skipped ? (err as Error).message : (err as Error).stack}`);
  if (strapi && !skipped) console.error(`  Strapi's last output:\n${strapi.output().slice(-3000)}`);
  outcome = { status: skipped ? 'skipped' : 'failed', reason: (err as Error).message };
} finally {
  await cleanUp();
}
writeResult({ strapi: outcome });
const passed = outcome.status === 'ok' && (outcome.rows ?? []).every((r) => r.pass);
if (outcome.status === 'ok') {
  console.log(
    `\n  ${(outcome.rows ?? []).filter((r) => r.pass).length} of ${outcome.rows?.length} cases ≥ ${TARGET_FACTOR}× ` +
      `faster than Strapi ${outcome.strapiVersion} at p50: ${passed ? 'PASS' : 'FAIL'}`,
  );
}
process.exitCode = passed ? 0 : 1;
