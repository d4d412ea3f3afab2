import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { AppContext, Mailer, OutgoingMail } from '../context.js';
import { type Database, openDatabase } from '../db/client.js';
import { seedReference } from '../seed/reference.js';
import { seedDemoSettings } from '../seed/settings.js';
import { driftCheckerOf, reportUnchecked } from './openapi-drift.js';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  mails: OutgoingMail[];
  close(): Promise<void>;
}

/**
 * A server on a fresh database: in-memory PGlite by default, a new database on the PostgreSQL server
 * of TEST_DATABASE_URL when TEST_DB=postgres. Files go to a temporary MEDIA_DIR, or with `storage: 's3'`
 * (or TEST_STORAGE=s3) to a bucket of an S3 server of its own on loopback. A save queues no image renditions
 * unless `renditions` (IMAGE_RENDITIONS), so the other tests' files and faults are theirs alone.
 */
export async function startTestServer(
  options: { storage?: 'local' | 's3'; renditions?: boolean } = {},
): Promise<TestServer> {
  const pgUrl = process.env.TEST_DB === 'postgres' ? await createScratchDatabase() : undefined;
  const s3 =
    (options.storage ?? process.env.TEST_STORAGE) === 's3'
      ? await import('./s3-server.js').then((m) => m.startS3TestServer())
      : undefined;
  const config = loadConfig({
    DATA_DIR: `/tmp/backoffice-test-${randomBytes(4).toString('hex')}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    APP_URL: 'http://backoffice.test',
    IMAGE_RENDITIONS: options.renditions ? '1' : '0',
    ...(pgUrl ? { DATABASE_URL: pgUrl.url } : {}),
    ...s3?.env,
  });
  const database: Database = await openDatabase({ url: pgUrl?.url, dataDir: 'memory://' });
  await database.migrate();
  await seedReference(database.db, config, () => {});
  // The tests read the demo company's settings (a new site's are empty: seed/settings.ts).
  await seedDemoSettings(database.db);
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
  const ctx = { db: database.db, config, mailer };
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    app,
    ctx,
    config,
    mails,
    async close() {
      reportUnchecked();
      await app.close();
      await database.close();
      await pgUrl?.drop();
      await s3?.close();
      // The files it wrote (its MEDIA_DIR under DATA_DIR) go with it.
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

async function createScratchDatabase() {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `backoffice_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

type Body = Record<string, unknown> | unknown[] | string;

/** An HTTP client that keeps cookies and echoes the CSRF cookie, like the admin does. */
export class Agent {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly lang: 'sk' | 'en' = 'en',
  ) {}

  get xsrf() {
    return this.cookies.get('XSRF-TOKEN');
  }

  /** Drops a cookie, as a browser whose user cleared it. */
  forget(name: string) {
    this.cookies.delete(name);
  }

  /** The headers this agent signs its requests with: for a test that writes raw HTTP on a socket. */
  rawHeaders(): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(this.xsrf ?? ''),
      'x-requested-with': 'XMLHttpRequest',
      'accept-language': this.lang,
    };
  }

  async request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {
      'accept-language': this.lang,
      'x-requested-with': 'XMLHttpRequest',
      ...(opts.headers as Record<string, string>),
    };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.csrf !== false && this.xsrf) headers['x-xsrf-token'] = decodeURIComponent(this.xsrf);
    const res = await this.app.inject({ ...opts, headers });
    for (const c of res.cookies as { name: string; value: string }[]) this.cookies.set(c.name, c.value);
    // Every JSON answer is checked against the OpenAPI document (test/openapi-drift.ts).
    if (typeof opts.url === 'string') {
      const type = res.headers['content-type'];
      driftCheckerOf(this.app).check(opts.method ?? 'GET', opts.url, res.statusCode, String(type ?? ''), res.body);
    }
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: Body, extra: { csrf?: boolean } = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...extra });
  }
  delete(url: string, extra: { csrf?: boolean } = {}) {
    return this.request({ method: 'DELETE', url, ...extra });
  }

  async login(email = ADMIN.email, password = ADMIN.password) {
    await this.get('/sanctum/csrf-cookie');
    const res = await this.post('/api/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json().data as { id: number; token: string };
  }
}
