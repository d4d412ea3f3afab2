import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, webhookDeliveries, webhooks } from '../../db/schema.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { pageInput, textInput } from '../../test/factories.js';
import { startReceiver, verifies } from '../../test/webhook-receiver.js';
import { checkedAddress, isPublicAddress } from './outbound.js';

const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const config = () => ctx.server.ctx.config as { webhooksAllowPrivate: boolean };
const _delivery = (path: string, headers: Record<string, string> = {}) =>
  ctx.server.app.inject({ method: 'GET', url: `/api/delivery${path}`, headers });
/** Runs the queued jobs (changes, then deliveries) until none is due. */
const drain = () => ctx.server.app.jobs.drain();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

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
    const [failed] = await db()
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.resource, 'texts'), eq(webhookDeliveries.record_id, id)));
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
