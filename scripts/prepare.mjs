#!/usr/bin/env node
// `npm ci` and `npm install` run this (the `prepare` script): what the first `npm run demo` would otherwise make
// while it starts, each only when missing or stale: the prepared embedded databases, so that a new database starts
// from one instead of creating a cluster (apps/server/src/db/client.ts, snapshotFile) and a new demo database
// instead of writing the demo's records (apps/server/src/seed/demo-cluster.ts), the server's bundle and the admin's
// build (scripts/start.mjs). With both cores busy, a fresh clone's first answer took 16 s while the bundle
// and the admin were built beside the start (bench/README.md, first-start.mjs). Without the development
// dependencies (`npm ci --omit=dev`) there is no TypeScript loader nor bundler: the production build (`npm run
// build`) makes its own.
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
const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/seed/prepare.ts'], {
  cwd: root,
  stdio: 'inherit',
});
if (run.status !== 0) process.exit(run.status ?? 1);
const { bundleServer, isAdminStale } = await import('./start.mjs');
await bundleServer();
if (isAdminStale()) {
  const admin = spawnSync('npm', ['run', 'build', '-w', 'apps/admin'], { cwd: root, stdio: 'inherit' });
  process.exit(admin.status ?? 1);
}
