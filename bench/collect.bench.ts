// The collector's throughput with 1 and 3 server processes on one PostgreSQL database: events/s and the latency of
// POST /api/collect, whose 204 now waits for the commit of the batch that holds the beacon (group commit), and
// afterwards a check that every acknowledged beacon is stored.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  childEnv,
  fmt,
  freePort,
  type Group,
  serverCommand,
  spawnGroup,
  stats,
  stopGroup,
  table,
  waitForHealth,
  writeResult,
} from './lib/common.mjs';
import { cleanUpOnExit, postBeacon, scratchDatabase } from './lib/scratch.js';

const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = Number(process.env.BENCH_COLLECT_CLIENTS ?? 32);
const MEASURE_MS = Number(process.env.BENCH_COLLECT_MS ?? 10_000);
const WARMUP_MS = 3_000;
const PROCESSES = [1, 3];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
];

const { cleanups, cleanUp } = cleanUpOnExit();

/** Starts `n` servers on the database (one after another: the first migrates), each with its own DATA_DIR. */
async function startServers(n: number, url: string, secret: string) {
  const servers: { port: number; group: Group }[] = [];
  for (let i = 0; i < n; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-bench-collect-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const { command, args, env } = await serverCommand(
      childEnv({ DATA_DIR: dataDir, PORT: String(port), TRUST_PROXY: '1', DATABASE_URL: url, SESSION_SECRET: secret }),
    );
    const since = performance.now();
    const group = spawnGroup(command, args, env);
    cleanups.push(() => void stopGroup(group));
    await waitForHealth(port, { since, exited: group.exited });
    servers.push({ port, group });
  }
  return servers;
}

/** `CLIENTS` clients posting page views round-robin over the servers, each beacon from its own address. */
async function measure(ports: number[], run: string) {
  const agents = ports.map(() => new Agent({ keepAlive: true, maxSockets: CLIENTS }));
  let sent = 0;
  let ok = 0;
  let acknowledged = 0;
  const failures = new Map<string, number>();
  const latencies: number[] = [];
  const burst = (deadline: number, measured: boolean) => {
    const worker = async () => {
      while (performance.now() < deadline) {
        const n = sent++;
        const ip = `${81 + ((n >>> 16) % 120)}.${(n >>> 8) & 255}.${n & 255}.${1 + (n % 250)}`;
        const body = JSON.stringify({
          type: 'view',
          visitor: `${run}-visitor-${(n * 7919) % 20_000}`,
          view: `${run}-${n}-${randomBytes(4).toString('hex')}`,
          path: `/${n % 2 ? 'sk' : 'en'}/page-${1 + ((n * 104729) % 200)}`,
          referrer: n % 3 === 0 ? `https://www.google.com/search?q=word+${n % 50}` : '',
          language: n % 2 ? 'sk' : 'en-gb',
          screen: '1920x1080',
        });
        const i = n % ports.length;
        const t = performance.now();
        let status: number | string;
        try {
          status = await postBeacon(
            agents[i] as Agent,
            ports[i] as number,
            {
              'content-type': 'text/plain',
              'content-length': String(Buffer.byteLength(body)),
              'x-forwarded-for': ip,
              'user-agent': AGENTS[n % AGENTS.length] as string,
            },
            body,
          );
        } catch (err) {
          status = (err as Error).message;
        }
        if (status === 204) acknowledged++;
        if (!measured) continue;
        latencies.push(performance.now() - t);
        if (status === 204) ok++;
        else failures.set(String(status), (failures.get(String(status)) ?? 0) + 1);
      }
    };
    return Promise.all(Array.from({ length: CLIENTS }, worker));
  };
  await burst(performance.now() + WARMUP_MS, false);
  const start = performance.now();
  await burst(start + MEASURE_MS, true);
  const seconds = (performance.now() - start) / 1000;
  for (const agent of agents) agent.destroy();
  return {
    events: ok,
    acknowledged,
    perSecond: ok / seconds,
    latency: stats(latencies),
    failed: Object.fromEntries(failures),
    seconds,
  };
}

/** Page views stored for a run: every one answered 204 must be there (the warm-up's too). */
async function storedOf(url: string, run: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query('select count(*)::int as n from analytics_pageviews where view_key like $1', [
      `${run}-%`,
    ]);
    return Number(res.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

console.log(
  `Collector: POST /api/collect from ${CLIENTS} clients for ${MEASURE_MS / 1000} s (after ${WARMUP_MS / 1000} s warm-up) ` +
    `with ${PROCESSES.join(' and ')} server processes on one PostgreSQL database, ${availableParallelism()} cores`,
);
const results: Record<string, unknown>[] = [];
let failed = false;
try {
  for (const n of PROCESSES) {
    const db = await scratchDatabase(PG_BASE, cleanups);
    if ('skip' in db) {
      console.log(`  skipped: ${db.skip}`);
      writeResult({ collect: { status: 'skipped', reason: db.skip } });
      process.exit(0);
    }
    const servers = await startServers(n, db.url, randomBytes(32).toString('hex'));
    const load = loadavg()[0] ?? Number.NaN;
    const run = `p${n}`;
    // Every acknowledged beacon, warm-up included, is counted by the clients: compare with the database after.
    const m = await measure(
      servers.map((s) => s.port),
      run,
    );
    for (const s of servers) await stopGroup(s.group);
    const stored = await storedOf(db.url, run);
    results.push({ processes: n, ...m, stored, load });
    console.log(
      `  ${n} process${n > 1 ? 'es' : ''}: ${fmt(m.perSecond)} events/s, p50 ${fmt(m.latency.p50, 1)} / p95 ${fmt(m.latency.p95, 1)} / ` +
        `max ${fmt(m.latency.max, 1)} ms; not 204: ${JSON.stringify(m.failed)}; acknowledged ${m.acknowledged} (warm-up included), stored ${stored}; load ${load.toFixed(1)}`,
    );
    await cleanUp();
  }
  table(
    ['processes', 'events/s', 'p50 ms', 'p95 ms', 'max ms', 'not 204'],
    results.map((r) => {
      const latency = r.latency as ReturnType<typeof stats>;
      return [
        String(r.processes),
        fmt(r.perSecond as number),
        fmt(latency.p50, 1),
        fmt(latency.p95, 1),
        fmt(latency.max, 1),
        JSON.stringify(r.failed),
      ];
    }),
  );
  writeResult({ collect: { status: 'ok', results } });
} catch (err) {
  failed = true;
  console.error(`  FAILED: ${(err as Error).stack ?? err}`);
  writeResult({ collect: { status: 'failed', reason: (err as Error).message } });
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
