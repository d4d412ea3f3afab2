import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` (scripts/start.mjs) as an operator's pidfile or `kill $!` stops it: SIGTERM to npm's own pid. npm runs
// the script through `sh -c`, and the signal ends npm and the shell only; the server must stop too.

const ROOT = resolve(import.meta.dirname, '../../..');
const folder = mkdtempSync(join(tmpdir(), 'backoffice-start-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const answers = async (url: string) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
};

async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe.skipIf(process.env.TEST_DB === 'postgres')('npm start', () => {
  it("stops the server when npm's own pid gets SIGTERM", async () => {
    // An admin of its own (ADMIN_DIST): the start builds nothing into the repository meanwhile.
    const admin = join(folder, 'admin');
    mkdirSync(admin);
    writeFileSync(join(admin, 'index.html'), '<!doctype html><div id="root"></div>');
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(folder, 'data'), ADMIN_DIST: admin },
      stdio: 'ignore',
    });
    const health = `http://127.0.0.1:${port}/api/health`;
    try {
      expect(await until(() => answers(health), 120_000)).toBe(true);
      npm.kill('SIGTERM');
      expect(await until(async () => !(await answers(health)), 30_000)).toBe(true);
    } finally {
      npm.kill('SIGKILL');
    }
  }, 180_000);
});
