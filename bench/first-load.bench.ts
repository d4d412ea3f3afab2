// The admin's first load: every JavaScript and CSS file /admin/login fetches (gzip -9 bytes, target ≤ 150 KB) and
// Lighthouse's mobile performance score (median of 3, target ≥ 90). Reads the built admin and builds nothing: run
// `npm run build -w apps/admin` first. Run alone: `npx tsx bench/first-load.bench.ts` from the repository root.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import {
  ADMIN_INDEX,
  childEnv,
  fmt,
  freePort,
  type Group,
  median,
  spawnGroup,
  stopGroup,
  table,
  waitForHealth,
  writeResult,
} from './lib/common.mjs';

const ROUTE = '/admin/login';
const TARGET_KB = 150; // gzip -9 of the route's JS and CSS, 1 KB = 1024 bytes
const TARGET_SCORE = 90; // Lighthouse mobile performance
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = '/usr/bin/chromium';

interface LoadedFile {
  path: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
}

interface LighthouseRun {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
}

console.log(`First-load benchmark: what ${ROUTE} fetches (gzip -9) and Lighthouse's mobile performance score`);

// ADMIN_DIST (read by the server too) measures another build, such as an older release's beside this one.
const adminDist = process.env.ADMIN_DIST ? resolve(process.env.ADMIN_DIST) : dirname(ADMIN_INDEX);
if (!existsSync(join(adminDist, 'index.html'))) {
  const reason = `the built admin is missing (${adminDist}/index.html): run \`npm run build -w apps/admin\` first`;
  console.log(`SKIPPED: ${reason}`);
  writeResult({ firstLoad: { status: 'skipped', reason } });
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-bench-first-load-'));
let server: Group | null = null;
let browser: Browser | null = null;
const cleanup = async () => {
  await browser?.close().catch(() => {});
  browser = null;
  if (server) await stopGroup(server);
  server = null;
  rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping…`);
    void cleanup().finally(() => process.exit(130));
  });
}

const kb = (bytes: number) => fmt(bytes / 1024, 1);

/** Every JS and CSS response of one cold load of the route, until the network is idle. */
async function fetchedFiles(origin: string): Promise<{ files: LoadedFile[]; loginForm: boolean }> {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await (await browser.newContext()).newPage();
  const responses = new Map<string, { kind: 'js' | 'css'; body: Promise<Buffer> }>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : null;
    if (kind && !responses.has(response.url())) responses.set(response.url(), { kind, body: response.body() });
  });
  await page.goto(origin + ROUTE, { waitUntil: 'networkidle', timeout: 60_000 });
  const loginForm = await page
    .getByTestId('login-submit')
    .waitFor({ timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  const files: LoadedFile[] = [];
  for (const [url, { kind, body }] of responses) {
    const bytes = await body;
    files.push({ path: new URL(url).pathname, kind, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  await browser.close();
  browser = null;
  return { files: files.sort((a, b) => b.gzip - a.gzip), loginForm };
}

type LighthouseFn = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<
  | {
      lhr: { categories: { performance: { score: number | null } }; audits: Record<string, { numericValue?: number }> };
    }
  | undefined
>;
interface ChromeLauncher {
  launch(opts: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }>;
}

/**
 * Lighthouse (12, the last release that runs on Node 20) and its Chrome launcher, dev dependencies of this
 * workspace; null when an install left them out (`npm ci --omit=dev`).
 */
async function loadLighthouse(): Promise<{ lighthouse: LighthouseFn; launcher: ChromeLauncher } | null> {
  try {
    return {
      lighthouse: (await import('lighthouse')).default as LighthouseFn,
      launcher: (await import('chrome-launcher')) as ChromeLauncher,
    };
  } catch {
    return null;
  }
}

/** One Lighthouse run in its default mobile profile (simulated slow 4G, 4× CPU), performance only. */
async function lighthouseRun(tools: NonNullable<Awaited<ReturnType<typeof loadLighthouse>>>, url: string) {
  const chrome = await tools.launcher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await tools.lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const audit = (id: string) => result.lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      fcpMs: audit('first-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    } satisfies LighthouseRun;
  } finally {
    await chrome.kill();
  }
}

let exitCode = 0;
const summary: Record<string, unknown> = { status: 'failed' };
try {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  server = spawnGroup(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    childEnv({ DATA_DIR: dataDir, PORT: String(port), APP_URL: origin, LOG_LEVEL: 'warn', ADMIN_DIST: adminDist }),
  );
  await waitForHealth(port, { since: performance.now(), exited: server.exited });

  const { files, loginForm } = await fetchedFiles(origin);
  const sum = (list: LoadedFile[], key: 'raw' | 'gzip') => list.reduce((s, f) => s + f[key], 0);
  const js = files.filter((f) => f.kind === 'js');
  const css = files.filter((f) => f.kind === 'css');
  console.log(
    `${ROUTE}: login form ${loginForm ? 'shown' : 'NOT seen'}, ${js.length} JS and ${css.length} CSS file(s)`,
  );
  table(
    ['file', 'raw KB', 'gzip -9 KB'],
    [
      ...files.map((f) => [f.path, kb(f.raw), kb(f.gzip)]),
      ['JavaScript', kb(sum(js, 'raw')), kb(sum(js, 'gzip'))],
      ['CSS', kb(sum(css, 'raw')), kb(sum(css, 'gzip'))],
      ['total', kb(sum(files, 'raw')), kb(sum(files, 'gzip'))],
    ],
  );
  const gzipKb = sum(files, 'gzip') / 1024;
  const sizePass = gzipKb <= TARGET_KB;
  console.log(
    `\n${ROUTE} JS + CSS: ${fmt(gzipKb, 1)} KB gzip (target ≤ ${TARGET_KB} KB): ${sizePass ? 'PASS' : 'FAIL'}`,
  );
  if (!loginForm) exitCode = 1;
  Object.assign(summary, {
    status: 'ok',
    files: files.length,
    jsKb: sum(js, 'gzip') / 1024,
    cssKb: sum(css, 'gzip') / 1024,
    gzipKb,
    targetKb: TARGET_KB,
    sizePass,
  });

  const tools = await loadLighthouse();
  if (!tools) {
    console.log('\nLighthouse: not measured (not installed: `npm ci` installs it with the bench workspace)');
    summary.lighthouse = { status: 'skipped', reason: 'lighthouse is not installed' };
  } else {
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(tools, origin + ROUTE));
    table(
      ['run', 'score', 'LCP ms', 'FCP ms', 'TBT ms', 'CLS'],
      runs.map((r, i) => [String(i + 1), String(r.score), fmt(r.lcpMs), fmt(r.fcpMs), fmt(r.tbtMs), fmt(r.cls, 3)]),
    );
    const score = median(runs.map((r) => r.score));
    const lcpMs = median(runs.map((r) => r.lcpMs));
    const pass = score >= TARGET_SCORE;
    console.log(
      `\nLighthouse mobile performance, median of ${RUNS}: ${score} (LCP ${fmt(lcpMs)} ms; target ≥ ${TARGET_SCORE}): ${pass ? 'PASS' : 'FAIL'}`,
    );
    summary.lighthouse = { status: 'ok', score, lcpMs, runs, targetScore: TARGET_SCORE, pass };
  }
} catch (err) {
  console.error(`FAILED: ${err instanceof Error ? err.message : String(err)}`);
  const out = server?.output().trim().split('\n').slice(-20).join('\n');
  if (out) console.error(`--- server output ---\n${out}`);
  exitCode = 1;
} finally {
  await cleanup();
}
writeResult({ firstLoad: summary });
process.exit(exitCode);
