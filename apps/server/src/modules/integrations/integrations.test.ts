import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../../db/schema.js';
import { sha256 } from '../../http/crypto.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { buildArticle, buildPage } from '../../test/factories.js';
import { startReceiver } from '../../test/webhook-receiver.js';

const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const _config = () => ctx.server.ctx.config as { webhooksAllowPrivate: boolean };
const delivery = (path: string, headers: Record<string, string> = {}) =>
  ctx.server.app.inject({ method: 'GET', url: `/api/delivery${path}`, headers });
/** Runs the queued jobs (changes, then deliveries) until none is due. */
const _drain = () => ctx.server.app.jobs.drain();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe('who may manage integrations', () => {
  const routes: [string, string][] = [
    ['GET', '/api/api-tokens'],
    ['POST', '/api/api-tokens'],
    ['DELETE', '/api/api-tokens/1'],
    ['GET', '/api/delivery-access'],
    ['POST', '/api/delivery-access'],
    ['GET', '/api/webhooks'],
    ['POST', '/api/webhooks'],
    ['GET', '/api/webhooks/1'],
    ['POST', '/api/webhooks/1'],
    ['DELETE', '/api/webhooks/1'],
    ['POST', '/api/webhooks/1/secret'],
    ['POST', '/api/webhooks/1/ping'],
    ['GET', '/api/webhooks/1/deliveries'],
    ['POST', '/api/webhooks/1/deliveries/1/resend'],
  ];
  it('nobody signed in gets 401, an editor 403 whatever the body', async () => {
    for (const [method, url] of routes) {
      const anonymous = await ctx.server.app.inject({ method: method as 'GET', url });
      expect([401, 419], `${method} ${url}`).toContain(anonymous.statusCode);
      const editor = await ctx.editor.request({
        method: method as 'GET',
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : '{bad',
        headers: { 'content-type': 'application/json' },
      });
      expect(editor.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('API tokens', () => {
  it('a token is shown once, kept as its SHA-256, reads the delivery API, and stops at its revocation', async () => {
    const made = await ctx.admin.post('/api/api-tokens', { name: 'Mobile app', scope: 'read' });
    expect(made.statusCode).toBe(201);
    const { token, id, prefix } = made.json().data;
    expect(token).toMatch(/^bo_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(prefix)).toBe(true);
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row?.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = (await ctx.admin.get('/api/api-tokens')).json().data;
    expect(list.find((t: { id: number }) => t.id === id)).toMatchObject({
      name: 'Mobile app',
      prefix,
      last_used_at: null,
    });
    expect(JSON.stringify(list)).not.toContain(token);

    const read = await delivery('/settings', { authorization: `Bearer ${token}` });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, max-age=60');
    const used = (await ctx.admin.get('/api/api-tokens')).json().data.find((t: { id: number }) => t.id === id);
    expect(used.last_used_at).not.toBeNull();

    expect((await ctx.admin.delete(`/api/api-tokens/${id}`)).statusCode).toBe(200);
    const revoked = await delivery('/settings', { authorization: `Bearer ${token}` });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['www-authenticate']).toBe('Bearer');
    expect((await ctx.admin.delete(`/api/api-tokens/${id}`)).statusCode).toBe(404);
  });

  it('a made-up or malformed token is 401; a bad name or scope is 422', async () => {
    for (const header of ['Bearer bo_nothing', 'Bearer ', 'Basic abc', `Bearer bo_${'x'.repeat(300)}`])
      expect((await delivery('/settings', { authorization: header })).statusCode, header).toBe(401);
    const refused = await ctx.admin.post('/api/api-tokens', { name: 'x', scope: 'write' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ name: ['errors.min3'], scope: ['errors.requiredOption'] });
    expect((await ctx.admin.post('/api/api-tokens', {})).statusCode).toBe(422);
  });

  it('a preview token reads unpublished and scheduled records, never kept by a cache; a read token does not', async () => {
    const hidden = await buildPage(db(), { title: 'Draft page', status: false });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await buildArticle(db(), { title: 'Scheduled story', publish_up: later });
    const preview = (await ctx.admin.post('/api/api-tokens', { name: 'Preview', scope: 'preview' })).json().data.token;
    const reader = (await ctx.admin.post('/api/api-tokens', { name: 'Reader', scope: 'read' })).json().data.token;

    expect((await delivery('/pages/draft-page-en?locale=en')).statusCode).toBe(404);
    expect((await delivery('/pages/draft-page-en?locale=en', { authorization: `Bearer ${reader}` })).statusCode).toBe(
      404,
    );
    const seen = await delivery('/pages/draft-page-en?locale=en', { authorization: `Bearer ${preview}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.id).toBe(hidden);
    expect(seen.headers['cache-control']).toBe('private, no-store');

    const titles = async (headers: Record<string, string>) =>
      (await delivery('/news?locale=en&limit=100', headers)).json().data.map((n: { title: string }) => n.title);
    expect(await titles({})).not.toContain('Scheduled story en');
    expect(await titles({ authorization: `Bearer ${preview}` })).toContain('Scheduled story en');
    expect(
      (await delivery('/news/scheduled-story-en?locale=en', { authorization: `Bearer ${preview}` })).statusCode,
    ).toBe(200);
  });
});

describe('delivery access', () => {
  it('requires a token when saved so, and answers CORS only to the saved origins', async () => {
    const before = (await ctx.admin.get('/api/delivery-access')).json().data;
    const saved = await ctx.admin.post('/api/delivery-access', {
      token_required: true,
      cors_origins: ['https://Shop.example.com', 'http://localhost:3000', 'https://shop.example.com'],
      updated_at: before.updated_at,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.cors_origins).toEqual(['https://shop.example.com', 'http://localhost:3000']);
    // The form loaded before that save is stale now.
    const stale = await ctx.admin.post('/api/delivery-access', {
      token_required: false,
      cors_origins: [],
      updated_at: before.updated_at,
    });
    expect(stale.statusCode).toBe(409);

    const anonymous = await delivery('/settings', { origin: 'https://shop.example.com' });
    expect(anonymous.statusCode).toBe(401);
    const token = (await ctx.admin.post('/api/api-tokens', { name: 'Shop', scope: 'read' })).json().data.token;
    const allowed = await delivery('/settings', {
      origin: 'https://shop.example.com',
      authorization: `Bearer ${token}`,
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(allowed.headers.vary).toContain('Origin');
    const other = await delivery('/settings', { origin: 'https://evil.example', authorization: `Bearer ${token}` });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await ctx.server.app.inject({
      method: 'OPTIONS',
      url: '/api/delivery/news?locale=en',
      headers: { origin: 'http://localhost:3000', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');

    const refused = await ctx.admin.post('/api/delivery-access', {
      token_required: 'maybe',
      cors_origins: ['https://ok.example', 'javascript:alert(1)', 'https://path.example/x'],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      token_required: ['errors.invalid'],
      'cors_origins.1': ['errors.invalid'],
      'cors_origins.2': ['errors.invalid'],
    });
    const current = (await ctx.admin.get('/api/delivery-access')).json().data;
    expect(current.token_required).toBe(true);
    const reset = await ctx.admin.post('/api/delivery-access', {
      token_required: false,
      cors_origins: ['*'],
      updated_at: current.updated_at,
    });
    expect(reset.statusCode).toBe(200);
    const any = await delivery('/settings', { origin: 'https://anyone.example' });
    expect(any.statusCode).toBe(200);
    expect(any.headers['access-control-allow-origin']).toBe('https://anyone.example');
    expect(any.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
  });
});
