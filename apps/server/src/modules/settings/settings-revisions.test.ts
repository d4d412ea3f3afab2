import { SETTINGS_SECRETS } from '@backoffice/shared';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { activityLogs, revisions } from '../../db/schema.js';
import { readSettings } from '../../db/settings.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { Agent } from '../../test/harness.js';

// The history of the four settings records (docs/features/revisions.md): `GET /api/settings/{id}/revisions`, one
// revision, and its restore; the secrets are never kept in a revision and a restore keeps the current ones.

const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const both = <T>(value: T) => ({ sk: value, en: value });
const get = async (id: number) => (await ctx.admin.get(`/api/settings/${id}`)).json();
const history = async (id: number) => (await ctx.admin.get(`/api/settings/${id}/revisions`)).json();
/** A save as the admin's form sends it: with the updated_at it loaded. */
async function save(id: number, values: Record<string, unknown>) {
  const res = await ctx.admin.post(`/api/settings/${id}`, { ...values, updated_at: (await get(id)).updated_at });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const social = (facebook: string, instagram = 'https://instagram.com/demo') => ({
  social_facebook_link: { sk: facebook, en: `${facebook}/en` },
  social_instagram_link: both(instagram),
});

afterEach(() => {
  delete process.env.REVISIONS_KEEP;
});

describe('settings revisions', () => {
  it('every save keeps one with each key per locale, newest first, changes named per locale', async () => {
    await save(4, social('https://facebook.com/demo'));
    await save(4, social('https://facebook.com/demo2'));
    const list = await history(4);
    // The two saves, and the values as seeded, kept before the first save (`original`, by nobody).
    expect(list.meta.total).toBe(3);
    expect(list.data[2]).toMatchObject({ action: 'original', user: null, changed: [] });
    expect(list.data[0]).toMatchObject({ action: 'update', user: { id: expect.any(Number) } });
    expect(list.data[0].changed.sort()).toEqual(['langs.en.social_facebook_link', 'langs.sk.social_facebook_link']);
    const one = (await ctx.admin.get(`/api/settings/4/revisions/${list.data[1].id}`)).json().data;
    expect(one.record.langs.sk.social_facebook_link).toBe('https://facebook.com/demo');
    expect(one.record.langs.en.social_facebook_link).toBe('https://facebook.com/demo/en');
    expect(one.record.langs.en.social_instagram_link).toBe('https://instagram.com/demo');
    expect((await ctx.admin.get(`/api/settings/3/revisions/${list.data[1].id}`)).statusCode).toBe(404);
    expect((await ctx.admin.get('/api/settings/4/revisions/999999')).statusCode).toBe(404);
    expect((await ctx.admin.get('/api/settings/5/revisions')).statusCode).toBe(404);
  });

  it('a restore saves the old values (logged, kept as revert); a stale one is 409 and writes nothing', async () => {
    await save(1, { meta_title: { sk: 'Starý titulok', en: 'Old title' } });
    const current = await save(1, { meta_title: { sk: 'Nový titulok', en: 'New title' } });
    const [, first] = (await history(1)).data;

    const stale = await ctx.admin.post(`/api/settings/1/revisions/${first.id}/restore`, {
      updated_at: '2000-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    expect((await get(1)).data.meta_title).toEqual({ sk: 'Nový titulok', en: 'New title' });
    expect((await history(1)).meta.total).toBe(3);

    const res = await ctx.admin.post(`/api/settings/1/revisions/${first.id}/restore`, {
      updated_at: current.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: expect.any(String), updated_at: expect.any(String) });
    expect(res.json().data.meta_title).toEqual({ sk: 'Starý titulok', en: 'Old title' });
    const [latest] = (await history(1)).data;
    expect(latest).toMatchObject({ action: 'revert' });
    expect(latest.changed.sort()).toEqual(['langs.en.meta_title', 'langs.sk.meta_title']);
    const [log] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.model, 'Settings'), eq(activityLogs.row_id, 1)))
      .orderBy(activityLogs.id);
    expect(log).toMatchObject({ action: 'update' });
  });

  it('a version that no longer validates is 422 on its field', async () => {
    await save(4, social('https://facebook.com/valid'));
    const [kept] = (await history(4)).data;
    const stored = (await ctx.admin.get(`/api/settings/4/revisions/${kept.id}`)).json().data.record;
    stored.langs.sk.social_facebook_link = 'not a link';
    await db().update(revisions).set({ data: stored }).where(eq(revisions.id, kept.id));
    const res = await ctx.admin.post(`/api/settings/4/revisions/${kept.id}/restore`, {
      updated_at: (await get(4)).updated_at,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'social_facebook_link.sk': ['errors.invalid'] });
  });

  it('the API key is never kept nor answered, and a restore keeps the current one', async () => {
    expect(SETTINGS_SECRETS.email).toEqual(['mailchimp_api_key']);
    const OLD = 'mc-0000000000000000000000000000000-old1';
    const NEW = 'mc-1111111111111111111111111111111-new2';
    await save(3, { email_sender_name: both('Demo shop'), mailchimp_api_key: both(OLD) });
    await save(3, { email_sender_name: both('Demo e-shop'), mailchimp_api_key: both(NEW) });
    const list = await history(3);
    // A change of the secret alone is no change the history names.
    expect(list.data[0].changed.sort()).toEqual(['langs.en.email_sender_name', 'langs.sk.email_sender_name']);
    const stored = await db().select().from(revisions).where(eq(revisions.model, 'Settings'));
    for (const row of stored) {
      const text = JSON.stringify(row.data);
      expect(text).not.toContain('mailchimp_api_key');
      expect(text).not.toContain('0000000000');
      expect(text).not.toContain('1111111111');
    }
    for (const agent of [ctx.admin, ctx.editor]) {
      const read = await agent.get(`/api/settings/3/revisions/${list.data[1].id}`);
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain('mailchimp_api_key');
      expect(read.body).not.toContain('old1');
    }
    const res = await ctx.admin.post(`/api/settings/3/revisions/${list.data[1].id}/restore`, {
      updated_at: (await get(3)).updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(NEW);
    expect(res.json().data.email_sender_name).toEqual(both('Demo shop'));
    expect(res.json().data.mailchimp_api_key).toEqual(both('••••new2'));
    expect((await readSettings(db(), 'email')).mailchimp_api_key).toEqual(both(NEW));
  });

  it('keeps the newest REVISIONS_KEEP per record; REVISIONS_KEEP=0 keeps none and lists none', async () => {
    process.env.REVISIONS_KEEP = '3';
    for (const n of [1, 2, 3, 4, 5]) await save(2, { contact_others: both(`Otvorené ${n}`) });
    const list = await history(2);
    expect(list.meta.total).toBe(3);
    expect(list.data[0].changed.sort()).toEqual(['langs.en.contact_others', 'langs.sk.contact_others']);
    process.env.REVISIONS_KEEP = '0';
    await save(2, { contact_others: both('Otvorené 6') });
    expect(await history(2)).toMatchObject({ data: [], meta: { total: 0 } });
    delete process.env.REVISIONS_KEEP;
    expect((await history(2)).meta.total).toBe(3);
  });

  it('anonymous → 401 on each route; a role-2 editor reads the history but gets 403 restoring', async () => {
    await save(4, social('https://facebook.com/a'));
    await save(4, social('https://facebook.com/b'));
    const [, first] = (await ctx.editor.get('/api/settings/4/revisions')).json().data;
    expect((await ctx.editor.get(`/api/settings/4/revisions/${first.id}`)).statusCode).toBe(200);
    const anon = new Agent(ctx.server.app);
    await anon.get('/sanctum/csrf-cookie');
    expect((await anon.get('/api/settings/4/revisions')).statusCode).toBe(401);
    expect((await anon.get(`/api/settings/4/revisions/${first.id}`)).statusCode).toBe(401);
    expect((await anon.post(`/api/settings/4/revisions/${first.id}/restore`, {})).statusCode).toBe(401);
    const refused = await ctx.editor.post(`/api/settings/4/revisions/${first.id}/restore`, {
      updated_at: (await get(4)).updated_at,
    });
    expect(refused.statusCode).toBe(403);
    expect((await get(4)).data.social_facebook_link.sk).toBe('https://facebook.com/b');
  });
});
