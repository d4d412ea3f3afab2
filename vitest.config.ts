import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two workers on CI's two cores: many files wait on child processes and the database (15 → 11 min on PGlite).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit-api',
          include: [
            'packages/**/*.test.ts',
            'apps/server/**/*.test.ts',
            'apps/admin/**/*.test.ts',
            'bench/lib/*.test.ts',
          ],
          setupFiles: ['./apps/server/src/test/one-query-at-a-time.ts'],
        },
      },
      {
        // The admin's components, rendered in jsdom with the app's providers.
        extends: true,
        test: {
          name: 'admin-dom',
          include: ['apps/admin/**/*.test.tsx'],
          environment: './apps/admin/src/test/environment.ts',
          setupFiles: ['./apps/admin/src/test/setup.ts'],
          // One jsdom and one module cache per worker: loading antd again for every file doubled the suite's time.
          // Each test starts clean all the same (setup.ts: unmount, no notification, no stubs, address '/').
          isolate: false,
        },
      },
    ],
  },
});
