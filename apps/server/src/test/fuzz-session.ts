import { contactFormSchema, ROLES } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client.js';
import { storeSubmission } from '../modules/forms/service.js';
import {
  buildArticle,
  buildCategory,
  buildGallery,
  buildGalleryImage,
  buildPage,
  buildPanel,
  buildPartner,
  buildReference,
  buildText,
  buildUser,
  contactForm,
} from './factories.js';
import { type FuzzCase, makeCase, type OpenApiDocument, Rng, type WriteOperation, writeOperations } from './fuzz.js';
import { ADMIN, Agent, startTestServer, type TestServer } from './harness.js';

/**
 * Tables written outside the request being checked: sign-in sessions, throttle counters, analytics, what the
 * background jobs write after an earlier answer (the jobs themselves, reset tokens).
 */
const VOLATILE_TABLES = /^(sessions|login_attempts|analytics_.*|jobs|password_resets)$/;

export interface FuzzFailure {
  index: number;
  kind: 'server-error' | 'no-message' | 'rows-changed';
  status: number;
  role: 'admin' | 'editor';
  endpoint: string;
  url: string;
  encoding: FuzzCase['encoding'];
  mutations: string[];
  /** The body sent, cut to 2,000 characters. */
  payload: string;
  answer: string;
  /** Tables whose row count or content changed under a 4xx. */
  changed?: string[];
}

export interface FuzzResult {
  seed: number;
  count: number;
  ms: number;
  byStatus: Record<string, number>;
  /** Requests per endpoint (`POST /api/content/text/{id}`). */
  byEndpoint: Record<string, number>;
  /** 5xx answers per endpoint. */
  serverErrors: Record<string, number>;
  failures: FuzzFailure[];
}

interface Account {
  agent: Agent;
  email: string;
  password: string;
  role: number;
}

/**
 * A server with a few records of every resource, an administrator and an editor signed in, that sends generated
 * requests to every write endpoint of its own OpenAPI document and checks each answer: no 5xx, a `message` on
 * every error, and after a 4xx no table changed (row counts and a hash of every row).
 */
export class FuzzSession {
  private ids = new Map<string, Promise<number[]>>();

  private constructor(
    readonly server: TestServer,
    readonly operations: WriteOperation[],
    private readonly accounts: { admin: Account; editor: Account },
    private readonly snapshotSql: string,
  ) {}

  static async start(): Promise<FuzzSession> {
    const server = await startTestServer();
    await seedRecords(server.ctx.db);
    const admin = await signIn(server, ADMIN.email, ADMIN.password, ROLES.admin);
    const editor = await newAccount(server, ROLES.editor);
    const operations = writeOperations(server.app.swagger() as unknown as OpenApiDocument);
    const tables = await tableNames(server.ctx.db);
    const snapshotSql = tables
      // The transaction ids of the live row versions: any insert, update or delete that committed changes them.
      .map((t) =>
        t === 'users'
          ? // A signed-in request marks its user online once a minute (a slow run meets it): that column is left out.
            `select 'users' as t, count(*)::int as n, md5(coalesce(string_agg((to_jsonb(u) - 'online_at')::text, ',' order by u.id), '')) as h from users u`
          : `select '${t}' as t, count(*)::int as n, coalesce(sum(xmin::text::bigint), 0)::text as h from "${t}"`,
      )
      .join(' union all ');
    return new FuzzSession(server, operations, { admin, editor }, snapshotSql);
  }

  async close() {
    await this.server.close();
  }

  /** Sends `count` generated requests from `seed`, an `editorShare` of them as the role-2 editor. */
  async run(opts: { seed: number; count: number; editorShare?: number; progress?: (done: number) => void }) {
    const rng = new Rng(opts.seed);
    const result: FuzzResult = {
      seed: opts.seed,
      count: 0,
      ms: 0,
      byStatus: {},
      byEndpoint: {},
      serverErrors: {},
      failures: [],
    };
    const started = performance.now();
    let before = await this.snapshot();
    for (let index = 0; index < opts.count; index++) {
      if (index % 100 === 0) this.ids.clear();
      const op = rng.pick(this.operations);
      const role = rng.chance(opts.editorShare ?? 0.15) ? 'editor' : 'admin';
      const fuzzCase = await makeCase(op, rng, (name, prefix) => this.existingIds(name, prefix));
      const account = this.accounts[role];
      const res = await account.agent.request({
        method: fuzzCase.method,
        url: fuzzCase.url,
        headers: fuzzCase.headers,
        ...(fuzzCase.payload === undefined ? {} : { payload: fuzzCase.payload }),
      });
      result.count++;
      result.byStatus[res.statusCode] = (result.byStatus[res.statusCode] ?? 0) + 1;
      result.byEndpoint[fuzzCase.endpoint] = (result.byEndpoint[fuzzCase.endpoint] ?? 0) + 1;
      const after = await this.snapshot();
      const failure = (kind: FuzzFailure['kind'], changed?: string[]) =>
        result.failures.push(describe(index, kind, role, fuzzCase, res, changed));
      if (res.statusCode >= 500) {
        result.serverErrors[fuzzCase.endpoint] = (result.serverErrors[fuzzCase.endpoint] ?? 0) + 1;
        failure('server-error');
      } else if (res.statusCode >= 400) {
        if (!hasMessage(res) && !isFormPage(fuzzCase, res)) failure('no-message');
        const changed = [...after].filter(([t, v]) => before.get(t) !== v).map(([t]) => t);
        if (changed.length) failure('rows-changed', changed);
      }
      before = after;
      if (res.statusCode === 401 || fuzzCase.endpoint === 'POST /api/logout') {
        if (await this.reauthenticate(role)) before = await this.snapshot();
      }
      opts.progress?.(index + 1);
    }
    result.ms = Math.round(performance.now() - started);
    return result;
  }

  /** Signs the account in again after a request ended its session (logout, its own password or role changed). */
  private async reauthenticate(role: 'admin' | 'editor'): Promise<boolean> {
    const account = this.accounts[role];
    const me = await account.agent.get('/api/user/me');
    if (me.statusCode === 200 && me.json().data?.role_id === account.role) return false;
    try {
      this.accounts[role] = await signIn(this.server, account.email, account.password, account.role);
    } catch {
      // The fuzz changed its password, blocked or demoted it: a new account of the same role takes over.
      this.accounts[role] = await newAccount(this.server, account.role);
    }
    return true;
  }

  /** Ids of rows that exist for the path parameter `name`, read from the list the parameter's prefix names. */
  private existingIds(name: string, prefix: string): Promise<readonly number[]> {
    const list = name === 'galleryId' ? '/api/gallery' : name === 'groupId' ? '/api/content/navigation/tree' : prefix;
    let ids = this.ids.get(list);
    if (!ids) {
      ids = this.accounts.admin.agent
        .get(`${list}?per_page=100&trashed=with`)
        .then((res) => (res.statusCode === 200 ? idsOf(res.json()) : []));
      this.ids.set(list, ids);
    }
    return ids;
  }

  private async snapshot(): Promise<Map<string, string>> {
    const result = (await this.server.ctx.db.execute(sql.raw(this.snapshotSql))) as unknown as {
      rows: { t: string; n: number; h: string }[];
    };
    if (result.rows.length < 20) throw new Error(`the row snapshot read ${result.rows.length} tables`);
    return new Map(result.rows.map((r) => [r.t, `${r.n}:${r.h}`]));
  }
}

/** Creates a few records of every resource, so path ids and id lists name rows that exist. */
async function seedRecords(db: Db) {
  for (let i = 0; i < 3; i++) {
    await buildText(db);
    await buildPanel(db);
    await buildCategory(db);
    await buildCategory(db, { module_id: 2 });
    await buildPage(db);
    await buildArticle(db);
    await buildReference(db);
    await buildPartner(db);
    const gallery = await buildGallery(db);
    for (let j = 0; j < 3; j++) await buildGalleryImage(db, gallery);
    await buildUser(db, { role_id: ROLES.editor });
    await buildUser(db, { role_id: ROLES.member });
    await db.transaction((tx) =>
      storeSubmission(tx, { kind: 'contact', input: contactFormSchema.parse(contactForm()) }),
    );
  }
}

async function tableNames(db: Db): Promise<string[]> {
  const result = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((r) => r.name).filter((t) => !VOLATILE_TABLES.test(t));
}

async function signIn(server: TestServer, email: string, password: string, role: number): Promise<Account> {
  const agent = new Agent(server.app, 'en');
  await agent.login(email, password);
  return { agent, email, password, role };
}

async function newAccount(server: TestServer, role: number) {
  const user = await buildUser(server.ctx.db, { role_id: role });
  return signIn(server, user.email, user.plainPassword, role);
}

function idsOf(json: unknown): number[] {
  const rows = Array.isArray(json) ? json : (json as { data?: unknown })?.data;
  if (!Array.isArray(rows)) return [];
  return rows.map((r) => (r as { id?: unknown }).id).filter((id): id is number => typeof id === 'number');
}

/** The public forms answer a plain HTML form post (the no-script fallback) with their page, not JSON. */
function isFormPage(c: FuzzCase, res: LightMyRequestResponse) {
  return (
    c.url.startsWith('/api/public/form/') &&
    c.headers['content-type'] === 'application/x-www-form-urlencoded' &&
    String(res.headers['content-type']).startsWith('text/html')
  );
}

function hasMessage(res: LightMyRequestResponse) {
  try {
    const message = (res.json() as { message?: unknown }).message;
    return typeof message === 'string' && message.length > 0;
  } catch {
    return false;
  }
}

function describe(
  index: number,
  kind: FuzzFailure['kind'],
  role: FuzzFailure['role'],
  c: FuzzCase,
  res: LightMyRequestResponse,
  changed?: string[],
): FuzzFailure {
  const payload =
    c.payload === undefined ? '' : typeof c.payload === 'string' ? c.payload : c.payload.toString('latin1');
  return {
    index,
    kind,
    status: res.statusCode,
    role,
    endpoint: c.endpoint,
    url: c.url.slice(0, 300),
    encoding: c.encoding,
    mutations: c.mutations,
    payload: JSON.stringify(payload.slice(0, 2000)),
    answer: res.body.slice(0, 300),
    ...(changed ? { changed } : {}),
  };
}

/** The tally as lines: answers per status, 5xx per endpoint, then each failure. */
export function formatResult(r: FuzzResult, limit = 40): string {
  const lines = [
    `fuzz seed ${r.seed}: ${r.count} requests in ${(r.ms / 1000).toFixed(1)} s`,
    `answers per status: ${Object.entries(r.byStatus)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}`,
  ];
  const errors = Object.entries(r.serverErrors);
  if (errors.length) lines.push('5xx per endpoint:', ...errors.map(([e, n]) => `  ${e}: ${n}`));
  for (const f of r.failures.slice(0, limit)) {
    lines.push(
      `#${f.index} ${f.kind} ${f.status} as ${f.role}: ${f.endpoint.split(' ')[0]} ${f.url} [${f.encoding}] ${f.mutations.join(' ')}` +
        `${f.changed ? ` changed: ${f.changed.join(', ')}` : ''}\n    body ${f.payload}\n    answer ${f.answer}`,
    );
  }
  if (r.failures.length > limit) lines.push(`… and ${r.failures.length - limit} more failures`);
  return lines.join('\n');
}
