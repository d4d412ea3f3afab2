// Every admin list on a large database (docs/features/lists.md): 1,000,000 news articles and 100,000 rows in each
// other list on PostgreSQL (PGlite seeds fewer, see seed-lists.ts), each case (first page, a deep page, every sort,
// a search matching 1 % and 0.01 %, every filter) as an HTTP request beside the raw SQL it issues, replayed to the
// driver, and beside a bare node:http server that replays the same SQL (the least any HTTP API adds on this
// machine). A case whose plan reads a seeded table from end to end (a Seq Scan) fails the run.
// `npm run bench -- lists`, or alone `npx tsx bench/lists.bench.ts`; BENCH_TARGETS, BENCH_BIG, BENCH_SMALL, BENCH_LISTS.
import { sql } from 'drizzle-orm';
import { stats, writeResult } from './lib/common.mjs';
import {
  type Client,
  captureSql,
  databaseOf,
  LIST_TARGETS,
  type ListTarget,
  replaySql,
  runTarget,
  type Statement,
  type TargetOutcome,
  timedGet,
} from './lib/list-bench.js';
import { bareServer, type Case, MAX_SQL_FACTOR, type Measured, print, TARGET_P95_MS } from './lib/lists-report.js';
import { SEARCH_COMMON, SEARCH_RARE, type SeededList, seedLists } from './lib/seed-lists.js';

const WARMUP_ROUNDS = 2;
/**
 * Requests per case, each beside its replayed SQL (BENCH_ROUNDS to change it): 200, as the comparison with the peers
 * that this benchmark answers was made. With 15, a case's p95 was its slowest request, one garbage collection or one
 * scheduling delay of the shared machine.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 200;
/** The lists: address, the table whose rows they page, sorts, filters. */
const LISTS: { name: string; path: string; table: string; sorts: string[]; filters: string[] }[] = [
  {
    name: 'news',
    path: '/api/blog/',
    table: 'articles',
    sorts: ['updated_at', 'title', 'status', 'id'],
    filters: ['status=1', 'trashed=only'],
  },
  {
    name: 'texts',
    path: '/api/content/text/',
    table: 'texts',
    sorts: ['updated_at', 'title', 'status', 'id'],
    filters: ['status=0'],
  },
  {
    name: 'pages',
    path: '/api/content/page/',
    table: 'pages',
    sorts: ['title', 'status', 'updated_at', 'id'],
    filters: ['status=1'],
  },
  {
    name: 'categories',
    path: '/api/content/category/',
    table: 'categories',
    sorts: ['title', 'status', 'updated_at', 'id'],
    filters: ['status=1'],
  },
  {
    name: 'panels',
    path: '/api/content/panel/',
    table: 'panels',
    sorts: ['priority', 'title', 'status', 'updated_at', 'id'],
    filters: ['status=1'],
  },
  {
    name: 'galleries',
    path: '/api/gallery/',
    table: 'galleries',
    sorts: ['updated_at', 'title', 'status', 'id'],
    filters: ['status=1'],
  },
  {
    name: 'references',
    path: '/api/reference/',
    table: 'reference_entries',
    sorts: ['updated_at', 'title', 'status', 'amount', 'order', 'id'],
    filters: ['status=1'],
  },
  {
    name: 'partners',
    path: '/api/partner/',
    table: 'partners',
    sorts: ['order', 'title', 'status', 'updated_at', 'id'],
    filters: ['status=1'],
  },
  {
    name: 'users',
    path: '/api/user/',
    table: 'users',
    sorts: ['fullname', 'email', 'status', 'id'],
    filters: ['status=1', 'role_id=2'],
  },
  {
    name: 'contacts',
    path: '/api/form/contact',
    table: 'form_contacts',
    sorts: ['created_at', 'name', 'email', 'id'],
    filters: [],
  },
  {
    name: 'price offers',
    path: '/api/form/price',
    table: 'form_prices',
    sorts: ['created_at', 'name', 'email', 'id'],
    filters: [],
  },
  {
    name: 'registrations',
    path: '/api/form/registration',
    table: 'form_registrations',
    sorts: ['created_at', 'name', 'email', 'id'],
    filters: [],
  },
];

/** The lists to measure: all, or those BENCH_LISTS names (comma-separated, e.g. `users,contacts`). */
const MEASURED = process.env.BENCH_LISTS?.split(',').map((name) => name.trim().toLowerCase());

function casesOf(seeded: SeededList[]): Omit<Case, 'sql' | 'session'>[] {
  return LISTS.filter((l) => !MEASURED || MEASURED.includes(l.name)).flatMap((l) => {
    const list = seeded.find((s) => s.table === l.table);
    const rows = list?.rows ?? 0;
    const deep = Math.max(2, Math.floor(rows / 2 / 20));
    const q = (kind: string, query: string) => ({ list: l.name, kind, table: l.table, url: `${l.path}?${query}` });
    return [
      q('first page', 'page=1&per_page=20'),
      q(`page ${deep}`, `page=${deep}&per_page=20`),
      // The translated lists page by cursor (resources/list.ts); users and submissions by number only.
      ...(list?.langs ? [{ ...q(`page ${deep} by next`, `page=${deep}&per_page=20`), next: true }] : []),
      ...l.sorts.map((s) => q(`sort ${s}`, `page=1&per_page=20&sort=${s}&order=asc`)),
      q('search 1 %', `page=1&per_page=20&search=${SEARCH_COMMON}`),
      q('search 0.01 %', `page=1&per_page=20&search=${SEARCH_RARE}`),
      ...l.filters.map((f) => q(f, `page=1&per_page=20&${f}`)),
      // The translation filters of a translated list (docs/features/translations.md): 1 % and 5 % of its rows.
      ...(list?.langs
        ? ['translation=missing_en', 'translation=outdated'].map((f) => q(f, `page=1&per_page=20&${f}`))
        : []),
    ];
  });
}

/** The address of `url`'s page reached by "next": the page before it, then its `meta.cursors.after`. */
async function followNext(client: Client, url: string): Promise<string> {
  const page = Number(new URL(url, 'http://x').searchParams.get('page'));
  const before = JSON.parse((await client.timed(url.replace(`page=${page}`, `page=${page - 1}`))).body) as {
    meta: { cursors?: { after: string } };
  };
  if (!before.meta.cursors) throw new Error(`${url}: the answer has no cursors`);
  return `${url}&after=${before.meta.cursors.after}`;
}

const timed = async (run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

/** The seeded tables a list statement must never read in full. */
const seqScanOn = (plan: string[], tables: string[]) =>
  plan.filter((line) => tables.some((t) => new RegExp(`Seq Scan on "?${t}"?\\b`).test(line)));
/**
 * The capped count (`listTotal`: `select count(*) from (select 1 … limit 10001)`) may read the table in order and
 * stop after 10,001 matching rows: a Seq Scan right under that Limit is bounded, reported apart, not a failure.
 */
const isCappedCount = (s: Statement, plan: string[]) =>
  /^select count\(\*\) from \(select 1 /.test(s.text) &&
  plan.findIndex((l) => /Seq Scan/.test(l)) === plan.findIndex((l) => /->\s+Limit/.test(l)) + 1;

async function measure(
  target: ListTarget,
  client: Client,
  database: Parameters<typeof replaySql>[0],
  seeded: SeededList[],
): Promise<Measured> {
  const bigTables = seeded.flatMap((s) => [s.table, ...(s.langs ? [s.langs.table] : [])]);
  const cases: Case[] = [];
  const seqScans: string[] = [];
  const bounded: string[] = [];
  for (const planned of casesOf(seeded)) {
    const c = planned.next ? { ...planned, url: await followNext(client, planned.url) } : planned;
    const { result, statements } = await captureSql(database, () => client.timed(c.url));
    const body = JSON.parse(result.body) as { meta: { total: number; total_approximate?: boolean } };
    // The SQL of the page: every statement the request issued but the sign-in's (the session look-up, which the
    // 2 ms allowed for HTTP covers): the page, the total (the count and, past its limit, the planner's estimate) and
    // what the rows carry (the news' categories), replayed one after the other.
    const signIn = (s: Statement) => /\bfrom "sessions"|^update "(sessions|users)"/i.test(s.text);
    const sqlOf = statements.filter((s) => !signIn(s));
    const session = statements.filter((s) => /\bfrom "sessions"/i.test(s.text));
    const onTable = statements.filter(
      (s) => new RegExp(`\\bfrom "${c.table}"`).test(s.text) && !/^explain/i.test(s.text),
    );
    cases.push({
      ...c,
      sql: sqlOf,
      session,
      total: body.meta.total,
      approximate: body.meta.total_approximate === true,
    });
    for (const s of onTable) {
      const plan = (
        await (
          database.db as unknown as {
            $client: { query: (t: string, p: unknown[]) => Promise<{ rows: Record<string, string>[] }> };
          }
        ).$client.query(`explain ${s.text}`, s.params)
      ).rows.map((r) => Object.values(r)[0]);
      const found = seqScanOn(plan, bigTables);
      if (found.length && isCappedCount(s, plan)) bounded.push(`${c.list} ${c.kind}`);
      else if (found.length)
        seqScans.push(
          `${c.list} ${c.kind}: ${found.join('; ')}\n      ${s.text}\n${plan.map((l) => `        ${l}`).join('\n')}`,
        );
    }
  }
  const http = new Map<Case, number[]>(cases.map((c) => [c, []]));
  const raw = new Map<Case, number[]>(cases.map((c) => [c, []]));
  const all = new Map<Case, number[]>(cases.map((c) => [c, []]));
  const bare = new Map<Case, number[]>(cases.map((c) => [c, []]));
  const bareHttp = await bareServer(database, cases);
  // A write to the case's table before each of its requests (untimed, a row's own value written back): a server that
  // kept anything of an earlier answer would have to read it again. The SQL replayed alone gets the same write before
  // it, so that both sides of "p95 ≤ 1.5 × SQL + 2 ms" read the table as a write left it.
  const touch = (c: Case) =>
    database.db.execute(
      sql.raw(`update "${c.table}" set deleted_at = deleted_at where id = (select min(id) from "${c.table}")`),
    );
  const floor: number[] = [];
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    const f = (await client.timed('/api/user/me')).elapsed;
    if (round >= WARMUP_ROUNDS) floor.push(f);
    for (const c of cases) {
      // Which goes first takes turns: a later one finds in PostgreSQL's buffers the pages the first had to fetch.
      const series: [Map<Case, number[]>, () => Promise<number>][] = [
        [
          http,
          async () => {
            await touch(c);
            return (await client.timed(c.url)).elapsed;
          },
        ],
        [
          raw,
          async () => {
            await touch(c);
            return timed(() => replaySql(database, c.sql));
          },
        ],
        [
          bare,
          async () => {
            const answer = await timedGet(bareHttp.url(c), {});
            if (answer.status !== 200) throw new Error(`the bare server answered ${answer.status}: ${answer.body}`);
            return answer.elapsed;
          },
        ],
        [
          all,
          async () => {
            await touch(c);
            return timed(async () => {
              await replaySql(database, c.session);
              await replaySql(database, c.sql);
            });
          },
        ],
      ];
      for (let i = 0; i < series.length; i++) {
        const [into, run] = series[(round + i) % series.length] as (typeof series)[number];
        const elapsed = await run();
        if (round >= WARMUP_ROUNDS) into.get(c)?.push(elapsed);
      }
    }
  }
  bareHttp.close();
  const limit = TARGET_P95_MS[databaseOf(target)];
  if (bounded.length) {
    console.log(`  bounded Seq Scans (the capped count stops after 10,001 rows): ${bounded.join(', ')}`);
  }
  return {
    seqScans,
    floor: stats(floor),
    cases: cases.map((measured) => {
      const { sql: _sql, session: _session, ...c } = measured;
      const h = stats(http.get(measured) ?? []);
      const r = stats(raw.get(measured) ?? []);
      return {
        ...c,
        http: h,
        raw: r,
        all: stats(all.get(measured) ?? []),
        bare: stats(bare.get(measured) ?? []),
        ok: h.p95 <= limit && h.p95 <= MAX_SQL_FACTOR * r.p95 + 2,
      };
    }),
  };
}

console.log('Lists benchmark: every admin list, each case beside its raw SQL (server and client in this process)');
const results: (TargetOutcome & Partial<Measured>)[] = [];
for (const target of LIST_TARGETS) {
  results.push(
    await runTarget(target, {
      name: 'lists',
      seed: seedLists,
      describe: (seeded) => seeded.map((s) => `${s.rows} ${s.table}`).join(', '),
      measure: async ({ client, database, seeded }) => {
        const m = await measure(target, client, database, seeded);
        print(target, m);
        return m;
      },
    }),
  );
}
const failed = results.filter(
  (r) => r.status === 'failed' || (r.seqScans?.length ?? 0) > 0 || r.cases?.some((c) => !c.ok),
);
writeResult({ ok: failed.length === 0, results });
if (results.some((r) => (r.seqScans?.length ?? 0) > 0)) {
  console.error('\nFAILED: a list case reads a seeded table with a Seq Scan (plans above).');
}
process.exitCode = failed.length ? 1 : 0;
