// `GET /api/content/page/` latency with 100 000 pages, on the embedded PGlite (on disk) and on a PostgreSQL server
// (BENCH_TARGETS=postgresql-s3 adds PostgreSQL with the server's files in an S3 bucket), each request beside the
// raw SQL it issues: the statements the service sent (captured at the driver during one request) are replayed
// straight to the driver the way the service sends them, with the same parameters.
// Run alone: `npx tsx bench/pages.bench.ts` from the repository root. BENCH_EXPLAIN=1 prints their plans.
import { type Stats, stats, table, writeResult } from './lib/common.mjs';
import {
  type Client,
  captureSql,
  databaseOf,
  explainSql,
  LANG,
  LIST_TARGETS,
  type ListTarget,
  ms,
  replaySql,
  runTarget,
  type Statement,
  type Target,
  type TargetOutcome,
} from './lib/list-bench.js';
import { NAVIGATION_EVERY, PAGES, SEARCH_WORD, seedPages } from './lib/seed-pages.js';

const WARMUP_ROUNDS = 3;
const ROUNDS = 20; // per case: one request, one replay of its SQL together, and each statement alone
const MEASURE_LIMIT_MS = 75_000; // per target: fewer rounds when the list is slow, so the whole run stays short
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** The issue's targets: p95 of a request on each target, and a request within this factor of its SQL. */
const TARGET_P95_MS: Record<Target, number> = { PGlite: 200, PostgreSQL: 50 };
const MAX_SQL_FACTOR = 3;

// Every response carries the total (meta.total), so every case includes the count.
const CASES: { kind: string; query: string }[] = [
  { kind: 'first page (title asc)', query: 'page=1&per_page=20' },
  { kind: 'page 500 (title asc)', query: 'page=500&per_page=20' },
  { kind: 'title desc', query: 'page=1&per_page=20&sort=title&order=desc' },
  { kind: `search "${SEARCH_WORD}"`, query: `page=1&per_page=20&search=${SEARCH_WORD}` },
  { kind: 'navigation=1', query: 'page=1&per_page=20&navigation=1' },
  { kind: 'module_id=1', query: 'page=1&per_page=20&module_id=1' },
  { kind: 'updated_at desc', query: 'page=1&per_page=20&sort=updated_at&order=desc' },
];
const path = (query: string) => `/api/content/page/?${query}`;
/** Of the statements a list request issues (the session and user look-ups aside): the count, else the page. */
const isCount = (s: Statement) => /^\s*select count\(/i.test(s.text);

interface CaseResult {
  kind: string;
  total: number | null;
  http: Stats;
  sql: Stats;
  /** p50 of each statement run alone: the page of rows, the count. */
  statements: { what: string; p50: number }[];
  p95Ok: boolean;
  factorOk: boolean;
}
interface Measured {
  pages: number;
  cases: CaseResult[];
  targetMs: number;
  maxSqlFactor: number;
}
type TargetResult = TargetOutcome & Partial<Measured>;

const timedSql = async (run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

async function measure(
  target: ListTarget,
  client: Client,
  database: Parameters<typeof replaySql>[0],
): Promise<Measured> {
  // One request per case with the driver watched: its two list statements (not the session and user look-ups).
  const captured: { kind: string; query: string; total: number | null; sql: Statement[] }[] = [];
  for (const c of CASES) {
    const { result, statements } = await captureSql(database, () => client.timed(path(c.query)));
    const body = JSON.parse(result.body) as { data: unknown[]; meta?: { total?: number } };
    const list = statements.filter((s) => /\bfrom "pages"/.test(s.text));
    if (!list.some(isCount) || list.length !== 2) {
      throw new Error(`${c.kind}: expected the page and the count, saw ${list.map((s) => s.text).join('\n')}`);
    }
    if (body.data.length === 0) throw new Error(`${c.kind}: the page is empty (total ${body.meta?.total})`);
    captured.push({ ...c, total: body.meta?.total ?? null, sql: list });
  }
  if (EXPLAIN) {
    for (const c of captured) {
      for (const s of c.sql) {
        console.log(`\n  EXPLAIN ANALYZE, ${c.kind}:\n    ${s.text}\n    params ${JSON.stringify(s.params)}`);
        for (const line of await explainSql(database, s)) console.log(`    ${line}`);
      }
    }
    console.log('');
  }

  const http = new Map<string, number[]>(CASES.map((c) => [c.kind, []]));
  const together = new Map<string, number[]>(CASES.map((c) => [c.kind, []]));
  const alone = new Map<string, number[][]>(CASES.map((c) => [c.kind, [[], []]]));
  const phaseStart = performance.now();
  let rounds = 0;
  // The cases interleaved round-robin, so that each sees the same conditions; the first rounds only warm up.
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS && performance.now() - phaseStart < MEASURE_LIMIT_MS; round++) {
    const keep = round >= WARMUP_ROUNDS;
    if (keep) rounds++;
    for (const c of captured) {
      const request = (await client.timed(path(c.query))).elapsed;
      const both = await timedSql(() => replaySql(database, c.sql));
      const each = [];
      for (const s of c.sql) each.push(await timedSql(() => replaySql(database, [s])));
      if (!keep) continue;
      http.get(c.kind)?.push(request);
      together.get(c.kind)?.push(both);
      for (const [i, v] of each.entries()) alone.get(c.kind)?.[i].push(v);
    }
  }
  console.log(
    `  ${WARMUP_ROUNDS} warm-up rounds, then ${rounds} rounds of the ${CASES.length} cases interleaved; per case and ` +
      `round one request (Accept-Language: ${LANG}), its two statements replayed together as the service sends them ` +
      `(SQL), and each alone`,
  );
  const targetMs = TARGET_P95_MS[databaseOf(target)];
  const cases = captured.map((c): CaseResult => {
    const h = stats(http.get(c.kind) ?? []);
    const q = stats(together.get(c.kind) ?? []);
    return {
      kind: c.kind,
      total: c.total,
      http: h,
      sql: q,
      statements: (alone.get(c.kind) ?? []).map((samples, i) => ({
        what: isCount(c.sql[i]) ? 'count' : 'page',
        p50: stats(samples).p50,
      })),
      p95Ok: h.p95 <= targetMs,
      factorOk: h.p95 <= MAX_SQL_FACTOR * q.p95,
    };
  });
  return { pages: PAGES, cases, targetMs, maxSqlFactor: MAX_SQL_FACTOR };
}

const factor = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(1)}×` : '–');

function print(target: ListTarget, m: Measured) {
  table(
    [
      'case',
      'total',
      'HTTP p50',
      'HTTP p95',
      'SQL p50',
      'SQL p95',
      'HTTP/SQL p50',
      'HTTP/SQL p95',
      'page SQL p50',
      'count SQL p50',
      `p95 ≤ ${m.targetMs} ms, ≤ ${MAX_SQL_FACTOR}× SQL`,
    ],
    m.cases.map((c) => [
      c.kind,
      String(c.total ?? '?'),
      ms(c.http.p50),
      ms(c.http.p95),
      ms(c.sql.p50),
      ms(c.sql.p95),
      factor(c.http.p50, c.sql.p50),
      factor(c.http.p95, c.sql.p95),
      ms(c.statements.find((s) => s.what === 'page')?.p50 ?? Number.NaN),
      ms(c.statements.find((s) => s.what === 'count')?.p50 ?? Number.NaN),
      verdict(c),
    ]),
  );
  console.log(`  (milliseconds; ${target}: targets p95 ≤ ${m.targetMs} ms and HTTP p95 ≤ ${MAX_SQL_FACTOR}× SQL p95)`);
}

const verdict = (c: CaseResult) =>
  c.p95Ok && c.factorOk
    ? 'PASS'
    : `FAIL (${[c.p95Ok ? '' : 'p95', c.factorOk ? '' : `> ${MAX_SQL_FACTOR}× SQL`].filter(Boolean).join(', ')})`;

console.log(
  `Page list benchmark: GET /api/content/page/ with ${PAGES} pages in sk and en, a navigation node for every ` +
    `${NAVIGATION_EVERY}th (server and client in this process)`,
);
const results: TargetResult[] = [];
for (const target of LIST_TARGETS) {
  results.push(
    await runTarget(target, {
      name: 'pages',
      seed: seedPages,
      describe: (s) =>
        `${PAGES} pages (${s.langs} language rows, ${s.nodes} navigation nodes, ${s.hosting} hosting a module, ` +
        `${s.removed} removed)`,
      measure: async ({ client, database }) => {
        const result = await measure(target, client, database);
        print(target, result);
        return result;
      },
    }),
  );
}

console.log('\nPage list summary (p95 of each case; the worst case and how many met both targets):');
table(
  ['target', 'seed ms', 'best p95', 'worst p95', 'worst case', 'cases passing'],
  results.map((r) => {
    if (r.status !== 'ok' || !r.cases) return [r.target, r.status, '', '', '', ''];
    const sorted = [...r.cases].sort((a, b) => a.http.p95 - b.http.p95);
    const worst = sorted[sorted.length - 1];
    const passing = r.cases.filter((c) => c.p95Ok && c.factorOk).length;
    return [
      r.target,
      ms(r.seedMs ?? Number.NaN),
      ms(sorted[0].http.p95),
      ms(worst.http.p95),
      worst.kind,
      `${passing} of ${r.cases.length}`,
    ];
  }),
);

writeResult({ pages: results });
process.exit(results.some((r) => r.status === 'failed') ? 1 : 0);
