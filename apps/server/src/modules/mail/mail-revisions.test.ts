import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { activityLogs, mailTemplates, revisions } from '../../db/schema.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { Agent } from '../../test/harness.js';

// The history of a mail template (docs/features/revisions.md): every save keeps a revision, which can be read and
// restored by whoever may save the template.

const BASE = '/api/mail';
const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const templateId = async (event: string) =>
  (await db().select().from(mailTemplates).where(eq(mailTemplates.event, event)))[0]?.id ?? 0;
const lang = (title: string, content = `<p>${title}</p>`) => ({
  title,
  subject: `${title} subject`,
  content_plain: `${title} plain`,
  content,
});

/** Saves the template with `sk` and `en` titles (both locales), as the admin's form would. */
async function save(id: number, sk: string, en = 'Contact form') {
  const loaded = (await ctx.admin.get(`${BASE}/${id}`)).json().data;
  const res = await ctx.admin.post(`${BASE}/${id}`, {
    langs: { sk: lang(sk), en: lang(en) },
    updated_at: loaded.updated_at,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

afterEach(() => {
  delete process.env.REVISIONS_KEEP;
});

describe('mail template revisions', () => {
  it('every save keeps one with both locales, newest first; one reads as saved', async () => {
    const id = await templateId('contact');
    await save(id, 'Kontaktný formulár');
    await save(id, 'Kontaktný formulár 2', 'Contact form 2');
    const list = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json();
    // The two saves, and the template as seeded, kept before the first save.
    expect(list.meta.total).toBe(3);
    expect(list.data[2]).toMatchObject({ action: 'original', user: null });
    expect(list.data[0]).toMatchObject({ action: 'update', user: { id: expect.any(Number) } });
    const fields = ['content', 'content_plain', 'subject', 'title'];
    expect(list.data[0].changed.sort()).toEqual([
      ...fields.map((f) => `langs.en.${f}`),
      ...fields.map((f) => `langs.sk.${f}`),
    ]);
    const oldest = (await ctx.admin.get(`${BASE}/${id}/revisions/${list.data[1].id}`)).json().data;
    expect(oldest.record.langs).toEqual({ sk: lang('Kontaktný formulár'), en: lang('Contact form') });
    expect(oldest.record).not.toHaveProperty('models');
    expect((await ctx.admin.get(`${BASE}/${id}/revisions/999999`)).statusCode).toBe(404);
    const other = await templateId('price');
    expect((await ctx.admin.get(`${BASE}/${other}/revisions/${list.data[1].id}`)).statusCode).toBe(404);
  });

  it('a restore saves the old version as a new one (logged, kept as revert); a stale one is 409 and writes nothing', async () => {
    const id = await templateId('price');
    await save(id, 'Cenová ponuka');
    const current = await save(id, 'Cenová ponuka – nová');
    const [, first] = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json().data;

    const stale = await ctx.admin.post(`${BASE}/${id}/revisions/${first.id}/restore`, {
      updated_at: '2000-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    expect((await ctx.admin.get(`${BASE}/${id}`)).json().data.langs.sk.title).toBe('Cenová ponuka – nová');
    expect((await ctx.admin.get(`${BASE}/${id}/revisions`)).json().meta.total).toBe(3);

    const res = await ctx.admin.post(`${BASE}/${id}/revisions/${first.id}/restore`, {
      updated_at: current.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.langs.sk).toEqual(lang('Cenová ponuka'));
    expect(res.json().data.models.length).toBeGreaterThan(0);
    const [latest] = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json().data;
    expect(latest).toMatchObject({ action: 'revert', changed: expect.arrayContaining(['langs.sk.title']) });
    const [log] = await db().select().from(activityLogs).where(eq(activityLogs.row_id, id)).orderBy(activityLogs.id);
    expect(log).toMatchObject({ model: 'MailTemplate', action: 'update' });
  });

  it('a restore of a version that no longer validates is 422', async () => {
    const id = await templateId('registration');
    await save(id, 'Registrácia');
    const [kept] = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json().data;
    await db()
      .update(revisions)
      .set({ data: { langs: { sk: lang('ab'), en: lang('Registration') } } })
      .where(eq(revisions.id, kept.id));
    const loaded = (await ctx.admin.get(`${BASE}/${id}`)).json().data;
    const res = await ctx.admin.post(`${BASE}/${id}/revisions/${kept.id}/restore`, { updated_at: loaded.updated_at });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(['langs.sk.title']);
  });

  it('keeps the newest REVISIONS_KEEP; REVISIONS_KEEP=0 keeps none', async () => {
    process.env.REVISIONS_KEEP = '2';
    const id = await templateId('user_created');
    for (const n of [1, 2, 3, 4]) await save(id, `Nový účet ${n}`);
    const list = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json();
    expect(list.meta.total).toBe(2);
    expect(list.data[0].changed).toContain('langs.sk.title');
    process.env.REVISIONS_KEEP = '0';
    await save(id, 'Nový účet 5');
    expect((await ctx.admin.get(`${BASE}/${id}/revisions`)).json()).toMatchObject({ data: [], meta: { total: 0 } });
    delete process.env.REVISIONS_KEEP;
    expect((await ctx.admin.get(`${BASE}/${id}/revisions`)).json().meta.total).toBe(2);
  });

  it('anonymous → 401 on each route; a role-2 editor reads the history but gets 403 restoring', async () => {
    const id = await templateId('password_reset');
    await save(id, 'Obnova hesla');
    const current = await save(id, 'Obnova hesla 2');
    const [, first] = (await ctx.editor.get(`${BASE}/${id}/revisions`)).json().data;
    expect((await ctx.editor.get(`${BASE}/${id}/revisions/${first.id}`)).statusCode).toBe(200);
    const anon = new Agent(ctx.server.app);
    await anon.get('/sanctum/csrf-cookie');
    expect((await anon.get(`${BASE}/${id}/revisions`)).statusCode).toBe(401);
    expect((await anon.get(`${BASE}/${id}/revisions/${first.id}`)).statusCode).toBe(401);
    expect((await anon.post(`${BASE}/${id}/revisions/${first.id}/restore`, {})).statusCode).toBe(401);
    const refused = await ctx.editor.post(`${BASE}/${id}/revisions/${first.id}/restore`, {
      updated_at: current.updated_at,
    });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.admin.get(`${BASE}/${id}`)).json().data.langs.sk.title).toBe('Obnova hesla 2');
  });
});
