#!/usr/bin/env node
// `npm ci` and `npm install` run this (the `prepare` script): the prepared embedded database, so that the first
// `npm run demo` starts from it instead of creating a cluster (apps/server/src/db/client.ts, snapshotFile). Without
// the development dependencies (`npm ci --omit=dev`) there is no TypeScript loader: the production build
// (`npm run build`) makes its own.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
try {
  createRequire(import.meta.url).resolve('tsx');
} catch {
  console.error('No tsx installed: the embedded database is not prepared (npm run build prepares its own).');
  process.exit(0);
}
const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/snapshot.ts'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
