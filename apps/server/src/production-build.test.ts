import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotFile } from './db/client.js';
import { HttpAgent, startProcess } from './test/processes.js';

// The production build (`npm run build`, scripts/build.mjs; docs/DEPLOY.md "The production build"), made in a scratch
// folder outside the repository and installed there with its production dependencies alone: nothing of the
// repository's node_modules (no tsx, no vite, no devDependencies) is within reach of its module resolution.

const ROOT = resolve(import.meta.dirname, '../../..');
const sh = (command: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 600_000 });

// One build is enough for both databases: the PostgreSQL run leaves it out.
describe.skipIf(process.env.TEST_DB === 'postgres')('the production build', () => {
  const folder = mkdtempSync(join(tmpdir(), 'backoffice-build-'));
  const dist = join(folder, 'dist');

  beforeAll(() => {
    const built = sh(process.execPath, ['scripts/build.mjs', dist], ROOT);
    expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);
    // What an operator runs in the folder (npm's cache, filled by the repository's own install, answers first).
    const installed = sh('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], dist);
    expect(installed.status, `${installed.stdout}\n${installed.stderr}`).toBe(0);
  }, 600_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('holds the bundles, the migrations and the admin, and no TypeScript or development tool', () => {
    for (const file of ['server.cjs', 'cli.cjs', 'db/migrations/0000_init.sql', 'admin/index.html', 'package.json'])
      expect(existsSync(join(dist, file)), file).toBe(true);
    // The prepared embedded database of these migrations (db/client.ts snapshotFile), which a first start loads.
    expect(readdirSync(join(dist, 'db/pglite-snapshot'))).toEqual([basename(snapshotFile())]);
    for (const tool of ['tsx', 'vite', 'typescript', 'vitest', 'esbuild'])
      expect(existsSync(join(dist, 'node_modules', tool)), tool).toBe(false);
  });

  it('starts with node alone, applies its migrations, serves the admin and the API, and stops on SIGTERM', async () => {
    const admin = { email: 'admin@example.com', password: 'build-admin-password' };
    const server = await startProcess({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }, 120_000, {
      args: ['server.cjs'],
      cwd: dist,
    });
    try {
      const page = await fetch(`${server.url}/admin/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      // Signed in, a write and its read back: the migrations ran and the bundled code answers.
      const agent = new HttpAgent();
      await agent.request(server.url, 'GET', '/sanctum/csrf-cookie');
      expect((await agent.request(server.url, 'POST', '/api/login', admin)).status).toBe(200);
      const text = {
        langs: { sk: { title: 'Zo zostavy', content: '<p>a</p>' }, en: { title: 'From the build', content: '' } },
        positions: [1],
        status: true,
      };
      const created = await agent.request(server.url, 'POST', '/api/content/text/', text);
      expect(created.status).toBe(201);
      const read = await agent.request(server.url, 'GET', `/api/content/text/${created.json.data?.id}`);
      expect(read.json.data).toMatchObject({ langs: { en: { title: 'From the build' } } });
      // The API's documentation reads the files of its package, installed beside the bundle.
      expect((await agent.request(server.url, 'GET', '/api/docs/json')).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('runs the operator commands with node alone', () => {
    const dataDir = join(folder, 'cli-data');
    const created = sh(
      process.execPath,
      [
        'cli.cjs',
        'user:create',
        '--email=ops@example.com',
        '--password=secret-1',
        '--role=1',
        '--name=O',
        '--surname=P',
      ],
      dist,
      { DATA_DIR: dataDir },
    );
    expect(created.status, `${created.stdout}\n${created.stderr}`).toBe(0);
    expect(created.stdout).toContain('ops@example.com');
  });
});
