import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from './db/client.js';
import { jobs } from './db/schema.js';
import { Agent, startTestServer, type TestServer } from './test/harness.js';
import { scratchDir } from './test/scratch-dir.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('platform', () => {
  it('GET /api/health answers ok once the database is ready and the storage answers; /api/health/live always', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok', mail: 'ok' } });
    const live = await server.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.json()).toEqual({ status: 'ok' });
  });

  it('mail that keeps failing makes the readiness "degraded" without taking the process out', async () => {
    const [job] = await server.ctx.db
      .insert(jobs)
      .values({ kind: 'password_reset', payload: {}, attempts: 2, last_error: 'connect ECONNREFUSED' })
      .returning({ id: jobs.id });
    try {
      const res = await server.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json().checks).toEqual({ database: 'ok', storage: 'ok', mail: 'degraded' });
    } finally {
      await server.ctx.db.delete(jobs).where(eq(jobs.id, Number(job?.id)));
    }
  });

  it('serves the OpenAPI description to signed-in staff under a CSP that forbids framing', async () => {
    const agent = new Agent(server.app);
    await agent.login();
    const res = await agent.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/content/text/{id}');
    const page = await agent.get('/api/docs/');
    expect(page.statusCode).toBe(200);
    for (const answer of [res, page]) {
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  it('the API documentation is 401 for an anonymous visitor', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const res = await new Agent(server.app).get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('every error answer carries the message as `error` too (what upload clients such as Dropzone show)', async () => {
    const res = await new Agent(server.app, 'sk').get('/api/user/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(res.json().message);
    expect(typeof res.json().error).toBe('string');
  });

  it('GET /api/health is 503 while the database does not answer, so a load balancer stops sending there', async () => {
    const { buildApp } = await import('./app.js');
    const down = new Proxy(server.ctx.db, {
      get: (target, key, receiver) =>
        key === 'execute' ? () => Promise.reject(new Error('connection refused')) : Reflect.get(target, key, receiver),
    });
    const app = await buildApp({ ...server.ctx, db: down }, { logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'unavailable', storage: 'ok', mail: 'unknown' },
      });
    } finally {
      await app.close();
    }
  });

  it('an unknown API path is a JSON 404 in the request language', async () => {
    const res = await new Agent(server.app, 'sk').get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Záznam sa nenašiel.');
  });

  it('API answers are not cached and carry nosniff', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a JSON body over 1 MB is 413', async () => {
    const agent = new Agent(server.app);
    await agent.login();
    const res = await agent.post('/api/content/text/', { big: 'x'.repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
  });

  it('an unsupported content type is 415', async () => {
    const agent = new Agent(server.app);
    await agent.login();
    const res = await agent.request({
      method: 'POST',
      url: '/api/content/text/',
      payload: 'a=b',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('the embedded database belongs to one process', () => {
  it('refuses to open a data directory whose lock names another live process', async () => {
    const dir = scratchDir('backoffice-lock-');
    writeFileSync(join(dir, 'pglite.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DatabaseLockedError);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = scratchDir('backoffice-lock-');
    writeFileSync(join(dir, 'pglite.lock'), '999999');
    const database = await openDatabase({ dataDir: dir });
    await database.close();
  });
});

describe('empty bodies', () => {
  const noBodies = [
    { name: 'no content type', headers: {} },
    { name: 'JSON', headers: { 'content-type': 'application/json' } },
    { name: 'a form (axios in Node)', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    { name: 'text', headers: { 'content-type': 'text/plain' } },
  ];
  for (const { name, headers } of noBodies) {
    it(`logout with no body and ${name} signs out`, async () => {
      const agent = new Agent(server.app);
      await agent.login();
      const res = await agent.request({ method: 'POST', url: '/api/logout', headers });
      expect(res.statusCode).toBe(200);
      expect((await agent.get('/api/user/me')).statusCode).toBe(401);
    });
  }

  it('an empty body where fields are needed is a 422 naming them, not a 400 or 415', async () => {
    const agent = new Agent(server.app);
    await agent.login();
    const res = await agent.request({
      method: 'POST',
      url: '/api/content/text/',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toBeDefined();
  });

  it('a body with content still needs a supported type', async () => {
    const agent = new Agent(server.app);
    await agent.login();
    const res = await agent.request({
      method: 'POST',
      url: '/api/logout',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
  });
});
