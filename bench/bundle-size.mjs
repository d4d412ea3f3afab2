// The JavaScript a browser downloads for /admin/login, raw and gzipped (zlib level 9), against the 150 KB gzip target
// (docs/features/admin-ui.md "First load"; bench/first-load.bench.ts measures the same route with its CSS).
// Run alone: `node bench/bundle-size.mjs` from the repository root. Exits 0 on PASS and on FAIL; 1 if it cannot run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  childEnv,
  ensureAdminBuilt,
  fmt,
  freePort,
  spawnGroup,
  stopGroup,
  table,
  waitForHealth,
  writeResult,
} from './lib/common.mjs';

const TARGET_KB = 150; // gzip, 1 KB = 1024 bytes
const ROUTE = '/admin/login';

console.log(`Bundle-size benchmark: JavaScript loaded by ${ROUTE} in headless Chromium, gzip -9`);

const admin = ensureAdminBuilt();
if (!admin.ok) {
  console.log(`SKIPPED: ${admin.reason}`);
  writeResult({ bundle: { status: 'skipped', reason: 'the admin does not build' } });
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-bench-bundle-'));
let server = null;
let browser = null;
const cleanup = async () => {
  await browser?.close().catch(() => {});
  browser = null;
  if (server) await stopGroup(server);
  server = null;
  rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping…`);
    cleanup().finally(() => process.exit(130));
  });
}

const kb = (bytes) => fmt(bytes / 1024, 1);

async function measure() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  server = spawnGroup(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    childEnv({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' }),
  );
  await waitForHealth(port, { since: performance.now(), exited: server.exited });

  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext();
  // Only the local server: anything else (fonts, analytics, …) is refused and reported.
  const blocked = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    blocked.push(url.href);
    return route.abort();
  });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    const isJs = response.request().resourceType() === 'script' || /javascript|ecmascript/.test(type);
    if (isJs && !scripts.has(response.url())) scripts.set(response.url(), response);
  });
  const document = await page.goto(origin + ROUTE, { waitUntil: 'networkidle', timeout: 60_000 });
  const loginForm = await page
    .locator('input[type="password"]')
    .first()
    .waitFor({ timeout: 10_000 })
    .then(() => true)
    .catch(() => false);

  const files = [];
  for (const [url, response] of scripts) {
    let body;
    try {
      body = await response.body();
    } catch {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      body = Buffer.from(await res.arrayBuffer());
    }
    files.push({
      path: new URL(url).pathname,
      status: response.status(),
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  return { document: document?.status() ?? null, loginForm, files, blocked };
}

let exitCode = 0;
let result = null;
try {
  result = await measure();
} catch (err) {
  console.error(`FAILED: ${err.message}`);
  const out = server?.output().trim().split('\n').slice(-20).join('\n');
  if (out) console.error(`--- server output ---\n${out}`);
  exitCode = 1;
} finally {
  await cleanup();
}

if (result) {
  const { files, blocked } = result;
  const raw = files.reduce((s, f) => s + f.raw, 0);
  const gzip = files.reduce((s, f) => s + f.gzip, 0);
  console.log(
    `${ROUTE}: document ${result.document ?? 'no response'}, login form ${result.loginForm ? 'shown' : 'NOT seen'}, ` +
      `${files.length} JavaScript file(s) after network idle`,
  );
  table(
    ['file', 'status', 'raw KB', 'gzip -9 KB'],
    [...files.map((f) => [f.path, String(f.status), kb(f.raw), kb(f.gzip)]), ['total', '', kb(raw), kb(gzip)]],
  );
  if (blocked.length) console.log(`  refused ${blocked.length} request(s) to other hosts: ${blocked.join(', ')}`);
  if (files.length === 0) {
    console.log('  no JavaScript was loaded: is the admin served at /admin? (nothing to compare)');
    exitCode = 1;
  } else {
    const pass = gzip <= TARGET_KB * 1024;
    console.log(`\nLogin route JS: ${kb(gzip)} KB gzip (target ≤ ${TARGET_KB} KB): ${pass ? 'PASS' : 'FAIL'}`);
  }
  writeResult({
    bundle: {
      status: files.length ? 'ok' : 'failed',
      files: files.length,
      rawKb: raw / 1024,
      gzipKb: gzip / 1024,
      targetKb: TARGET_KB,
      pass: gzip <= TARGET_KB * 1024,
    },
  });
} else {
  writeResult({ bundle: { status: 'failed' } });
}
process.exit(exitCode);
