#!/usr/bin/env node
// `npm start` / `npm run demo`: bundles the server when it is older than its sources and runs it with the memory
// settings below; an admin missing or older than its sources is built meanwhile (the server answers /admin with a
// page that reloads itself until the build is there), so a first start does not wait for the build.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The newest modification time of a file, or of the files under a folder; 0 when it does not exist. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const olderThan = (file, paths) =>
  !existsSync(file) || paths.some((path) => newestMtime(path) > statSync(file).mtimeMs);

/** The server as one CommonJS file: node runs it without a TypeScript loader (tsx alone holds about 80 MB). */
export const SERVER_BUNDLE = join(root, 'apps/server/dist/server.cjs');
/** What node runs: the bundle, compiled with V8's code cache (scripts/server-loader.cjs). */
export const SERVER_LOADER = join(root, 'scripts/server-loader.cjs');
/**
 * What the bundle is made of: the sources, the installed packages (npm rewrites its lock file on every install), and
 * this file's way of bundling them.
 */
const SERVER_SOURCES = [
  fileURLToPath(import.meta.url),
  join(root, 'apps/server/src'),
  join(root, 'packages/shared/src'),
  join(root, 'package-lock.json'),
  join(root, 'node_modules/.package-lock.json'),
];

/**
 * Packages the bundle leaves in node_modules: those that load WebAssembly or native code from beside their own
 * (PGlite, sharp), pg's optional native driver, and those the server loads only on first use through
 * `createRequire` (the AWS SDK, nodemailer, sanitize-html, the countries' names, the GeoIP data). A name covers its
 * subpaths.
 */
export const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  'sharp',
  'pg-native',
  '@aws-sdk/*',
  'nodemailer',
  'sanitize-html',
  'i18n-iso-countries',
  'fast-geoip',
];

/**
 * Bundled packages that read files beside their own (the API docs' pages and @fastify/swagger's package.json) or
 * start workers from them (pino's transports): their `__dirname` and `__filename` keep naming their own files.
 * Bundled, they are compiled with the rest from V8's code cache; required from node_modules, resolving, reading and
 * compiling them took about 0.1 s of every start.
 */
export const PACKAGES_READING_BESIDE =
  /\/node_modules\/(@fastify\/swagger|@fastify\/swagger-ui|pino|thread-stream)\/.*\.c?js$/;

/**
 * Node's flags for the server: V8's young generation at 8 MB a half instead of 16 (uploads churn through 2 MB
 * chunks and their copies; about 15 MB less resident, idle and at peak). Stack traces point into the TypeScript
 * sources without `--enable-source-maps` (scripts/server-loader.cjs reads the source map on the first trace;
 * the flag read it on every start, about 40 ms).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

/**
 * Added for the embedded PGlite (no DATABASE_URL), whose Postgres shares the process: a young generation of 1 MB a
 * half (overriding the 8 above) and the old generation grown by 20 % at a time, so the 2 MB upload chunks and their
 * copies are collected sooner. The peak of bench/upload.bench.ts fell from about 300 to 280 MB; the collector's CPU
 * per beacon rose from about 0.28 to 0.35 ms. `--optimize-for-size` went lower still (about 275 MB) but doubled
 * PGlite's CPU per beacon, as it keeps Postgres's WebAssembly off V8's optimising tier. PostgreSQL stays under its
 * memory target without either. Postgres's WebAssembly functions are compiled by the optimising tier only after ten
 * times V8's default budget of work: with the default, a warm start had the optimising compiler busy with hundreds of
 * functions that run only while Postgres starts, about 0.4 s of CPU (1.55–2.2 s → 1.0–1.3 s, four starts each at
 * load 6); 400 list and count queries afterwards took 1.1 s instead of 1.35–1.4 s, and the next 400 the same time.
 */
export const PGLITE_NODE_FLAGS = [
  '--max-semi-space-size=1',
  '--heap-growing-percent=20',
  '--wasm-tiering-budget=18000000',
];

/**
 * glibc's allocator for the server, set before the process starts (it reads them only then). sharp's native
 * threads would each get an arena of their own that keeps freed image buffers; two arenas, and blocks of 32 KB and
 * more served by mmap so that freeing them returns the memory to the system: chunks, decoded images, encoded JPEGs,
 * and what V8's optimising compiler allocates while it compiles PGlite's WebAssembly. With 128 KB that stayed in the
 * arenas once freed, 50–80 MB of an idle server (malloc_trim gave it back; `--liftoff-only` never made it). Values
 * already in the environment win.
 */
export const SERVER_MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' };

/**
 * Bundles `entry` (a file of apps/server/src) with packages/shared and the packages it imports, but the external
 * ones, into one CommonJS file `outfile`. In development (`start.mjs`) each source file's `import.meta.url` keeps
 * naming that file, and packages that read files beside their own keep naming theirs in node_modules. For the
 * production build (`build.mjs`, `production`), `import.meta.url` names the file's place under the bundle's folder
 * (apps/server/src/db/migrate.ts → <folder>/db/migrate.ts, so the migrations are found in <folder>/db/migrations),
 * computed when the bundle runs: the folder moves as a whole. `external` adds to EXTERNAL_PACKAGES; `banner` is code
 * run first.
 */
export async function bundle({ entry, outfile, production = false, external = [], banner }) {
  // esbuild comes with tsx (the development runner), so it is resolved from there. What only bundling needs is
  // loaded here: a start with its bundle up to date does not wait for it.
  const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx'))('esbuild');
  const [{ readFile }, { relative }] = await Promise.all([import('node:fs/promises'), import('node:path')]);
  const serverSources = join(root, 'apps/server/src');
  // `import.meta.url`, `.filename` and `.dirname` of a source file: its own, or in production its place under the
  // bundle's folder, found when the bundle runs through helpers defined first in the bundle (where `require` is
  // node's own: a module may name a local of its own `require`).
  const inside = (path) => JSON.stringify(relative(serverSources, path).split('\\').join('/'));
  const meta = (path) =>
    production
      ? {
          url: `__sourceUrl(${inside(path)})`,
          filename: `__sourcePath(${inside(path)})`,
          dirname: `__sourceDir(${inside(path)})`,
        }
      : {
          url: JSON.stringify(pathToFileURL(path).href),
          filename: JSON.stringify(path),
          dirname: JSON.stringify(dirname(path)),
        };
  const helpers = [
    'var __sourcePath = (path) => require("node:path").join(__dirname, path);',
    'var __sourceUrl = (path) => require("node:url").pathToFileURL(__sourcePath(path)).href;',
    'var __sourceDir = (path) => require("node:path").dirname(__sourcePath(path));',
  ].join('\n');
  const sourceUrls = {
    name: 'source-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?ts$/ }, async ({ path }) => ({
        contents: (await readFile(path, 'utf8'))
          .replaceAll('import.meta.url', meta(path).url)
          .replaceAll('import.meta.filename', meta(path).filename)
          .replaceAll('import.meta.dirname', meta(path).dirname),
        loader: 'ts',
      }));
      if (production) return;
      build.onLoad({ filter: PACKAGES_READING_BESIDE }, async ({ path }) => ({
        contents: (await readFile(path, 'utf8'))
          .replaceAll(/\b__dirname\b/g, JSON.stringify(dirname(path)))
          .replaceAll(/\b__filename\b/g, JSON.stringify(path)),
        loader: 'js',
      }));
    },
  };
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // import() of a package left in node_modules becomes require(): a script compiled by vm has no import().
    supported: { 'dynamic-import': false },
    external: [...EXTERNAL_PACKAGES, ...external],
    alias: { '@backoffice/shared': join(root, 'packages/shared/src/index.ts') },
    sourcemap: 'linked',
    sourcesContent: false,
    plugins: [sourceUrls],
    logLevel: 'warning',
    ...(production || banner
      ? { banner: { js: [production ? helpers : '', banner ?? ''].filter(Boolean).join('\n') } }
      : {}),
  });
}

/**
 * Bundles apps/server/src (with packages/shared) and the packages it imports, but EXTERNAL_PACKAGES, into
 * SERVER_BUNDLE when it is missing or older than its sources or the installed packages. One file instead of some
 * 600 package files resolved and read one by one: loading the server took about 0.6 s of CPU with the packages left in
 * node_modules and 0.4 s bundled (bench/first-start.mjs, docs/features/running-and-memory.md). CommonJS, as V8's
 * code cache (scripts/server-loader.cjs) takes a script, not an ES module; EXTERNAL_PACKAGES are required from
 * node_modules. Each source file's `import.meta.url` (`dirname`, `filename`) keeps naming that file, so paths built
 * from it (the migrations, the admin's dist) are those the sources mean. The source map leaves out the sources'
 * text. A new bundle removes the code cache of the old one. Answers whether it built.
 */
export async function bundleServer({ force = false } = {}) {
  if (!force && !olderThan(SERVER_BUNDLE, SERVER_SOURCES)) return false;
  await bundle({ entry: join(root, 'apps/server/src/main.ts'), outfile: SERVER_BUNDLE });
  const { randomUUID } = await import('node:crypto');
  // Each build's id on the bundle's last line: the code cache of another build is not used.
  appendFileSync(SERVER_BUNDLE, `\n// build ${randomUUID()}\n`);
  rmSync(`${SERVER_BUNDLE}.cache`, { force: true });
  // The ES module bundle of before (apps/server/dist/main.mjs), replaced by SERVER_BUNDLE.
  for (const old of ['main.mjs', 'main.mjs.map']) rmSync(join(dirname(SERVER_BUNDLE), old), { force: true });
  return true;
}

/** The command that runs the server (bundled first when needed): what `npm start` runs and the benchmarks measure. */
export async function serverCommand(env = process.env) {
  await bundleServer();
  return {
    command: process.execPath,
    args: [...SERVER_NODE_FLAGS, ...(env.DATABASE_URL ? [] : PGLITE_NODE_FLAGS), SERVER_LOADER],
    env: { ...SERVER_MALLOC_ENV, ...env },
  };
}

/** Whether the admin's build is missing or older than its sources (never with ADMIN_DIST: the operator's files). */
export const isAdminStale = () =>
  !process.env.ADMIN_DIST &&
  olderThan(join(root, 'apps/admin/dist/index.html'), [
    join(root, 'apps/admin/src'),
    join(root, 'packages/shared/src'),
  ]);

/**
 * The prepared demo cluster (apps/server/src/seed/demo-cluster.ts), set aside once what writes the demo's records
 * changed after `npm ci` or `npm install` prepared it: a new demo database is then seeded at its start, and the
 * next install prepares the cluster again.
 */
function dropStaleDemoCluster() {
  const folder = join(root, 'apps/server/src/db/pglite-snapshot');
  const writers = ['seed', 'modules', 'resources', 'db/migrations'].map((dir) => join(root, 'apps/server/src', dir));
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    const file = join(folder, name);
    if (name.endsWith('-demo.tar.gz') && olderThan(file, [...writers, join(root, 'packages/shared/src')])) rmSync(file);
  }
}

async function main() {
  const demo = process.argv.includes('--demo');
  if (demo) dropStaleDemoCluster();
  const adminStale = isAdminStale();
  const { command, args, env } = await serverCommand({
    ...process.env,
    ...(demo ? { SEED_DEMO: '1' } : {}),
    ...(adminStale ? { ADMIN_BUILDING: '1' } : {}),
  });
  const server = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
  // npm runs this file through `sh -c`: a SIGTERM to npm's pid (what a pidfile or `kill $!` sends) ends npm and the
  // shell and reaches no further. Left without the parent it started under, this process stops the server as if
  // the signal had reached it. In production the server is the process itself (`node dist/server.cjs`).
  const parent = process.ppid;
  const orphaned = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(orphaned);
    server.kill('SIGTERM');
  }, 250);
  orphaned.unref();
  if (adminStale) {
    // On standard error: standard output is the server's JSON lines (docs/DEPLOY.md "Logs").
    console.error('Building the admin while the server starts…');
    const build = spawn('npm', ['run', 'build', '-w', 'apps/admin'], { cwd: root, stdio: ['ignore', 2, 2] });
    build.on('exit', (code) => {
      if (code === 0) return console.error('The admin is built.');
      console.error(`The admin's build failed (exit code ${code}); stopping.`);
      server.kill('SIGTERM');
    });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
