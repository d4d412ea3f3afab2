// Statistics at the scale of a busy site: a year of daily roll-ups for 10 million page views, generated inside the
// database (set-based SQL) on PGlite on disk and on PostgreSQL; every /api/stats/* answer timed over HTTP for 7, 30
// and 365 days ending yesterday; then the collector's ingestion rate (POST /api/collect) with the server's CPU time
// per event. The server runs as `npm start` runs it. Run alone: `npx tsx bench/stats.bench.ts`.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { addDays, dayOf } from '../apps/server/src/modules/analytics/days.js';
import { completeImportedRollups } from '../apps/server/src/modules/analytics/rollups.js';
import {
  BENCH_ADMIN,
  childEnv,
  fmt,
  freePort,
  type Group,
  type Stats,
  serverCommand,
  spawnGroup,
  stats,
  stopGroup,
  table,
  waitForHealth,
  writeResult,
} from './lib/common.mjs';
import { Client, ms, TARGETS, type Target } from './lib/list-bench.js';
import { cleanUpOnExit, postBeacon, targetStorage } from './lib/scratch.js';

const VIEWS_PER_YEAR = 10_000_000;
/** PGlite's share of the full scale (BENCH_STATS_PGLITE_SCALE, e.g. 0.2 for 2 M views; 1 = the same 10 M). */
const SCALE: Record<Target, number> = { PostgreSQL: 1, PGlite: Number(process.env.BENCH_STATS_PGLITE_SCALE ?? 1) };
const WARMUP_ROUNDS = 3;
const ROUNDS = Number(process.env.BENCH_STATS_ROUNDS ?? 15);
const MEASURE_LIMIT_MS = 150_000; // per target: fewer rounds when the answers are slow
const TARGET_P95_MS: Record<Target, number> = { PostgreSQL: 300, PGlite: 1000 };
const RANGES = [7, 30, 365];
const CALLS = [
  'traffic',
  'content',
  'source/page',
  'source/keyword',
  'source/search',
  'demography/country',
  'demography/city',
  'demography/language',
  'device/browser',
  'device/system',
];
const INGEST_CLIENTS = 8;
const INGEST_MS = 10_000;
const INGEST_WARMUP_MS = 5_000;
const INGEST_TARGET = 2000; // events/s
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLK_TCK = 100; // Linux USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s

const { cleanups, cleanUp } = cleanUpOnExit();

/**
 * One year (365 days ending `end`) of roll-ups, deterministic. A day has v views (30 000 on weekdays, 21 000 at
 * weekends, ±15 %; × scale), a third as many visitors of whom 40 % return from a pool of 60 000 regulars (so the
 * year's distinct users are far fewer than the days' sum), v / 2.5 sessions; 2 000 paths and the dimension values
 * follow Zipf-like shares, a rare one missing on a day when its expected count rounds to nothing.
 */
function generation(end: string, scale: number): [string, string][] {
  const start = addDays(end, -364);
  const jitter = (a: string, b: string) => `((${a} * 7919 + ${b} * 104729) % 1000) / 1000.0`;
  return [
    [
      'days',
      `create table bench_days as select k, date '${start}' + k as day,
         round((case when extract(isodow from date '${start}' + k) >= 6 then 21000 else 30000 end)
           * (0.85 + 0.3 * ((k * 7919) % 101) / 100.0) * ${scale})::int as v
       from generate_series(0, 364) k`,
    ],
    [
      'analytics_daily_visitors',
      `insert into analytics_daily_visitors (day, visitor_id)
       select d.day, case when i <= d.rn then 'r' || substr(md5('r' || ((i + d.k * 7919) % 60000)), 1, 21)
                          else 'n' || substr(md5(d.k || ':' || i), 1, 21) end
       from (select k, day, round(v * 0.33)::int as n, floor(v * 0.33 * 0.4)::int as rn from bench_days) d,
         lateral generate_series(1, d.n) i`,
    ],
    [
      'analytics_daily_paths',
      `with p as (
         select r, power(r, -1.2) / sum(power(r, -1.2)) over () as w,
           case when r = 1 then '/' else '/' || (array['sk', 'en'])[1 + r % 2] || '/page-' || r end as path
         from generate_series(1, 2000) r)
       insert into analytics_daily_paths (day, path, pageviews, entrances, exits, time_ms, timed)
       select d.day, p.path, x.pv, round(x.pv * 0.4), round(x.pv * 0.4),
         (x.pv * 0.7 * (20000 + (p.r * 37) % 90000))::bigint, round(x.pv * 0.7)
       from bench_days d cross join p
         cross join lateral (select floor(d.v * p.w + ${jitter('d.k', 'p.r')})::int as pv) x
       where x.pv > 0`,
    ],
    [
      'analytics_daily_dims',
      `with dims(dim, n, share) as (values ('country', 60, 1.0), ('city', 500, 1.0), ('language', 40, 1.0),
           ('browser', 20, 1.0), ('system', 12, 1.0), ('page', 400, 0.35), ('keyword', 1500, 0.2), ('search', 6, 0.45)),
         v as (
           select dim, r, share * power(r, -1.1) / sum(power(r, -1.1)) over (partition by dim) as w,
             case dim when 'country' then chr(65 + r % 26) || chr(65 + (r / 26) % 26)
               when 'language' then lower(chr(65 + r % 26) || chr(65 + (r / 26) % 26))
               when 'page' then 'https://site' || r || '.example/articles/' || r
               when 'keyword' then 'keyword ' || r || ' phrase'
               else initcap(dim) || ' ' || r end as value
           from dims, generate_series(1, n) r)
       insert into analytics_daily_dims (day, dim, value, sessions)
       select d.day, v.dim, v.value, x.s
       from bench_days d cross join v
         cross join lateral (select floor(d.v / 2.5 * v.w + ${jitter('d.k', 'v.r')})::int as s) x
       where x.s > 0`,
    ],
    [
      'analytics_daily',
      `insert into analytics_daily (day, users, new_users, sessions, pageviews, bounces, duration_ms,
         goal_completions, goal_value)
       select d.day, round(d.v * 0.33), round(d.v * 0.33) - floor(d.v * 0.33 * 0.4), round(d.v / 2.5),
         coalesce(p.pv, 0), round(d.v / 2.5 * 0.45), (d.v * 0.7 * 55000)::bigint, round(d.v / 2.5 * 0.012),
         round(d.v / 2.5 * 0.012) * 30
       from bench_days d left join (select day, sum(pageviews) as pv from analytics_daily_paths group by day) p
         on p.day = d.day`,
    ],
    ['drop days', 'drop table bench_days'],
  ];
}

interface Generated {
  steps: { step: string; ms: number }[];
  rows: Record<string, number>;
  pageviews: number;
  distinctUsers: number;
  dayUsers: number;
  totalMs: number;
}

/** Migrates, generates the year and settles it (VACUUM ANALYZE / ANALYZE), before the server owns the database. */
async function prepare(target: Target, dataDir: string, url: string | undefined, end: string): Promise<Generated> {
  const database = await openDatabase({ url, dataDir });
  try {
    await database.migrate();
    const run = (text: string) => database.db.execute(sql.raw(text));
    const steps: { step: string; ms: number }[] = [];
    const all = performance.now();
    for (const [step, text] of generation(end, SCALE[target])) {
      const t = performance.now();
      await run(text);
      steps.push({ step, ms: performance.now() - t });
    }
    const completing = performance.now();
    await completeImportedRollups(database.db);
    steps.push({ step: 'month × path, users sketches', ms: performance.now() - completing });
    const t = performance.now();
    await run(target === 'PostgreSQL' ? 'VACUUM ANALYZE' : 'ANALYZE');
    steps.push({ step: target === 'PostgreSQL' ? 'VACUUM ANALYZE' : 'ANALYZE', ms: performance.now() - t });
    const totalMs = performance.now() - all;
    const one = async (text: string) =>
      Number(Object.values(((await run(text)) as unknown as { rows: object[] }).rows[0] ?? {})[0] ?? 0);
    const rows: Record<string, number> = {};
    for (const table of [
      'analytics_daily',
      'analytics_daily_visitors',
      'analytics_daily_paths',
      'analytics_monthly_paths',
      'analytics_daily_dims',
    ])
      rows[table] = await one(`select count(*) from ${table}`);
    return {
      steps,
      rows,
      totalMs,
      pageviews: await one('select sum(pageviews) from analytics_daily'),
      dayUsers: await one('select sum(users) from analytics_daily'),
      distinctUsers: await one('select count(distinct visitor_id) from analytics_daily_visitors'),
    };
  } finally {
    await database.close();
  }
}

interface Row {
  call: string;
  days: number;
  http: Stats;
  pass: boolean;
}

async function measureCalls(client: Client, end: string, target: Target) {
  const cases = RANGES.flatMap((days) =>
    CALLS.map((call) => ({
      call,
      days,
      path: `/api/stats/${call}?startDate=${addDays(end, 1 - days)}&endDate=${end}`,
    })),
  );
  const samples = new Map(cases.map((c) => [c.path, [] as number[]]));
  const start = performance.now();
  let rounds = 0;
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS && performance.now() - start < MEASURE_LIMIT_MS; round++) {
    if (round >= WARMUP_ROUNDS) rounds++;
    for (const c of cases) {
      const { elapsed } = await client.timed(c.path);
      if (round >= WARMUP_ROUNDS) samples.get(c.path)?.push(elapsed);
    }
  }
  console.log(`  ${WARMUP_ROUNDS} warm-up rounds, then ${rounds} rounds of the ${cases.length} calls interleaved`);
  return cases.map((c): Row => {
    const http = stats(samples.get(c.path) ?? []);
    return { call: c.call, days: c.days, http, pass: http.p95 < TARGET_P95_MS[target] };
  });
}

/** CPU seconds of a process (user + system); with `children`, also of its children that have ended. */
function cpuOf(pid: number, children = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(f[11]) + Number(f[12]);
    return (children ? own + Number(f[13]) + Number(f[14]) : own) / CLK_TCK;
  } catch {
    return 0;
  }
}
/**
 * CPU seconds of every process named `postgres`, with the children they reaped (backends and workers that ended
 * during the measure would otherwise take their time with them).
 */
const postgresCpu = () =>
  readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        return readFileSync(`/proc/${e}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .reduce((n, e) => n + cpuOf(Number(e), true), 0);

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
];

/** Pins a process and all its threads to the given CPUs (`taskset`); false where that is not possible. */
function pin(pid: number, cpus: string): boolean {
  const res = spawnSync('taskset', ['-a', '-cp', cpus, String(pid)], { stdio: 'ignore' });
  return res.status === 0;
}

/**
 * Page-view beacons from distinct public-looking addresses (X-Forwarded-For, TRUST_PROXY=1) and 20 000 visitors,
 * `INGEST_CLIENTS` at a time. With two or more cores the server (every thread) is pinned to the last core and this
 * process to the others, so the rate is the server's on one core; PostgreSQL's processes are not pinned.
 */
async function measureIngestion(port: number, pid: number, target: Target) {
  const cores = availableParallelism();
  const agent = new Agent({ keepAlive: true, maxSockets: INGEST_CLIENTS });
  let sent = 0;
  let ok = 0;
  const failures = new Map<number, number>();
  const latencies: number[] = [];
  /** `INGEST_CLIENTS` clients posting beacons until `deadline`, each from a new address. */
  const burst = (deadline: number, measured: boolean) => {
    const worker = async () => {
      while (performance.now() < deadline) {
        const n = sent++;
        const ip = `${81 + ((n >>> 16) % 120)}.${(n >>> 8) & 255}.${n & 255}.${1 + (n % 250)}`;
        const body = JSON.stringify({
          type: 'view',
          visitor: `bench-visitor-${(n * 7919) % 20_000}`,
          view: `view-${n}-${randomBytes(4).toString('hex')}`,
          path: `/${n % 2 ? 'sk' : 'en'}/page-${1 + ((n * 104729) % 200)}`,
          referrer: n % 3 === 0 ? `https://www.google.com/search?q=word+${n % 50}` : '',
          language: n % 2 ? 'sk' : 'en-gb',
          screen: '1920x1080',
        });
        const t = performance.now();
        const status = await postBeacon(
          agent,
          port,
          {
            'content-type': 'text/plain',
            'content-length': String(Buffer.byteLength(body)),
            'x-forwarded-for': ip,
            'user-agent': AGENTS[n % AGENTS.length] as string,
          },
          body,
        );
        if (!measured) continue;
        latencies.push(performance.now() - t);
        if (status === 204) ok++;
        else failures.set(status, (failures.get(status) ?? 0) + 1);
      }
    };
    return Promise.all(Array.from({ length: INGEST_CLIENTS }, worker));
  };
  // Warm-up, not pinned and not measured: the first seconds of a server include compiling its hot paths.
  await burst(performance.now() + INGEST_WARMUP_MS, false);
  const pinned = cores >= 2 && pin(pid, String(cores - 1)) && pin(process.pid, `0-${cores - 2}`);
  const cpu0 = cpuOf(pid);
  const pg0 = target === 'PostgreSQL' ? postgresCpu() : 0;
  const start = performance.now();
  await burst(start + INGEST_MS, true);
  const seconds = (performance.now() - start) / 1000;
  const serverCpu = cpuOf(pid) - cpu0;
  const pgCpu = target === 'PostgreSQL' ? postgresCpu() - pg0 : Number.NaN;
  agent.destroy();
  if (pinned) pin(process.pid, `0-${cores - 1}`);
  return {
    events: ok,
    failed: Object.fromEntries(failures),
    seconds,
    perSecond: ok / seconds,
    pinned,
    latency: stats(latencies),
    cpuMsPerEvent: (serverCpu * 1000) / Math.max(1, ok),
    pgCpuMsPerEvent: (pgCpu * 1000) / Math.max(1, ok),
  };
}

type Ingestion = Awaited<ReturnType<typeof measureIngestion>>;
interface Result {
  target: Target;
  status: 'ok' | 'skipped' | 'failed';
  reason?: string;
  scale?: number;
  generated?: Generated;
  rows?: Row[];
  ingestion?: Ingestion;
  load?: number[];
}

async function runTarget(target: Target, end: string): Promise<Result> {
  console.log(`\n▶ ${target}`);
  const storage = await targetStorage(target, 'stats', PG_BASE, cleanups);
  if ('skip' in storage) return { target, status: 'skipped', reason: storage.skip };
  const { dataDir, url } = storage;
  try {
    const load = [loadavg()[0] ?? Number.NaN];
    const g = await prepare(target, dataDir, url, end);
    console.log(
      `  generated ${fmt(g.pageviews)} page views (scale ${SCALE[target]}) in ${fmt(g.totalMs / 1000, 1)} s: ` +
        `${Object.entries(g.rows)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}; users: ${g.distinctUsers} distinct over the year, ${g.dayUsers} summed over days`,
    );
    console.log(`  steps: ${g.steps.map((s) => `${s.step} ${fmt(s.ms / 1000, 1)} s`).join(', ')}`);

    const port = await freePort();
    const { command, args, env } = await serverCommand(
      childEnv({ DATA_DIR: dataDir, PORT: String(port), TRUST_PROXY: '1', ...(url ? { DATABASE_URL: url } : {}) }),
    );
    const since = performance.now();
    const server: Group = spawnGroup(command, args, env);
    cleanups.push(() => void stopGroup(server));
    await waitForHealth(port, { since, exited: server.exited });
    const base = `http://127.0.0.1:${port}`;
    const client = new Client(base);
    await client.login(BENCH_ADMIN.email, BENCH_ADMIN.password);

    load.push(loadavg()[0] ?? Number.NaN);
    const rows = await measureCalls(client, end, target);
    table(
      ['call', 'days', 'p50 ms', 'p95 ms', 'max ms', `p95 < ${TARGET_P95_MS[target]} ms`],
      rows.map((r) => [r.call, r.days, ms(r.http.p50), ms(r.http.p95), ms(r.http.max), r.pass ? 'PASS' : 'FAIL']),
    );
    load.push(loadavg()[0] ?? Number.NaN);
    const ingestion = await measureIngestion(port, server.child.pid as number, target);
    load.push(loadavg()[0] ?? Number.NaN);
    const pgNote =
      target === 'PostgreSQL'
        ? `, PostgreSQL processes ${fmt(ingestion.pgCpuMsPerEvent, 3)} ms (every postgres process on the machine)`
        : ' (PGlite runs inside it)';
    console.log(
      `  ingestion${ingestion.pinned ? ' (server pinned to one core)' : ' (not pinned)'}: ` +
        `${ingestion.events} page views in ${fmt(ingestion.seconds, 1)} s from ${INGEST_CLIENTS} clients = ` +
        `${fmt(ingestion.perSecond)} events/s (target ≥ ${INGEST_TARGET}: ${ingestion.perSecond >= INGEST_TARGET ? 'PASS' : 'FAIL'}); ` +
        `p50 ${ms(ingestion.latency.p50)} / p95 ${ms(ingestion.latency.p95)} ms; not 204: ${JSON.stringify(ingestion.failed)}; ` +
        `server CPU ${fmt(ingestion.cpuMsPerEvent, 2)} ms per event${pgNote}`,
    );
    console.log(
      `  load average (1 min) before generation, before the calls, before and after ingestion: ` +
        `${load.map((l) => l.toFixed(1)).join(', ')} on ${availableParallelism()} cores`,
    );
    return { target, status: 'ok', scale: SCALE[target], generated: g, rows, ingestion, load };
  } catch (err) {
    const cause = (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : undefined;
    console.error(`  FAILED: ${(err as Error).stack ?? err}${cause ? `\n  cause: ${cause}` : ''}`);
    return { target, status: 'failed', reason: cause ?? (err as Error).message };
  } finally {
    await cleanUp();
  }
}

const end = addDays(dayOf(new Date()), -1);
console.log(
  `Statistics benchmark: a year (365 days to ${end}) of roll-ups for ${VIEWS_PER_YEAR / 1e6} M page views, ` +
    `/api/stats/* over 7, 30 and 365 days, then POST /api/collect for ${INGEST_MS / 1000} s`,
);
const results: Result[] = [];
for (const target of TARGETS) results.push(await runTarget(target, end));

console.log('\nStatistics summary (p95 ms per call; 7 / 30 / 365 days):');
const ok = results.filter((r) => r.status === 'ok' && r.rows);
table(
  ['call', ...ok.map((r) => `${r.target} (< ${TARGET_P95_MS[r.target]})`)],
  CALLS.map((call) => [
    call,
    ...ok.map((r) =>
      RANGES.map((days) => {
        const row = r.rows?.find((x) => x.call === call && x.days === days);
        return row ? `${ms(row.http.p95)}${row.pass ? '' : '!'}` : '–';
      }).join(' / '),
    ),
  ]),
);
for (const r of results) {
  if (r.status !== 'ok' || !r.rows || !r.ingestion || !r.generated) {
    console.log(`  ${r.target}: ${r.status}${r.reason ? ` (${r.reason.split('\n')[0]})` : ''}`);
    continue;
  }
  const passing = r.rows.filter((x) => x.pass).length;
  console.log(
    `  ${r.target}: ${passing} of ${r.rows.length} calls PASS (p95 < ${TARGET_P95_MS[r.target]} ms; ! = FAIL), ` +
      `${fmt(r.generated.pageviews / 1e6, 2)} M views generated in ${fmt(r.generated.totalMs / 1000, 1)} s; ` +
      `ingestion ${fmt(r.ingestion.perSecond)} events/s (${r.ingestion.perSecond >= INGEST_TARGET ? 'PASS' : 'FAIL'}), ` +
      `server CPU ${fmt(r.ingestion.cpuMsPerEvent, 2)} ms/event`,
  );
}
writeResult({ stats: results });
process.exit(results.some((r) => r.status === 'failed') ? 1 : 0);
