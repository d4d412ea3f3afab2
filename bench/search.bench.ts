// The search everything (docs/features/search.md): `GET /api/search` over every list of bench/lib/seed-lists.ts,
// 100,000 rows in each on PostgreSQL (news articles too: 1.2 M records, 1.8 M titles) and 20,000 on PGlite, for a
// common word (1 % of the titles), a rare one (0.01 %), a prefix, an accented and an unaccented query, a name and an
// e-mail. Each query's one statement is EXPLAINed first: a Seq Scan on a seeded table fails the run.
// `npm run bench -- search`, or alone `npx tsx bench/search.bench.ts`; BENCH_TARGETS, BENCH_BIG, BENCH_SMALL.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import type { AuthUser } from '../apps/server/src/http/session.js';
import { PLANNER_SETTINGS, searchStatement } from '../apps/server/src/modules/search/service.js';
import { stats, table, writeResult } from './lib/common.mjs';
import { ms, runTarget, TARGETS, type TargetOutcome } from './lib/list-bench.js';
import { SEARCH_COMMON, SEARCH_RARE, seedLists } from './lib/seed-lists.js';

const WARMUP = 5;
const ROUNDS = 60;
const PHASE_LIMIT_MS = 60_000;
const TARGET_P95_MS = { PGlite: 200, PostgreSQL: 50 } as const;

/** The queries measured: what each finds in the seeded data. */
const QUERIES: { name: string; q: string }[] = [
  { name: `common word (1 % of titles)`, q: SEARCH_COMMON },
  { name: `rare word (0.01 %)`, q: SEARCH_RARE },
  { name: 'prefix "item 12"', q: 'item 12' },
  { name: 'short prefix "it"', q: 'it' },
  { name: 'accented "Položka 777"', q: 'Položka 777' },
  { name: 'unaccented "polozka 777"', q: 'polozka 777' },
  { name: 'inside a word "tem 4"', q: 'tem 4' },
  { name: 'a name "name12"', q: 'name12' },
  { name: 'an e-mail "person123"', q: 'person123' },
  { name: 'nothing matches', q: 'xylofon' },
];

interface Row {
  query: string;
  hits: number;
  p50: number;
  p95: number;
  max: number;
  pass: boolean;
}
interface Measured {
  rows: Row[];
  seqScans: string[];
  records: number;
}

/** EXPLAIN (ANALYZE) of the statement the search sends, as it sends it: in a transaction without sequential scans. */
async function explainSearch(database: Database, q: string): Promise<string> {
  const administrator = { id: 1, role_id: 1 } as AuthUser;
  const statement = searchStatement(administrator, { q, limit: 20 }, 'en');
  if (!statement) return '';
  return database.db.transaction(async (tx) => {
    await tx.execute(PLANNER_SETTINGS);
    const result = (await tx.execute(sql`explain (analyze, buffers) ${statement}`)) as unknown as {
      rows: Record<string, string>[];
    };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

/** The seed of the lists benchmark, every list the same size: 100,000 on PostgreSQL, 20,000 on PGlite. */
async function seed(database: Database) {
  const rows = process.env.BENCH_SMALL || String(database.kind === 'pglite' ? 20_000 : 100_000);
  const saved = { small: process.env.BENCH_SMALL, big: process.env.BENCH_BIG };
  process.env.BENCH_SMALL = rows;
  process.env.BENCH_BIG = process.env.BENCH_BIG || rows;
  try {
    return await seedLists(database);
  } finally {
    // The next target picks its own size.
    for (const [key, value] of [
      ['BENCH_SMALL', saved.small],
      ['BENCH_BIG', saved.big],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

console.log('Search benchmark: GET /api/search over every list (server and client in this process)');
const results: (TargetOutcome & Partial<Measured>)[] = [];
for (const target of TARGETS) {
  results.push(
    await runTarget(target, {
      name: 'search',
      seed,
      describe: (seeded) => `${seeded.reduce((n, s) => n + s.rows, 0)} records in ${seeded.length} lists`,
      measure: async ({ client, database, seeded }): Promise<Measured> => {
        const seqScans: string[] = [];
        const seededTables = seeded.flatMap((s) => [s.table, ...(s.langs ? [s.langs.table] : [])]);
        const rows: Row[] = [];
        for (const { name, q } of QUERIES) {
          const path = `/api/search?q=${encodeURIComponent(q)}&limit=20`;
          const hits = (JSON.parse((await client.timed(path)).body) as { data: unknown[] }).data.length;
          const plan = await explainSearch(database, q);
          for (const t of seededTables) {
            if (new RegExp(`Seq Scan on "?${t}"?\\b`).test(plan)) seqScans.push(`${name}: Seq Scan on ${t}`);
          }
          if (process.env.BENCH_EXPLAIN === '1') console.log(`\n  ${name}\n${plan}`);
          for (let i = 0; i < WARMUP; i++) await client.timed(path);
          const samples: number[] = [];
          const start = performance.now();
          while (samples.length < ROUNDS && performance.now() - start < PHASE_LIMIT_MS) {
            samples.push((await client.timed(path)).elapsed);
          }
          const s = stats(samples);
          rows.push({ query: name, hits, p50: s.p50, p95: s.p95, max: s.max, pass: s.p95 <= TARGET_P95_MS[target] });
        }
        table(
          ['query', 'hits', 'p50', 'p95', 'max', `p95 ≤ ${TARGET_P95_MS[target]} ms`],
          rows.map((r) => [r.query, r.hits, ms(r.p50), ms(r.p95), ms(r.max), r.pass ? 'PASS' : 'FAIL']),
        );
        if (seqScans.length) console.error(`  SEQ SCAN on a seeded table:\n    ${seqScans.join('\n    ')}`);
        return { rows, seqScans, records: seeded.reduce((n, s) => n + s.rows, 0) };
      },
    }),
  );
}
const failed = results.filter(
  (r) => r.status === 'failed' || (r.seqScans?.length ?? 0) > 0 || r.rows?.some((row) => !row.pass),
);
writeResult({ search: results });
process.exitCode = failed.length ? 1 : 0;
