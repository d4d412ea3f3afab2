import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const ADMIN_SOURCES = 'apps/admin/src';
/** The admin's test files that replace a module with `vi.mock`, found by reading them. */
const root = dirname(fileURLToPath(import.meta.url));
const MOCKING_MODULES = readdirSync(join(root, ADMIN_SOURCES), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.tsx'))
  .map((file) => join(ADMIN_SOURCES, file))
  .filter((file) => readFileSync(join(root, file), 'utf8').includes('vi.mock('));

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
          exclude: [...configDefaults.exclude, ...MOCKING_MODULES],
          environment: './apps/admin/src/test/environment.ts',
          setupFiles: ['./apps/admin/src/test/setup.ts'],
          // One jsdom and one module cache per worker: loading antd again for every file doubled the suite's time.
          // Each test starts clean all the same (setup.ts: unmount, no notification, no stubs, address '/', signed
          // out).
          isolate: false,
        },
      },
      {
        // The admin's tests that replace a module (`vi.mock`): each file with its own module cache, since a module
        // another file loaded first keeps what it loaded (the sign-in rules of useAuthSchemas.ts, once there, made
        // LoginScreen.test's "before the rules have loaded" impossible when a sign-in test of the same worker ran
        // before it).
        extends: true,
        test: {
          name: 'admin-dom-mocks',
          include: MOCKING_MODULES,
          environment: './apps/admin/src/test/environment.ts',
          setupFiles: ['./apps/admin/src/test/setup.ts'],
        },
      },
    ],
  },
});
