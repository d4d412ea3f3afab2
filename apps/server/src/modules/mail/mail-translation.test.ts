import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailTemplates } from '../../db/schema.js';
import { idsOf, useSignedInServer } from '../../test/content-cases.js';

// The translation workflow of the mail templates (docs/features/translations.md): each locale's state in the list
// rows, the record's answer and the list filter, as the content resources have it.

const BASE = '/api/mail';
const ctx = useSignedInServer();
const templateId = async (event: string) =>
  (await ctx.server.ctx.db.select().from(mailTemplates).where(eq(mailTemplates.event, event)))[0]?.id ?? 0;
const lang = (title: string, plain = `${title} plain`) => ({
  title,
  subject: `${title} subject`,
  content_plain: plain,
  content: `<p>${title}</p>`,
});
async function save(id: number, langs: object) {
  const loaded = (await ctx.admin.get(`${BASE}/${id}`)).json().data;
  const res = await ctx.admin.post(`${BASE}/${id}`, { langs, updated_at: loaded.updated_at });
  expect(res.statusCode, res.body).toBe(200);
}
const listed = async (filter: string) => idsOf(await ctx.admin.get(`${BASE}/?per_page=100&translation=${filter}`));

describe('mail template translation state', () => {
  it('an edit of the Slovak version leaves the English outdated until it is saved too', async () => {
    const id = await templateId('contact');
    await save(id, { sk: lang('Kontakt'), en: lang('Contact') });
    await save(id, { sk: lang('Kontakt – nový'), en: lang('Contact') });
    expect((await ctx.admin.get(`${BASE}/${id}`)).json().translation).toEqual({ sk: 'complete', en: 'outdated' });
    const row = (await ctx.admin.get(`${BASE}/?per_page=100`)).json().data.find((r: { id: number }) => r.id === id);
    expect(row.translation).toEqual({ sk: 'complete', en: 'outdated' });
    expect(await listed('outdated')).toContain(id);
    await save(id, { sk: lang('Kontakt – nový'), en: lang('Contact – new') });
    expect((await ctx.admin.get(`${BASE}/${id}`)).json().translation).toEqual({ sk: 'complete', en: 'complete' });
    expect(await listed('outdated')).not.toContain(id);
  });

  it('a seeded template edited in one language leaves the other outdated, though the save rewrites its HTML', async () => {
    const id = await templateId('registration');
    const loaded = (await ctx.admin.get(`${BASE}/${id}`)).json().data;
    // As seeded: HTML as written by hand (`<br>`), which the sanitiser writes as `<br />` when the form sends it back.
    expect(`${loaded.langs.sk.content}${loaded.langs.en.content}`).toContain('<br>');
    await save(id, { sk: { ...loaded.langs.sk, title: `${loaded.langs.sk.title} (upravené)` }, en: loaded.langs.en });
    expect((await ctx.admin.get(`${BASE}/${id}`)).json().translation).toEqual({ sk: 'complete', en: 'outdated' });
  });

  it('an empty English plain text where the Slovak has one is missing in English', async () => {
    const id = await templateId('price');
    await save(id, { sk: lang('Cenová ponuka'), en: lang('Price offer', '') });
    expect((await ctx.admin.get(`${BASE}/${id}`)).json().translation.en).toBe('missing');
    expect(await listed('missing_en')).toContain(id);
    expect(await listed('missing_sk')).not.toContain(id);
  });
});
