// Cold start and warm restarts of `npm run demo`: from spawn until GET /api/health answers 200.
// Run alone: `node bench/startup.mjs` from the repository root.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminBuildNeeded,
  bundleServer,
  childEnv,
  ensureAdminBuilt,
  fmt,
  freePort,
  median,
  spawnGroup,
  stopGroup,
  table,
  waitForHealth,
  writeResult,
} from './lib/common.mjs';

const WARM_RUNS = 3;
const LIMIT_MS = 120_000;

console.log('Start-up benchmark: `npm run demo` from spawn until GET /api/health answers 200 (polled every 50 ms)');

const admin = ensureAdminBuilt();
if (!admin.ok) {
  console.log(`SKIPPED: ${admin.reason}`);
  writeResult({ startup: { status: 'skipped', reason: 'the admin does not build' } });
  process.exit(1);
}
console.log(
  admin.built
    ? `The admin was built before measuring (${fmt(admin.ms / 1000, 1)} s, not counted).`
    : 'The admin was already built; no build time is counted.',
);

// `npm run demo` bundles the server when its sources changed; that is done here, not counted either.
if (await bundleServer()) console.log('The server was bundled before measuring (not counted).');

const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-bench-startup-'));
let running = null;
const cleanup = async () => {
  if (running) await stopGroup(running);
  running = null;
  rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server…`);
    cleanup().finally(() => process.exit(130));
  });
}

/** One start: spawn → health 200, then stop. */
async function startOnce(label) {
  const port = await freePort();
  const stale = adminBuildNeeded();
  const since = performance.now();
  running = spawnGroup('npm', ['run', 'demo'], childEnv({ DATA_DIR: dataDir, PORT: String(port) }));
  try {
    const ms = await waitForHealth(port, { since, limitMs: LIMIT_MS, exited: running.exited });
    const out = running.output();
    const ready = /ready in (\d+) ms/.exec(out);
    const rebuilt = out.includes('Building the admin');
    const stopMs = await stopGroup(running);
    running = null;
    return { label, ms, serverMs: ready ? Number(ready[1]) : Number.NaN, stopMs, rebuilt: rebuilt || Boolean(stale) };
  } catch (err) {
    const out = running.output().trim().split('\n').slice(-20).join('\n');
    await stopGroup(running);
    running = null;
    throw new Error(`${label}: ${err.message}\n--- server output ---\n${out}`);
  }
}

let exitCode = 0;
const runs = [];
try {
  console.log(`DATA_DIR ${dataDir} (empty), HOST 127.0.0.1, a free port per start`);
  runs.push(await startOnce('cold (empty DATA_DIR)'));
  for (let i = 1; i <= WARM_RUNS; i++) runs.push(await startOnce(`warm restart ${i}`));
} catch (err) {
  console.error(`FAILED: ${err.message}`);
  exitCode = 1;
} finally {
  await cleanup();
}

if (runs.length) {
  console.log('');
  table(
    ['run', 'spawn → health ms', 'server "ready in" ms', 'stop ms'],
    runs.map((r) => [`${r.label}${r.rebuilt ? ' *' : ''}`, fmt(r.ms), fmt(r.serverMs), fmt(r.stopMs)]),
  );
  if (runs.some((r) => r.rebuilt))
    console.log(
      '  * the admin was rebuilt during this start (its sources changed meanwhile): the time includes a build',
    );
  console.log(
    '  spawn → health includes npm, scripts/start.mjs and tsx start-up; "ready in" is what the server logs itself.',
  );
}
const cold = runs[0]?.ms ?? Number.NaN;
const warm = runs.slice(1).map((r) => r.ms);
if (warm.length)
  console.log(`\nCold start ${fmt(cold)} ms; warm restart median of ${warm.length}: ${fmt(median(warm))} ms`);
writeResult({
  startup: {
    status: exitCode === 0 ? 'ok' : 'failed',
    coldMs: cold,
    warmMs: warm,
    warmMedianMs: median(warm),
    rebuilt: runs.some((r) => r.rebuilt),
  },
});
process.exit(exitCode);
