import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// What a start says when it cannot start: one clear line on stderr and exit code 1, never a stack trace.

const MAIN = resolve(import.meta.dirname, 'main.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-start-checks-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const BASE_URL = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');

function start(env: Record<string, string>) {
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { ...run, seconds: (Date.now() - started) / 1000 };
}

describe('a start that cannot start', () => {
  it('waits DATABASE_WAIT seconds for an unreachable PostgreSQL, saying so, then gives up clearly', () => {
    const run = start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/backoffice', DATABASE_WAIT: '3' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PostgreSQL at 127.0.0.1:1/backoffice is not reachable (ECONNREFUSED');
    expect(run.stderr).toContain('gave up after 3 s (DATABASE_WAIT)');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.seconds).toBeGreaterThanOrEqual(3);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('does not wait for a database that does not exist', () => {
    const url = new URL(BASE_URL);
    url.pathname = '/backoffice_no_such_database';
    const run = start({ DATABASE_URL: url.toString(), DATABASE_WAIT: '30' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('refused the connection (3D000');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.seconds).toBeLessThan(20);
  });

  it.each([
    ['REVISIONS_KEEP', '-5'],
    ['ADMIN_DIST', '/nonexistent/admin'],
  ])('refuses %s=%s, naming it', (name, value) => {
    const run = start({ [name]: value });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${name}:`);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
