// The Strapi 5 project of the Strapi comparison (strapi.bench.ts): written, installed and built once into a cache
// directory outside the repository's dependency tree (bench/.strapi/, or STRAPI_DIR), then reused by every run.
// It is the smallest project that serves the comparison: PostgreSQL, i18n (part of Strapi 5's core), no
// users-permissions plugin (the benchmark reads with an API token), and one localized collection type `article`
// with draft & publish. Strapi's network calls (telemetry, update notifications) are switched off.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './common.mjs';

/** The Strapi release compared against, pinned: a new one is a new project (the directory is set up again). */
export const STRAPI_VERSION = '5.54.0';
/** The project's directory: bench/.strapi/ unless STRAPI_DIR names another. */
export const STRAPI_DIR = process.env.STRAPI_DIR ?? join(ROOT, 'bench/.strapi');

/** Fixed secrets: the project only ever runs against a scratch database on 127.0.0.1. */
const SECRET = 'backoffice-bench-strapi-secret';

/** The environment every Strapi command gets: no telemetry, production mode (no update check: config/server.js). */
export function strapiEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key.startsWith('npm_') || key === 'INIT_CWD' || key === 'DATABASE_URL') continue;
    env[key] = value;
  }
  return {
    ...env,
    NODE_ENV: 'production',
    STRAPI_TELEMETRY_DISABLED: 'true',
    STRAPI_HIDE_STARTUP_MESSAGE: 'true',
    STRAPI_DISABLE_EE: 'true',
    BROWSER: 'none',
    ...extra,
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The project's files, by path under STRAPI_DIR. */
function projectFiles(): Record<string, string> {
  return {
    'package.json': json({
      name: 'backoffice-bench-strapi',
      private: true,
      version: '0.0.0',
      description: 'The Strapi 5 side of bench/strapi.bench.ts (generated; not part of the repository)',
      scripts: { build: 'strapi build', start: 'strapi start' },
      dependencies: {
        '@strapi/strapi': STRAPI_VERSION,
        pg: '8.16.3',
        react: '18.3.1',
        'react-dom': '18.3.1',
        'react-router-dom': '6.30.3',
        'styled-components': '6.1.19',
      },
      engines: { node: '>=20.0.0 <=24.x.x' },
      strapi: { uuid: false, telemetryDisabled: true },
    }),
    // Strapi looks for a tsconfig.json upwards from the project (it would find bench/tsconfig.json and fail on it),
    // so the project has its own: a TypeScript project of JavaScript files, compiled into dist/ by `strapi build`.
    'tsconfig.json': json({
      extends: '@strapi/typescript-utils/tsconfigs/server',
      compilerOptions: { outDir: 'dist', rootDir: '.', allowJs: true },
      include: ['./', './**/*.js', 'src/**/*.json'],
      exclude: ['node_modules/', 'build/', 'dist/', '.cache/', '.tmp/', '.strapi/', 'src/admin/', 'public/'],
    }),
    'config/database.js': `module.exports = ({ env }) => ({
  connection: {
    client: 'postgres',
    connection: { connectionString: env('DATABASE_URL') },
    pool: { min: 0, max: 10 },
  },
});
`,
    'config/server.js': `module.exports = ({ env }) => ({
  host: '127.0.0.1',
  port: env.int('PORT', 1337),
  app: { keys: ['${SECRET}-key-a', '${SECRET}-key-b'] },
  logger: { updates: { enabled: false }, startup: { enabled: false } },
});
`,
    'config/admin.js': `module.exports = () => ({
  auth: { secret: '${SECRET}-admin-jwt' },
  apiToken: { salt: '${SECRET}-api-token-salt' },
  transfer: { token: { salt: '${SECRET}-transfer-token-salt' } },
  secrets: { encryptionKey: '${SECRET}-encryption-key' },
  flags: { nps: false, promoteEE: false },
});
`,
    'config/api.js': `module.exports = () => ({
  rest: { defaultLimit: 25, maxLimit: 100, withCount: true },
});
`,
    // Strapi's default middlewares.
    'config/middlewares.js': `module.exports = [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
`,
    // i18n is part of Strapi 5's core; its locales (en, the default, and sk) are data: the benchmark adds sk.
    'config/plugins.js': `module.exports = () => ({});
`,
    'public/robots.txt': 'User-agent: *\nDisallow: /\n',
    'public/uploads/.gitkeep': '', // the local upload provider refuses to start without its folder
    'src/index.js': `module.exports = { register() {}, bootstrap() {} };
`,
    'src/api/article/content-types/article/schema.json': json({
      kind: 'collectionType',
      collectionName: 'articles',
      info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
      options: { draftAndPublish: true },
      pluginOptions: { i18n: { localized: true } },
      attributes: {
        title: { type: 'string', pluginOptions: { i18n: { localized: true } } },
        slug: { type: 'uid', targetField: 'title', pluginOptions: { i18n: { localized: true } } },
        body: { type: 'richtext', pluginOptions: { i18n: { localized: true } } },
      },
    }),
    'src/api/article/routes/article.js': `const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::article.article');
`,
    'src/api/article/controllers/article.js': `const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::article.article');
`,
    'src/api/article/services/article.js': `const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::article.article');
`,
  };
}

/** The Strapi command line of the project (its own node_modules). */
export const strapiBin = () => join(STRAPI_DIR, 'node_modules/@strapi/strapi/bin/strapi.js');

/** The installed Strapi version, or null when it is not installed. */
export function installedStrapiVersion(): string | null {
  const file = join(STRAPI_DIR, 'node_modules/@strapi/strapi/package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : null;
}

/** Where `strapi build` leaves the admin panel of a JavaScript project (Strapi 5). */
const BUILD_MARK = '.bench-built';

/** Runs a command in the project's directory, its output passed through; rejects on a non-zero exit. */
function runIn(command: string, args: string[], limitMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: STRAPI_DIR, env: strapiEnv(), stdio: ['ignore', 'inherit', 'inherit'] });
    const timer = setTimeout(() => child.kill('SIGTERM'), limitMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`\`${command} ${args.join(' ')}\` in ${STRAPI_DIR} exited with ${code ?? signal}`));
    });
  });
}

/**
 * The project, ready to start: on the first run (or after the pinned version changed; 5.54.0: the registry this machine reaches has no @strapi/admin 5.55.x) its files are written,
 * `npm install` runs in its directory (its own package.json: not one of the repository's workspaces; install
 * scripts run, in the foreground) and `strapi build` builds its admin panel. Answers what it did, in ms.
 */
export async function ensureStrapiProject(
  log: (line: string) => void,
): Promise<{ installMs: number; buildMs: number }> {
  const files = projectFiles();
  const current = installedStrapiVersion() === STRAPI_VERSION;
  let installMs = 0;
  let buildMs = 0;
  // The files are cheap: written every time, so a changed schema or setting reaches the next run.
  let changed = false;
  for (const [path, text] of Object.entries(files)) {
    const file = join(STRAPI_DIR, path);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (!path.startsWith('public/')) changed = true; // public/ is served as it is, not built
  }
  if (!current) {
    log(`installing Strapi ${STRAPI_VERSION} in ${STRAPI_DIR} (first run only: several minutes)…`);
    const t = performance.now();
    await runIn(
      'npm',
      ['install', '--no-audit', '--no-fund', '--foreground-scripts', '--loglevel=error', '--install-links=false'],
      30 * 60_000,
    );
    installMs = performance.now() - t;
    const version = installedStrapiVersion();
    if (version !== STRAPI_VERSION)
      throw new Error(`npm install left @strapi/strapi ${version}, not ${STRAPI_VERSION}`);
  }
  const mark = join(STRAPI_DIR, BUILD_MARK);
  if (changed || !current || !existsSync(mark)) {
    log('building its admin panel (`strapi build`, first run only)…');
    const t = performance.now();
    await runIn(process.execPath, [strapiBin(), 'build'], 30 * 60_000);
    buildMs = performance.now() - t;
    writeFileSync(mark, `${STRAPI_VERSION}\n`);
  }
  return { installMs, buildMs };
}
