import { defineConfig } from '@playwright/test';
import { E2E, SERVERS } from './env.js';

/**
 * The specs of the first server; every other spec (a new one too) runs on the second. The two halves take about
 * the same time (about 22 minutes each here; a11y alone ten), and each server starts from its own fresh demo
 * database, so neither half sees what the other writes.
 */
const FIRST_SERVER_SPECS = [
  'a11y',
  'categories',
  'extras',
  'failures',
  'integrations',
  'mail-settings',
  'small-screens',
  'texts',
].map((name) => `**/${name}.spec.ts`);

/**
 * End-to-end tests in Debian's Chromium against two servers, each on a fresh data directory: one project per
 * server, run side by side by two workers (the specs of one project one after another, in file order). Two halves
 * at once took 22.9 minutes here against 34 for one after the other.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One results directory per port: two runs on different E2E_PORTs do not clear each other's traces.
  outputDir: `../node_modules/.cache/e2e-results-${SERVERS[0].port}`,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  use: {
    locale: 'sk-SK',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // One worker per server: the specs of one server change what the others of it see (a policy, a user's sessions),
  // so they never run at the same time.
  projects: [
    { name: 'server-1', workers: 1, testMatch: FIRST_SERVER_SPECS, use: { baseURL: SERVERS[0].baseUrl } },
    { name: 'server-2', workers: 1, testIgnore: FIRST_SERVER_SPECS, use: { baseURL: SERVERS[1].baseUrl } },
  ],
  webServer: SERVERS.map((server) => ({
    command: `rm -rf ${server.dataDir} && node --import tsx apps/server/src/main.ts`,
    cwd: '..',
    url: `${server.baseUrl}/api/health`,
    // The server counts as started once it answers; the demo's traffic is written by a job a few seconds later
    // (stats.spec.ts waits for it). A `wait` on the output would not help: Playwright takes whichever comes first.
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(server.port),
      DATA_DIR: server.dataDir,
      APP_URL: server.baseUrl,
      ADMIN_EMAIL: E2E.admin.email,
      ADMIN_PASSWORD: E2E.admin.password,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // The webhook spec's receiver listens on 127.0.0.1, an address a webhook may not reach otherwise.
      WEBHOOKS_ALLOW_PRIVATE: '1',
      // The demo's image renditions (about a minute of AVIF encoding on one core) would compete with the specs for
      // the CPU; the server's tests and the Lighthouse bench cover them.
      IMAGE_RENDITIONS: '0',
    },
  })),
});
