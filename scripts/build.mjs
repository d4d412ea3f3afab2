#!/usr/bin/env node
// `npm run build`: the production build (docs/DEPLOY.md "The production build"). One folder, `dist/` (or the
// folder given as the first argument), that runs with node and its own production dependencies alone:
//
//   server.cjs, cli.cjs   the server and the operator's commands, each one bundle of apps/server/src and
//                         packages/shared with the packages they import, but those in package.json below
//   db/migrations/        the migrations the server applies at start
//   db/pglite-snapshot/   the prepared embedded database a first start loads (apps/server/src/db/client.ts)
//   admin/                the admin's built files
//   package.json,         the packages the bundles leave external (native code, WebAssembly, files read beside
//   package-lock.json     their own), locked to the versions the repository's lock file holds
//
// Then `cd dist && npm ci --omit=dev` and `node server.cjs`.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, EXTERNAL_PACKAGES } from './start.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = resolve(process.argv[2] ?? join(root, 'dist'));

/**
 * Packages left out of the production bundles beside EXTERNAL_PACKAGES: those that read files beside their own (the
 * API docs' pages and their package.json) or start workers from them (pino's transports). In development their
 * paths are written into the bundle (start.mjs PACKAGES_READING_BESIDE); a moved folder needs them installed.
 */
const PRODUCTION_EXTERNAL = ['@fastify/swagger', '@fastify/swagger-ui', 'pino'];

/** The installed packages the production folder needs, by name: each external package a bundle can require. */
const DEPENDENCIES = [
  '@electric-sql/pglite',
  'sharp',
  '@aws-sdk/client-s3',
  'nodemailer',
  'sanitize-html',
  'i18n-iso-countries',
  'fast-geoip',
  ...PRODUCTION_EXTERNAL,
];

/**
 * The production folder's lock file: the entries of the repository's lock file that `names` need, found as node
 * finds them (a package's own node_modules first, then each folder above it), with their dependencies and optional
 * dependencies (every platform's prebuilt binaries of sharp, so `npm ci` picks the one its machine needs). Every
 * path stays as the repository's lock file has it, so the versions installed are exactly those tested here.
 */
function productionLock(names) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const entries = lock.packages;
  const kept = {};
  const found = (from, name) => {
    for (let at = from; ; at = at.slice(0, at.lastIndexOf('/node_modules/'))) {
      const path = `${at ? `${at}/` : ''}node_modules/${name}`;
      if (entries[path]) return path;
      if (!at.includes('/node_modules/')) return at === '' ? undefined : found('', name);
    }
  };
  const keep = (path) => {
    if (kept[path]) return;
    const { dev: _dev, devOptional: _devOptional, ...entry } = entries[path];
    kept[path] = entry;
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const dependency = found(path, name);
      if (dependency) keep(dependency);
      else if (!entry.optionalDependencies?.[name]) throw new Error(`${path} needs ${name}, not in package-lock.json`);
    }
  };
  for (const name of names) {
    const path = found('', name);
    if (!path) throw new Error(`${name} is not in package-lock.json`);
    keep(path);
  }
  const dependencies = Object.fromEntries(names.map((name) => [name, entries[found('', name)].version]));
  return { dependencies, lock: { ...lock, packages: { '': { dependencies }, ...kept } } };
}

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit code ${result.status})`);
}

async function main() {
  const started = performance.now();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  // Straight into the folder: apps/admin/dist, which `npm start` and the tests serve, is left as it is.
  console.log('Building the admin…');
  const admin = join(root, 'apps/admin');
  run('npx', ['vite', 'build', '--outDir', join(out, 'admin'), '--emptyOutDir', '--logLevel', 'warn'], admin);
  run(process.execPath, [join(root, 'scripts/precompress.mjs'), join(out, 'admin')]);

  console.log('Bundling the server and the CLI…');
  // The admin's files lie beside the bundle unless ADMIN_DIST says otherwise.
  const banner = 'process.env.ADMIN_DIST ??= require("node:path").join(__dirname, "admin");';
  const server = join(root, 'apps/server/src');
  for (const [entry, name] of [
    ['main.ts', 'server.cjs'],
    ['cli.ts', 'cli.cjs'],
  ]) {
    await bundle({
      entry: join(server, entry),
      outfile: join(out, name),
      production: true,
      external: PRODUCTION_EXTERNAL,
      banner,
    });
  }
  cpSync(join(server, 'db/migrations'), join(out, 'db/migrations'), { recursive: true });
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', join(server, 'db/snapshot.ts')], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (prepared.status !== 0) throw new Error('preparing the embedded database failed');
  const snapshot = prepared.stdout.trim();
  mkdirSync(join(out, 'db/pglite-snapshot'));
  cpSync(snapshot, join(out, 'db/pglite-snapshot', basename(snapshot)));

  const unknown = EXTERNAL_PACKAGES.filter(
    (name) => !name.includes('*') && name !== 'pg-native' && !DEPENDENCIES.includes(name),
  );
  if (unknown.length > 0) throw new Error(`external packages missing from the production dependencies: ${unknown}`);
  const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const { dependencies, lock } = productionLock(DEPENDENCIES);
  const manifest = {
    name: 'backoffice',
    version: rootPackage.version ?? '0.0.0',
    private: true,
    description: 'The back office, production build: node server.cjs (docs/DEPLOY.md)',
    engines: rootPackage.engines ?? { node: '>=20' },
    scripts: { start: 'node server.cjs', cli: 'node cli.cjs' },
    dependencies,
  };
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  lock.name = manifest.name;
  lock.version = manifest.version;
  lock.packages[''] = { name: manifest.name, version: manifest.version, dependencies };
  writeFileSync(join(out, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  if (!existsSync(join(out, 'admin/index.html'))) throw new Error('the admin build left no index.html');
  console.log(`Built ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  console.log(`Run it: cd ${out} && npm ci --omit=dev && node server.cjs`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
