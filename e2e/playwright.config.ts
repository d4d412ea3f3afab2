import { defineConfig } from '@playwright/test';
import { E2E } from './env.js';

/** End-to-end tests in Debian's Chromium against a server on a fresh data directory. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One results directory per port: two runs on different E2E_PORTs do not clear each other's traces.
  outputDir: `../node_modules/.cache/e2e-results-${E2E.port}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: E2E.baseUrl,
    locale: 'sk-SK',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${E2E.dataDir} && node --import tsx apps/server/src/main.ts`,
    cwd: '..',
    url: `${E2E.baseUrl}/api/health`,
    // The demo's traffic is written by a job once the server answers; the statistics specs read it.
    wait: { stdout: /Demo: \d+ days of traffic/ },
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E.port),
      DATA_DIR: E2E.dataDir,
      APP_URL: E2E.baseUrl,
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
  },
});
