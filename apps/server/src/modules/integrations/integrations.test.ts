import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, jobs, webhookDeliveries, webhooks } from '../../db/schema.js';
import { sha256 } from '../../http/crypto.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { buildArticle, buildPage, pageInput, textInput } from '../../test/factories.js';
import { startReceiver, verifies } from '../../test/webhook-receiver.js';
import { checkedAddress, isPublicAddress } from './outbound.js';

const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const config = () => ctx.server.ctx.config as { webhooksAllowPrivate: boolean };
const delivery = (path: string, headers: Record<string, string> = {}) =>
  ctx.server.app.inject({ method: 'GET', url: `/api/delivery${path}`, headers });
/** Runs the queued jobs (changes, then deliveries) until none is due. */
const drain = () => ctx.server.app.jobs.drain();

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
    expect(refused.json().errors).toEqual({ name: ['errors.min3'], scope: ['errors.requiredSelect'] });
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

describe('where a webhook may go', () => {
  it('only public unicast addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('names are resolved and every address checked', async () => {
    await expect(checkedAddress('localhost', false)).rejects.toThrow(/not a public address/);
    await expect(checkedAddress('[::1]', false)).rejects.toThrow(/not a public address/);
    await expect(checkedAddress('no-such-host.invalid', false)).rejects.toThrow(/does not resolve/);
    expect((await checkedAddress('localhost', true)).address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('a loopback, private or metadata address is refused when saved (422 url), and nothing is stored', async () => {
    config().webhooksAllowPrivate = false;
    for (const url of [
      receiver.url,
      'http://localhost:9/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://10.0.0.8/',
      'http://0x7f000001/',
    ]) {
      const res = await ctx.admin.post('/api/webhooks', { name: 'Inside', url, events: ['content.updated'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ url: ['errors.webhookAddress'] });
    }
    expect(await db().select().from(webhooks)).toEqual([]);
    const bad = await ctx.admin.post('/api/webhooks', { name: 'x', url: 'ftp://example.com', events: [] });
    expect(bad.json().errors).toEqual({
      name: ['errors.min3'],
      url: ['errors.invalid'],
      events: ['errors.requiredSelect'],
    });
  });
});

describe('webhooks', () => {
  let hook: { id: number; secret: string };

  beforeAll(async () => {
    config().webhooksAllowPrivate = true;
    const made = await ctx.admin.post('/api/webhooks', {
      name: 'Search index',
      url: receiver.url,
      events: [
        'content.created',
        'content.updated',
        'content.published',
        'content.unpublished',
        'content.removed',
        'settings.changed',
        'form.submitted',
      ],
    });
    expect(made.statusCode).toBe(201);
    hook = made.json().data;
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const [row] = await db().select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row?.secret).not.toContain(hook.secret.slice(6));
    expect(JSON.stringify((await ctx.admin.get('/api/webhooks')).json())).not.toContain(hook.secret);
  });

  it('a page saved, published, hidden and removed reaches the receiver signed, with its addresses', async () => {
    receiver.received.length = 0;
    const created = await ctx.admin.post('/api/content/page/', pageInput({ title: 'Hooked', status: false }));
    expect(created.statusCode).toBe(201);
    const { id, updated_at } = created.json().data;
    await drain();
    const [first] = receiver.received;
    expect(first?.json).toMatchObject({
      event: 'content.created',
      resource: 'pages',
      record_id: id,
      locales: ['sk', 'en'],
    });
    expect(first?.json.addresses).toMatchObject({
      en: {
        delivery: `${ctx.server.config.appUrl}/api/delivery/pages/hooked-en?locale=en`,
        site: `${ctx.server.config.appUrl}/en/hooked-en`,
      },
    });
    expect(first && verifies(hook.secret, first)).toBe(true);
    expect(first?.headers['webhook-id']).toBe(first?.json.id);
    expect(Math.abs(Number(first?.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);

    const published = await ctx.admin.post(`/api/content/page/${id}`, {
      ...pageInput({ title: 'Hooked', status: true }),
      updated_at,
    });
    expect(published.statusCode).toBe(200);
    await drain();
    expect(receiver.about(id)).toEqual(['content.created', 'content.updated', 'content.published']);

    expect((await ctx.admin.post('/api/content/page/array/hide', { rows: [id] })).statusCode).toBe(200);
    expect((await ctx.admin.delete(`/api/content/page/${id}`)).statusCode).toBe(200);
    await drain();
    expect(receiver.about(id).slice(3)).toEqual(['content.unpublished', 'content.removed']);
    expect(receiver.received.every((r) => verifies(hook.secret, r))).toBe(true);
    // Restored is not among the endpoint's events.
    await ctx.admin.post(`/api/content/page/${id}/restore`, {});
    await drain();
    expect(receiver.about(id)).toHaveLength(5);
  });

  it('settings saved and a form submitted are events too', async () => {
    receiver.received.length = 0;
    const settings = (await ctx.admin.get('/api/settings/4')).json();
    expect(
      (
        await ctx.admin.post('/api/settings/4', {
          social_facebook_link: { sk: 'https://facebook.com/x', en: '' },
          updated_at: settings.updated_at,
        })
      ).statusCode,
    ).toBe(200);
    await drain();
    expect(receiver.received.map((r) => r.json.event)).toEqual(['settings.changed']);
  });

  it('a receiver that fails is tried again later; a success clears the failure', async () => {
    receiver.received.length = 0;
    receiver.answerWith(503);
    const text = await ctx.admin.post('/api/content/text/', await textInput(db(), { title: 'Retried' }));
    const id = text.json().data.id;
    await drain();
    const [failed] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.record_id, id));
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: 503,
      response_excerpt: 'answer 503',
    });
    expect(failed?.next_attempt_at?.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect((await ctx.admin.get(`/api/webhooks/${hook.id}`)).json().data.failing_since).not.toBeNull();

    receiver.answerWith(200);
    await db().update(jobs).set({ run_at: new Date() });
    await drain();
    const [done] = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, failed?.id ?? 0));
    expect(done).toMatchObject({ status: 'delivered', attempts: 2, response_status: 200 });
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect((await ctx.admin.get(`/api/webhooks/${hook.id}`)).json().data.failing_since).toBeNull();

    const log = (await ctx.admin.get(`/api/webhooks/${hook.id}/deliveries`)).json();
    expect(log.data[0]).toMatchObject({ id: failed?.id, status: 'delivered', attempts: 2, event: 'content.created' });
    expect(log.meta.total).toBeGreaterThan(0);

    // Send again: a new row of the log, the same webhook-id.
    expect((await ctx.admin.post(`/api/webhooks/${hook.id}/deliveries/${failed?.id}/resend`, {})).statusCode).toBe(200);
    await drain();
    const again = (await ctx.admin.get(`/api/webhooks/${hook.id}/deliveries`)).json().data[0];
    expect(again).toMatchObject({ event_id: failed?.event_id, status: 'delivered' });
    expect(again.id).not.toBe(failed?.id);
    expect((await ctx.admin.post(`/api/webhooks/${hook.id}/deliveries/999999/resend`, {})).statusCode).toBe(404);
  });

  it('an endpoint failing for a day is switched off, its waiting deliveries fail, and it says so', async () => {
    receiver.answerWith(500);
    await db()
      .update(webhooks)
      .set({ failing_since: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(webhooks.id, hook.id));
    await ctx.admin.post('/api/content/text/', await textInput(db(), { title: 'Last straw' }));
    await drain();
    const item = (await ctx.admin.get(`/api/webhooks/${hook.id}`)).json().data;
    expect(item.active).toBe(false);
    expect(item.switched_off_at).not.toBeNull();
    const pending = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
    expect(pending).toEqual([]);

    // Switched on again by its form: the failure is forgotten.
    receiver.answerWith(200);
    const saved = await ctx.admin.post(`/api/webhooks/${hook.id}`, { ...item, active: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ active: true, switched_off_at: null, failing_since: null });
  });

  it('a ping, a new secret, and a send-time check of the address', async () => {
    receiver.received.length = 0;
    expect((await ctx.admin.post(`/api/webhooks/${hook.id}/ping`, {})).statusCode).toBe(200);
    await drain();
    expect(receiver.received.map((r) => r.json.event)).toEqual(['ping']);
    const renewed = (await ctx.admin.post(`/api/webhooks/${hook.id}/secret`, {})).json().data.secret;
    expect(renewed).not.toBe(hook.secret);
    await ctx.admin.post(`/api/webhooks/${hook.id}/ping`, {});
    await drain();
    expect(verifies(renewed, receiver.received[1] as never)).toBe(true);
    expect(verifies(hook.secret, receiver.received[1] as never)).toBe(false);

    // The address was allowed when saved; at send time it is not any more: refused, never connected.
    config().webhooksAllowPrivate = false;
    await ctx.admin.post(`/api/webhooks/${hook.id}/ping`, {});
    await drain();
    config().webhooksAllowPrivate = true;
    expect(receiver.received).toHaveLength(2);
    const [last] = (await ctx.admin.get(`/api/webhooks/${hook.id}/deliveries`)).json().data;
    expect(last).toMatchObject({ event: 'ping', status: 'failed', response_status: null });
    expect(last.error).toMatch(/not a public address/);
  });

  it('removing an endpoint removes its log', async () => {
    expect((await ctx.admin.delete(`/api/webhooks/${hook.id}`)).statusCode).toBe(200);
    expect(await db().select().from(webhookDeliveries)).toEqual([]);
    expect((await ctx.admin.get(`/api/webhooks/${hook.id}`)).statusCode).toBe(404);
  });
});
