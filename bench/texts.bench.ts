// `GET /api/content/text/` latency with 10 000 texts, on the embedded PGlite (on disk) and on a PostgreSQL server
// (BENCH_TARGETS=postgresql-s3 adds PostgreSQL with the server's files in an S3 bucket).
// The server is built in this process (buildApp) and listens on 127.0.0.1; requests go over real HTTP with fetch.
// Run alone: `npx tsx bench/texts.bench.ts` from the repository root.
import { type Stats, stats, table, writeResult } from './lib/common.mjs';
import {
  type Client,
  LANG,
  LIST_TARGETS,
  ms,
  PHASE_LIMIT_MS,
  runTarget,
  type TargetOutcome,
} from './lib/list-bench.js';
import { SEARCH_WORD, seedTexts, TEXTS } from './lib/seed-texts.js';

const WARMUP = 20;
const ROUNDS = 43; // × 7 query kinds ≈ 300 sequential requests
const CONCURRENT_CLIENTS = 8;
const CONCURRENT_TOTAL = 400;

const QUERIES: { kind: string; query: string }[] = [
  { kind: 'default list', query: 'page=1&per_page=20' },
  { kind: 'deep page 250', query: 'page=250&per_page=20' },
  { kind: 'sort title asc', query: 'page=1&per_page=20&sort=title&order=asc' },
  { kind: `search "${SEARCH_WORD}"`, query: `page=1&per_page=20&search=${SEARCH_WORD}` },
  { kind: 'status=0', query: 'page=1&per_page=20&status=0' },
  { kind: 'position_id=2', query: 'page=1&per_page=20&position_id=2' },
  { kind: 'per_page=100', query: 'page=1&per_page=100' },
];

interface Measured {
  kinds: (Stats & { kind: string; total: number | null; kb: number })[];
  overall: Stats;
  concurrency: { clients: number; requests: number; seconds: number; rps: number; p50: number; p95: number };
}
type TargetResult = TargetOutcome & Partial<Measured>;

/** One timed list request: from sending to the last byte of the body. */
const timed = (client: Client, query: string) => client.timed(`/api/content/text/?${query}`);

async function measure(client: Client): Promise<Measured> {
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

function print(result: Measured) {
  console.log(
    `  ${WARMUP} warm-up requests, then ${result.overall.n} sequential (kinds interleaved), Accept-Language: ${LANG}`,
  );
  const row = (name: string, rows: string, s: Stats, kb: string) => [
    name,
    rows,
    String(s.n),
    ms(s.p50),
    ms(s.p95),
    ms(s.p99),
    ms(s.max),
    kb,
  ];
  table(
    ['query', 'rows', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'KB/resp'],
    [
      ...result.kinds.map((k) => row(k.kind, String(k.total ?? '?'), k, k.kb.toFixed(1))),
      row('overall', '', result.overall, ''),
    ],
  );
  const c = result.concurrency;
  console.log(
    `  concurrency: ${c.clients} clients, ${c.requests} requests in ${c.seconds.toFixed(2)} s → ` +
      `${c.rps.toFixed(0)} req/s, p50 ${ms(c.p50)} ms, p95 ${ms(c.p95)} ms`,
  );
}

console.log(`Text list benchmark: GET /api/content/text/ with ${TEXTS} texts (server and client in this process)`);
const results: TargetResult[] = [];
for (const target of LIST_TARGETS) {
  results.push(
    await runTarget(target, {
      name: 'texts',
      seed: seedTexts,
      describe: (seeded) =>
        `${TEXTS} texts (${TEXTS * 2} language rows, ${seeded.links} position links, ${seeded.statements} INSERTs)`,
      measure: async ({ client }) => {
        const result = await measure(client);
        print(result);
        return result;
      },
    }),
  );
}

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

writeResult({ texts: results });
process.exit(results.some((r) => r.status === 'failed') ? 1 : 0);
