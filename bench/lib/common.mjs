// Helpers shared by the benchmarks: paths, ports, child servers, the admin build, statistics, tables, results.
// Their types, for the TypeScript benchmarks, are in common.d.mts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's command as `npm start` runs it (bundled, with its node flags and allocator settings). */
export { bundleServer, serverCommand } from '../../scripts/start.mjs';

/** The repository root (the bench script runs with its cwd in bench/). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN_INDEX = join(ROOT, 'apps/admin/dist/index.html');
export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password' };

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port that is free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The environment for a child server: ours without npm's per-run variables (a workspace flag would send a nested
 * `npm run demo` to the bench workspace) and without settings that would change what is measured.
 */
export function childEnv(extra) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('npm_') || key === 'INIT_CWD') continue;
    if (['DATABASE_URL', 'SEED_DEMO', 'APP_URL', 'MEDIA_DIR', 'SESSION_SECRET', 'SMTP_URL'].includes(key)) continue;
    env[key] = value;
  }
  return { ...env, HOST: '127.0.0.1', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, ...extra };
}

/**
 * Spawns a command in its own process group (so the whole tree can be stopped) and keeps its output.
 * Returns { child, output(), exited }.
 */
export function spawnGroup(command, args, env) {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

/** Polls GET /api/health every 50 ms until it answers 200; resolves with the time that took from `since`. */
export async function waitForHealth(port, { since, limitMs = 120_000, exited }) {
  let gone = null;
  exited?.then((how) => {
    gone = how;
  });
  while (performance.now() - since < limitMs) {
    if (gone) throw new Error(`the server exited (code ${gone.code}, signal ${gone.signal}) before answering`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`GET /api/health did not answer 200 within ${limitMs / 1000} s`);
}

/** Whether a live (non-zombie) process is left in the process group. */
function groupAlive(pgid) {
  if (existsSync('/proc/self/stat')) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[2]) === pgid && fields[0] !== 'Z') return true;
      } catch {
        // the process ended while we looked
      }
    }
    return false;
  }
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the whole process group, SIGKILL after `graceMs`; resolves with the time until it was gone. */
export async function stopGroup({ child, exited }, graceMs = 15_000) {
  const start = performance.now();
  const pgid = child.pid;
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    return 0; // already gone
  }
  await Promise.race([exited, sleep(graceMs)]);
  while (groupAlive(pgid) && performance.now() - start < graceMs) await sleep(25);
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
    return Number.NaN;
  }
  return performance.now() - start;
}

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Why scripts/start.mjs would (re)build the admin before starting, or null when the build is current. */
export function adminBuildNeeded() {
  if (!existsSync(ADMIN_INDEX)) return 'apps/admin/dist/index.html is missing';
  const built = statSync(ADMIN_INDEX).mtimeMs;
  const stale = [join(ROOT, 'apps/admin/src'), join(ROOT, 'packages/shared/src')].some((d) => newestMtime(d) > built);
  return stale ? 'apps/admin/dist is older than its sources' : null;
}

/**
 * Builds the admin once (`npm run build -w apps/admin`) when it is missing or stale, so that no measurement
 * includes a build. Returns { ok, built, ms, reason }.
 */
export function ensureAdminBuilt() {
  const reason = adminBuildNeeded();
  if (!reason) return { ok: true, built: false, ms: 0, reason: null };
  console.log(`Building the admin first (${reason}); the build is not measured…`);
  const start = performance.now();
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/admin'], {
    cwd: ROOT,
    env: childEnv({}),
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 600_000,
  });
  const ms = performance.now() - start;
  if (build.status !== 0 || !existsSync(ADMIN_INDEX)) {
    const out = `${build.stdout ?? ''}${build.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    return { ok: false, built: false, ms, reason: `the admin does not build (npm run build -w apps/admin):\n${out}` };
  }
  console.log(`  built in ${(ms / 1000).toFixed(1)} s`);
  return { ok: true, built: true, ms, reason };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The nearest-rank percentile `p` (0–100) of ascending `sorted` values. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Count, p50, p95, p99 and max of latency samples. */
export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export const fmt = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '–');

/** Prints a table: first column left-aligned, the others right-aligned. */
export function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(`  ${line(header)}`);
  console.log(`  ${widths.map((w) => '─'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(`  ${line(r)}`);
}

/** Hands the headline numbers to bench/run.mjs (which sets BENCH_RESULT_FILE). */
export function writeResult(result) {
  if (process.env.BENCH_RESULT_FILE) writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(result));
}
