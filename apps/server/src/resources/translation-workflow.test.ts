import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { activityLogs, mailTemplates, revisions } from '../db/schema.js';
import { idsOf, useSignedInServer } from '../test/content-cases.js';
import { textInput } from '../test/factories.js';
import { Agent } from '../test/harness.js';

// "Mark as up to date" and "what changed in the other language" (docs/features/translations.md): an outdated locale
// is made current without a change of its text, and its tab shows the other locale's changes since it was current.

const BASE = '/api/content/text';
const ctx = useSignedInServer();

type Lang = { title: string; content: string };
const lang = (title: string, content: string) => ({ title, content });

async function save(id: number | null, sk: Lang, en: Lang) {
  const stamp = id ? (await ctx.admin.get(`${BASE}/${id}`)).json().data.updated_at : undefined;
  const input = { ...(await textInput(ctx.server.ctx.db)), langs: { sk, en }, updated_at: stamp };
  const res = await ctx.admin.post(id ? `${BASE}/${id}` : `${BASE}/`, input);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data.id as number;
}
const listed = async (filter: string) => idsOf(await ctx.admin.get(`${BASE}/?per_page=100&translation=${filter}`));
const changesOf = async (id: number, locale: string, agent = ctx.admin) =>
  agent.get(`${BASE}/${id}/translation/changes?locale=${locale}`);
const markCurrent = (id: number, body: Record<string, unknown>, agent = ctx.admin) =>
  agent.post(`${BASE}/${id}/translation/current`, body);

afterEach(() => {
  delete process.env.REVISIONS_KEEP;
});

describe('mark as up to date', () => {
  it('makes the outdated English current without changing a field, logged, no new revision', async () => {
    const id = await save(null, lang('Otváracie hodiny', '<p>Po–Pi</p>'), lang('Opening hours', '<p>Mon–Fri</p>'));
    await save(id, lang('Otváracie hodiny', '<p>Po–Pi.</p>'), lang('Opening hours', '<p>Mon–Fri</p>'));
    expect(await listed('outdated_en')).toContain(id);
    const before = (await ctx.admin.get(`${BASE}/${id}`)).json().data;
    const history = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json().meta.total;

    // An editor may: the same roles as for editing the text.
    const res = await markCurrent(id, { locale: 'en' }, ctx.editor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'The language has been marked as up to date.',
      translation: { sk: 'complete', en: 'complete' },
    });
    const after = (await ctx.admin.get(`${BASE}/${id}`)).json();
    expect(after.data).toEqual(before);
    expect(after.translation).toEqual({ sk: 'complete', en: 'complete' });
    for (const filter of ['outdated', 'outdated_en', 'outdated_sk']) expect(await listed(filter)).not.toContain(id);
    expect((await ctx.admin.get(`${BASE}/${id}/revisions`)).json().meta.total).toBe(history);
    const logged = await ctx.server.ctx.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.row_id, id),
          eq(activityLogs.model, 'Text'),
          eq(activityLogs.action, 'translation_current'),
        ),
      );
    expect(logged).toHaveLength(1);

    // The form loaded before the marking still saves (the record's updated_at did not move); a later Slovak change
    // leaves the English behind again.
    await save(id, lang('Otváracie hodiny', '<p>Po–So</p>'), lang('Opening hours', '<p>Mon–Fri</p>'));
    expect(await listed('outdated_en')).toContain(id);
  });

  it('refuses a locale that is not outdated or not a locale (422), an unknown record (404), and anonymous (401)', async () => {
    const id = await save(null, lang('Cenník', '<p>Ceny</p>'), lang('Prices', '<p>Prices</p>'));
    const current = await markCurrent(id, { locale: 'sk' });
    expect(current.statusCode).toBe(422);
    expect(current.json().errors).toEqual({ locale: ['errors.notOutdated'] });
    for (const body of [{ locale: 'de' }, {}, { locale: ['en'] }]) {
      const bad = await markCurrent(id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['locale']);
    }
    expect((await markCurrent(2_000_000_000, { locale: 'en' })).statusCode).toBe(404);
    const anonymous = new Agent(ctx.server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await markCurrent(id, { locale: 'en' }, anonymous)).statusCode).toBe(401);
    const logged = await ctx.server.ctx.db.select().from(activityLogs).where(eq(activityLogs.row_id, id));
    expect(logged.map((l) => l.action)).toEqual(['store']);
  });

  it('a role that may view but not edit a record gets 403 (mail templates: administrator only)', async () => {
    const [template] = await ctx.server.ctx.db.select().from(mailTemplates).limit(1);
    const id = template?.id ?? 0;
    expect((await ctx.editor.post(`/api/mail/${id}/translation/current`, { locale: 'en' })).statusCode).toBe(403);
    expect((await ctx.editor.get(`/api/mail/${id}/translation/changes?locale=en`)).statusCode).toBe(200);
    expect((await ctx.admin.post(`/api/mail/${id}/translation/current`, { locale: 'en' })).statusCode).toBe(422);
  });
});

describe('changes of the other language since this one was current', () => {
  it('lists the Slovak fields changed since the English was current, from then on after a marking', async () => {
    const id = await save(null, lang('Doprava', '<p>Autobusom</p>'), lang('Transport', '<p>By bus</p>'));
    const none = (await changesOf(id, 'en')).json().data;
    expect(none).toMatchObject({ locale: 'en', outdated: false, revision: null, changes: [] });

    await save(id, lang('Doprava', '<p>Autobusom č. 31</p>'), lang('Transport', '<p>By bus</p>'));
    await save(id, lang('Doprava a parkovanie', '<p>Autobusom č. 31</p>'), lang('Transport', '<p>By bus</p>'));
    const res = await changesOf(id, 'en', ctx.editor);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ locale: 'en', outdated: true, revision: { action: 'store' } });
    expect(data.changes).toEqual([
      { field: 'title', before: 'Doprava', after: 'Doprava a parkovanie' },
      { field: 'content', before: '<p>Autobusom</p>', after: '<p>Autobusom č. 31</p>' },
    ]);
    // The Slovak is not behind: nothing to show.
    expect((await changesOf(id, 'sk')).json().data).toMatchObject({ outdated: false, changes: [] });

    // Marked current, then the Slovak changes again: only what changed since the marking.
    expect((await markCurrent(id, { locale: 'en' })).statusCode).toBe(200);
    await save(id, lang('Doprava a parkovanie', '<p>Autobusom č. 39</p>'), lang('Transport', '<p>By bus</p>'));
    expect((await changesOf(id, 'en')).json().data.changes).toEqual([
      { field: 'content', before: '<p>Autobusom č. 31</p>', after: '<p>Autobusom č. 39</p>' },
    ]);

    // An English save brings it up to date; a later English change leaves the Slovak behind, compared from there.
    await save(id, lang('Doprava a parkovanie', '<p>Autobusom č. 39</p>'), lang('Transport', '<p>Bus 39</p>'));
    await save(id, lang('Doprava a parkovanie', '<p>Autobusom č. 39</p>'), lang('Transport', '<p>Bus 39 or 31</p>'));
    expect((await changesOf(id, 'sk')).json().data.changes).toEqual([
      { field: 'content', before: '<p>Bus 39</p>', after: '<p>Bus 39 or 31</p>' },
    ]);
  });

  it('a record whose history starts at its first admin save compares from its original; none kept: says so', async () => {
    const id = await save(null, lang('Sklad', '<p>Otvorené</p>'), lang('Warehouse', '<p>Open</p>'));
    // As if seeded: no revision, and both locales current since long ago.
    await ctx.server.ctx.db.delete(revisions).where(and(eq(revisions.model, 'Text'), eq(revisions.record_id, id)));
    await ctx.server.ctx.db.execute(
      sql`update text_langs set current_at = now() - interval '1 day' where text_id = ${id}`,
    );
    await save(id, lang('Sklad', '<p>Zatvorené</p>'), lang('Warehouse', '<p>Open</p>'));
    const data = (await changesOf(id, 'en')).json().data;
    expect(data.revision).toMatchObject({ action: 'original' });
    expect(data.changes).toEqual([{ field: 'content', before: '<p>Otvorené</p>', after: '<p>Zatvorené</p>' }]);

    // The history turned off: the locale is outdated, and there is no revision to compare from.
    process.env.REVISIONS_KEEP = '0';
    expect((await changesOf(id, 'en')).json().data).toMatchObject({ outdated: true, revision: null, changes: [] });
  });

  it('refuses a missing or unknown locale (422), an unknown record (404), anonymous (401)', async () => {
    const id = await save(null, lang('Kontakt', '<p>Tel.</p>'), lang('Contact', '<p>Phone</p>'));
    for (const locale of ['de', '']) {
      const bad = await changesOf(id, locale);
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['locale']);
    }
    expect((await ctx.admin.get(`${BASE}/${id}/translation/changes`)).statusCode).toBe(422);
    expect((await changesOf(2_000_000_000, 'en')).statusCode).toBe(404);
    expect((await changesOf(id, 'en', new Agent(ctx.server.app))).statusCode).toBe(401);
  });
});
