// The Strapi side of strapi.bench.ts: a Strapi process (`strapi start`) on a scratch PostgreSQL database, its first
// administrator, the locale sk beside the default en, a read-only API token, and the seed of N articles written
// straight into Strapi's own table the way Strapi 5 stores documents (one row per locale and per version, the draft
// and, when published, the published one, all sharing a document_id).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { freePort, sleep, stopGroup } from './common.mjs';
import { timedGet } from './list-bench.js';
import { SEARCH_COMMON, SEARCH_RARE } from './seed-lists.js';
import { STRAPI_DIR, strapiBin, strapiEnv } from './strapi-project.js';

/** Strapi's first administrator (its password rules: 8+ characters, an upper-case letter, a digit). */
const ADMIN = { email: 'bench@example.com', password: 'Bench-password-1', firstname: 'Bench', lastname: 'Mark' };

export interface StrapiServer {
  base: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** Starts `strapi start` on a free port of 127.0.0.1 against `databaseUrl`; resolves once GET /_health answers. */
export async function startStrapi(databaseUrl: string, limitMs = 300_000): Promise<StrapiServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [strapiBin(), 'start'], {
    cwd: STRAPI_DIR,
    env: strapiEnv({ DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1' }),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: string) => {
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const server = { base: `http://127.0.0.1:${port}`, child, exited, output: () => output };
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (gone) throw new Error(`strapi start exited before answering:\n${output.slice(-4000)}`);
    try {
      const res = await fetch(`${server.base}/_health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 204 || res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await stopGroup({ child, exited });
  throw new Error(`strapi start did not answer GET /_health within ${limitMs / 1000} s:\n${output.slice(-4000)}`);
}

export const stopStrapi = (server: StrapiServer) => stopGroup({ child: server.child, exited: server.exited });

/** Kills the process group at once: the last resort of an exiting benchmark (synchronous). */
export function killStrapiNow(server: StrapiServer) {
  try {
    if (server.child.pid) process.kill(-server.child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Drops a database synchronously (psql): the last resort of an exiting benchmark, when no promise runs any more. */
export function dropDatabaseNow(url: string) {
  const name = new URL(url).pathname.slice(1);
  const base = new URL(url);
  base.pathname = '/postgres';
  spawnSync('psql', [base.toString(), '-qc', `drop database if exists "${name}" with (force)`], {
    stdio: 'ignore',
    timeout: 15_000,
  });
}

async function call<T>(server: StrapiServer, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(server.base + path, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/**
 * The first administrator (as the admin panel's registration does), the locale sk beside Strapi's default en, and a
 * read-only API token (Settings → API Tokens, type "Read-only": find and findOne of every content type). Answers the
 * token's access key.
 */
export async function prepareStrapi(server: StrapiServer): Promise<string> {
  const registered = await call<{ data: { token?: string; accessToken?: string } }>(
    server,
    'POST',
    '/admin/register-admin',
    ADMIN,
  );
  const jwt = registered.data.accessToken ?? registered.data.token;
  if (!jwt) throw new Error(`POST /admin/register-admin answered no token: ${JSON.stringify(registered)}`);
  const locales = await call<{ code: string }[]>(server, 'GET', '/i18n/locales', undefined, jwt);
  if (!locales.some((l) => l.code === 'sk')) {
    await call(server, 'POST', '/i18n/locales', { name: 'Slovak (sk)', code: 'sk', isDefault: false }, jwt);
  }
  if (!locales.some((l) => l.code === 'en')) {
    await call(server, 'POST', '/i18n/locales', { name: 'English (en)', code: 'en', isDefault: true }, jwt);
  }
  const token = await call<{ data: { accessKey: string } }>(
    server,
    'POST',
    '/admin/api-tokens',
    { name: 'bench', description: 'strapi.bench.ts', type: 'read-only', lifespan: null },
    jwt,
  );
  return token.data.accessKey;
}

/** A word that 1 % (every 100th article) or 0.01 % (every 10,000th) of the titles hold, as in seed-lists.ts. */
const marked = `case when g % 10000 = 0 then ' ${SEARCH_RARE}' when g % 100 = 0 then ' ${SEARCH_COMMON}' else '' end`;

/**
 * `count` articles in both locales, written into Strapi's table `articles` after Strapi created it, the way Strapi 5
 * keeps a document: per locale a draft row (published_at null) and, for a published document, a published row,
 * all of a document sharing one document_id. As the back office's seed: article g is published unless g % 5 = 3,
 * updated count − g seconds ago (the newest last), its titles "Item g" (en) and "Položka g" (sk) with the search words of seed-lists.ts. Then
 * VACUUM ANALYZE, as the back office's side gets. Answers the rows written.
 */
export async function seedStrapi(databaseUrl: string, count: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: columns } = await client.query<{ name: string }>(
      `select column_name as name from information_schema.columns
       where table_schema = 'public' and table_name = 'articles'`,
    );
    const expected = [
      'id',
      'document_id',
      'title',
      'slug',
      'body',
      'created_at',
      'updated_at',
      'published_at',
      'locale',
    ];
    const missing = expected.filter((c) => !columns.some((x) => x.name === c));
    if (missing.length) {
      throw new Error(
        `Strapi's table articles has no ${missing.join(', ')} (it has ${columns.map((c) => c.name).join(', ')})`,
      );
    }
    const inserted = await client.query(`
      insert into articles (document_id, title, slug, body, created_at, updated_at, published_at, locale)
      select
        'bench' || lpad(g::text, 19, '0'),
        case when l.code = 'sk' then 'Položka ' else 'Item ' end || g || ${marked},
        'item-' || g || case when l.code = 'sk' then '-1' else '-0' end,
        case when l.code = 'sk' then 'Text položky ' else 'Text of item ' end || g || '.',
        now() - (${count} - g) * interval '1 second' - interval '1 day',
        now() - (${count} - g) * interval '1 second',
        case when v.published then now() - (${count} - g) * interval '1 second' end,
        l.code
      from generate_series(1, ${count}) g
        cross join (values ('en'), ('sk')) l(code)
        cross join (values (false), (true)) v(published)
      where not v.published or g % 5 <> 3
      order by g, l.code, v.published`);
    await client.query('vacuum analyze articles');
    return inserted.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** A GET of Strapi's REST API with the API token; anything but 200 throws. */
export async function strapiGet(server: StrapiServer, token: string, path: string) {
  const { elapsed, status, body } = await timedGet(server.base + path, {
    accept: 'application/json',
    authorization: `Bearer ${token}`,
  });
  if (status !== 200) throw new Error(`GET ${path} answered ${status}: ${body.slice(0, 500)}`);
  return { elapsed, body };
}

/** The total of a Strapi list answer. */
export const strapiTotal = (body: string) =>
  (JSON.parse(body) as { meta: { pagination: { total: number } } }).meta.pagination.total;

/** The Strapi version the running project uses (its package). */
export { installedStrapiVersion } from './strapi-project.js';
