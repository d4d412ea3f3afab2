#!/usr/bin/env node
// `npm test`: lint and format check, type check, unit + API tests on PGlite, the API tests again on the
// PostgreSQL server, then the end-to-end tests in Chromium. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'node_modules/.cache/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
// How long each step took, printed at the end: CI allows 90 minutes for the whole command.
const durations = [];

function run(label, cmd, args, env = {}) {
  if (only.length && !only.includes(label)) return true;
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  durations.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`);
  if (res.status !== 0) problems.push(label);
  return res.status === 0;
}

function count(file, read) {
  if (!existsSync(file)) return;
  const r = read(JSON.parse(readFileSync(file, 'utf8')));
  totals.passed += r.passed;
  totals.failed += r.failed;
  totals.skipped += r.skipped;
}
// The failed tests by name, printed again beside the summary so that the end of the log says which ones failed.
const failedNames = [];
const vitestCounts = (j) => {
  for (const file of j.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') failedNames.push(`${file.name.replace(root, '')} › ${t.fullName}`);
  return vitestTotals(j);
};
const vitestTotals = (j) => ({
  passed: j.numPassedTests,
  failed: j.numFailedTests,
  skipped: j.numPendingTests + j.numTodoTests,
});
const playwrightFailures = (suite, file = suite.file) => {
  for (const spec of suite.specs ?? [])
    if (!spec.ok) failedNames.push(`${spec.file ?? file}:${spec.line} › ${spec.title}`);
  for (const child of suite.suites ?? []) playwrightFailures(child, child.file ?? file);
};
const playwrightCounts = (j) => {
  for (const suite of j.suites ?? []) playwrightFailures(suite);
  return playwrightTotals(j);
};
const playwrightTotals = (j) => ({
  passed: j.stats.expected + j.stats.flaky,
  failed: j.stats.unexpected,
  skipped: j.stats.skipped,
});

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

run('lint', 'npx', ['biome', 'check', '.']);
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);

const unitReport = join(reports, 'vitest-pglite.json');
run('api-pglite', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]);
count(unitReport, vitestCounts);

if (!only.length || only.includes('api-postgres')) {
  if (await postgresReachable()) {
    const pgReport = join(reports, 'vitest-postgres.json');
    run(
      'api-postgres',
      'npx',
      ['vitest', 'run', 'apps/server', '--reporter=default', '--reporter=json', `--outputFile.json=${pgReport}`],
      {
        TEST_DB: 'postgres',
        TEST_DATABASE_URL: pgUrl,
      },
    );
    count(pgReport, vitestCounts);
  } else if (process.env.CI) {
    console.error(`PostgreSQL at ${pgUrl} is not reachable; CI needs it.`);
    problems.push('api-postgres');
  } else {
    console.log(`\n▶ api-postgres: skipped, PostgreSQL at ${pgUrl} is not reachable (set TEST_DATABASE_URL).`);
  }
}

if (!only.length || only.includes('e2e')) {
  run('build', 'npm', ['run', 'build', '-w', 'apps/admin']);
  const e2eReport = join(reports, 'playwright.json');
  run('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  count(e2eReport, playwrightCounts);
}

for (const name of failedNames) console.log(`✗ ${name}`);
console.log(`\nSteps: ${durations.join(', ')}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (problems.length) console.log(`Failed steps: ${problems.join(', ')}`);
process.exit(problems.length ? 1 : 0);
