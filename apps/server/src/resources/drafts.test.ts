import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInServer } from '../test/content-cases.js';
import { articleInput, pageInput, referenceInput } from '../test/factories.js';
import { Agent } from '../test/harness.js';

// Drafts of published records (docs/features/drafts.md): kept beside the record, never live, published by the
// record's ordinary save, discardable.

const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;

const RESOURCES = [
  { name: 'page', base: '/api/content/page', input: async (title: string) => pageInput({ title }) },
  { name: 'article', base: '/api/blog', input: (title: string) => articleInput(db(), { title }) },
  { name: 'reference', base: '/api/reference', input: async (title: string) => referenceInput({ title }) },
] as const;

const pageFor = (html: string, text: string) => html.includes(text);

describe.each(RESOURCES)('drafts of a $name', ({ base, input }) => {
  async function published(title: string) {
    const res = await ctx.admin.post(`${base}/`, await input(title));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; updated_at: string; langs: { sk: { title_url: string } } };
  }

  it('a draft keeps the changes off the record and the site until the save publishes it', async () => {
    const record = await published(`Živé ${base.length}`);
    const loaded = (await ctx.admin.get(`${base}/${record.id}`)).json().data;
    const body = { ...loaded, langs: { ...loaded.langs, sk: { ...loaded.langs.sk, title: 'Koncept nadpisu' } } };

    const kept = await ctx.editor.post(`${base}/${record.id}/draft`, body);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.langs.sk.title).toBe('Koncept nadpisu');
    expect(kept.json().user_name).toEqual(expect.any(String));

    // The record, its revisions and the public site are as they were.
    const after = (await ctx.admin.get(`${base}/${record.id}`)).json().data;
    expect(after.langs.sk.title).toBe(loaded.langs.sk.title);
    expect(after.updated_at).toBe(loaded.updated_at);
    const revisions = (await ctx.admin.get(`${base}/${record.id}/revisions`)).json();
    expect(revisions.meta.total).toBe(1);
    const path = base === '/api/content/page' ? '' : base === '/api/blog' ? 'news/' : 'reference/';
    const site = await ctx.server.app.inject({ url: `/sk/${path}${record.langs.sk.title_url}` });
    expect(site.statusCode).toBe(200);
    expect(pageFor(site.body, 'Koncept nadpisu')).toBe(false);

    // The draft is answered beside the record, and the list of drafts names it.
    const draft = (await ctx.admin.get(`${base}/${record.id}/draft`)).json().data;
    expect(draft.data.langs.sk.title).toBe('Koncept nadpisu');
    const listed = (await ctx.admin.get(`${base}/drafts`)).json().data as { id: number }[];
    expect(listed.map((d) => d.id)).toContain(record.id);

    // The ordinary save publishes: the record changes, one revision is written and the draft is gone.
    const saved = await ctx.admin.post(`${base}/${record.id}`, { ...draft.data, updated_at: loaded.updated_at });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ctx.admin.get(`${base}/${record.id}/draft`)).json().data).toBeNull();
    const live = await ctx.server.app.inject({ url: `/sk/${path}${record.langs.sk.title_url}` });
    expect(pageFor(live.body, 'Koncept nadpisu')).toBe(true);
    expect((await ctx.admin.get(`${base}/${record.id}/revisions`)).json().meta.total).toBe(2);
  });

  it('a draft can be discarded; a second draft replaces the first', async () => {
    const record = await published(`Zahodiť ${base.length}`);
    const loaded = (await ctx.admin.get(`${base}/${record.id}`)).json().data;
    const titled = (title: string) => ({ ...loaded, langs: { ...loaded.langs, en: { ...loaded.langs.en, title } } });
    expect((await ctx.admin.post(`${base}/${record.id}/draft`, titled('First draft'))).statusCode).toBe(200);
    expect((await ctx.admin.post(`${base}/${record.id}/draft`, titled('Second draft'))).statusCode).toBe(200);
    const rows = await db().execute(sql`select count(*)::int as n from drafts where record_id = ${record.id}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThanOrEqual(1);
    expect((await ctx.admin.get(`${base}/${record.id}/draft`)).json().data.data.langs.en.title).toBe('Second draft');

    const discarded = await ctx.editor.delete(`${base}/${record.id}/draft`);
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect((await ctx.admin.get(`${base}/${record.id}/draft`)).json().data).toBeNull();
    expect((await ctx.admin.delete(`${base}/${record.id}/draft`)).statusCode).toBe(404);
    expect((await ctx.admin.get(`${base}/${record.id}`)).json().data.langs.en.title).toBe(loaded.langs.en.title);
  });

  it('a draft is checked as a save is: invalid 422, stale 409, unknown 404; nothing kept', async () => {
    const record = await published(`Kontrola ${base.length}`);
    const loaded = (await ctx.admin.get(`${base}/${record.id}`)).json().data;
    const blank = { ...loaded, langs: { ...loaded.langs, sk: { ...loaded.langs.sk, title: '' } } };
    const invalid = await ctx.admin.post(`${base}/${record.id}/draft`, blank);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors['langs.sk.title']).toBeDefined();
    const stale = await ctx.admin.post(`${base}/${record.id}/draft`, {
      ...loaded,
      updated_at: '2000-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    // A record that does not exist is answered as its save would be.
    const missing = await ctx.admin.post(`${base}/2147483000/draft`, loaded);
    expect(missing.statusCode).toBe((await ctx.admin.post(`${base}/2147483000`, loaded)).statusCode);
    expect((await ctx.admin.delete(`${base}/2147483000/draft`)).statusCode).toBe(404);
    expect((await ctx.admin.post(`${base}/abc/draft`, loaded)).statusCode).toBe(404);
    expect((await ctx.admin.get(`${base}/${record.id}/draft`)).json().data).toBeNull();
  });

  it('unauthenticated 401, a missing CSRF token 419', async () => {
    const record = await published(`Prístup ${base.length}`);
    const loaded = (await ctx.admin.get(`${base}/${record.id}`)).json().data;
    const anonymous = new Agent(ctx.server.app, 'en');
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.get(`${base}/drafts`)).statusCode).toBe(401);
    expect((await anonymous.get(`${base}/${record.id}/draft`)).statusCode).toBe(401);
    expect((await anonymous.post(`${base}/${record.id}/draft`, loaded)).statusCode).toBe(401);
    expect((await anonymous.delete(`${base}/${record.id}/draft`)).statusCode).toBe(401);
    expect((await ctx.admin.post(`${base}/${record.id}/draft`, loaded, { csrf: false })).statusCode).toBe(419);
  });
});
