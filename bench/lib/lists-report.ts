// The lists benchmark's cases, results and report (bench/lists.bench.ts), and the bare server it measures beside
// every case.
import { createServer } from 'node:http';
import { type Stats, table } from './common.mjs';
import { databaseOf, type ListTarget, ms, replaySql, type Statement } from './list-bench.js';

export const TARGET_P95_MS = { PGlite: 200, PostgreSQL: 50 } as const;
export const MAX_SQL_FACTOR = 1.5;

export interface Case {
  list: string;
  kind: string;
  url: string;
  table: string;
  /** Reached from the page before by its `meta.cursors.after`, as the admin's "next page" does. */
  next?: boolean;
  sql: Statement[];
  /** The session look-up the request sent before them. */
  session: Statement[];
  total?: number;
  approximate?: boolean;
}
export interface CaseResult extends Omit<Case, 'sql' | 'session'> {
  /** The request, with a write to its table before it (nothing in the server could answer from before). */
  http: Stats;
  raw: Stats;
  /** The session look-up, then the page's SQL: every statement of the request, in its order, without HTTP. */
  all: Stats;
  /** The same statements served by a bare node:http server (bareServer): the least an HTTP API adds here. */
  bare: Stats;
  ok: boolean;
}
export interface Measured {
  cases: CaseResult[];
  seqScans: string[];
  /** A signed-in request that reads little beyond the session (`GET /api/user/me`: the session, the two-factor state). */
  floor: { p50: number; p95: number };
}

/**
 * A bare node:http server in this process that answers `GET /<n>` by replaying case n's statements as its request
 * sent them (the session look-up, then the page's statements side by side) and writing their rows as JSON: no
 * framework, no validation, no cookies, no drizzle. What it adds to the SQL is what HTTP and one more round trip cost
 * on this machine, which no API serving the same SQL can go below.
 */
export async function bareServer(database: Parameters<typeof replaySql>[0], cases: Case[]) {
  const server = createServer((req, res) => {
    const c = cases[Number(req.url?.slice(1))];
    if (!c) {
      res.writeHead(404).end();
      return;
    }
    (async () => {
      await replaySql(database, c.session);
      const results = await replaySql(database, c.sql);
      const body = JSON.stringify({ data: results.map((r) => r.rows) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    })().catch((err: Error) => res.writeHead(500).end(err.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the bare server has no TCP address');
  return { url: (c: Case) => `http://127.0.0.1:${address.port}/${cases.indexOf(c)}`, close: () => server.close() };
}

export function print(target: ListTarget, m: Measured) {
  table(
    ['list', 'case', 'total', 'p50', 'p95', 'SQL p50', 'SQL p95', 'p95 ratio', 'bare p95', 'bare ratio', 'verdict'],
    m.cases.map((c) => [
      c.list,
      c.kind,
      `${c.approximate ? '~' : ''}${c.total ?? '?'}`,
      ms(c.http.p50),
      ms(c.http.p95),
      ms(c.raw.p50),
      ms(c.raw.p95),
      `${(c.http.p95 / c.raw.p95).toFixed(2)}×`,
      ms(c.bare.p95),
      `${(c.bare.p95 / c.raw.p95).toFixed(2)}×`,
      c.ok ? 'PASS' : 'FAIL',
    ]),
  );
  const limit = TARGET_P95_MS[databaseOf(target)];
  console.log(
    `  (milliseconds; ${target}: p95 ≤ ${limit} ms and ≤ ${MAX_SQL_FACTOR}× the raw SQL's p95 + 2 ms of HTTP; ` +
      '~ marks an approximate total; each request follows an untimed write to its table; "bare": the page\'s ' +
      "statements served by a bare node:http server, its p95 over the SQL's)",
  );
  const bareOver = m.cases.filter((c) => c.bare.p95 > MAX_SQL_FACTOR * c.raw.p95).length;
  const added = m.cases.map((c) => c.http.p95 - c.bare.p95).sort((a, b) => a - b);
  console.log(
    `  the bare server alone exceeds ${MAX_SQL_FACTOR}× the SQL's p95 in ${bareOver} of ${m.cases.length} cases; ` +
      `this server's p95 over the bare server's: median ${ms(added[Math.floor(added.length / 2)] ?? 0)} ms, ` +
      `at most ${ms(added.at(-1) ?? 0)} ms`,
  );
  const strict = m.cases.filter((c) => c.http.p95 <= MAX_SQL_FACTOR * c.raw.p95).length;
  const whole = m.cases.filter((c) => c.http.p95 <= MAX_SQL_FACTOR * c.all.p95).length;
  console.log(
    `  ${m.cases.filter((c) => c.ok).length} of ${m.cases.length} cases PASS; p95 ≤ ${MAX_SQL_FACTOR}× the SQL's p95 ` +
      `without the 2 ms: ${strict}; ${whole} ≤ ${MAX_SQL_FACTOR}× all of the request's SQL (the session's too). ` +
      `The floor under every case, GET /api/user/me (the session and the two-factor state): p50 ${ms(m.floor.p50)} / ` +
      `p95 ${ms(m.floor.p95)} ms`,
  );
  if (m.seqScans.length) {
    console.error(`\n  SEQ SCAN on a seeded table in ${m.seqScans.length} statement(s):`);
    for (const s of m.seqScans) console.error(`    ${s}`);
  }
}
