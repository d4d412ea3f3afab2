import { ROLES, TRANSLATION_FILTERS, type TranslationFilter, type TranslationSummaryRow } from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { idsOf, useSignedInServer } from '../test/content-cases.js';
import { buildUser, textInput } from '../test/factories.js';
import { Agent } from '../test/harness.js';
import { translationState } from './langs.js';

// The translation workflow (docs/features/translations.md): each locale of a translated record knows whether it
// misses a field the other fills and whether it fell behind the other; the lists filter by it.

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

/** Every translated resource's records and language rows, with the column that links them. */
const TRANSLATED = [
  ['texts', 'text_langs', 'text_id'],
  ['pages', 'page_langs', 'page_id'],
  ['categories', 'category_langs', 'category_id'],
  ['panels', 'panel_langs', 'panel_id'],
  ['galleries', 'gallery_langs', 'gallery_id'],
  ['articles', 'article_langs', 'article_id'],
  ['reference_entries', 'reference_langs', 'reference_id'],
  ['partners', 'partner_langs', 'partner_id'],
  ['mail_templates', 'mail_template_langs', 'template_id'],
] as const;

/**
 * The records (`table #id`) whose translation flags, on the record or on one of its language rows, differ from
 * what its language rows' state says (a locale missing a field; either locale outdated): none, while they are kept.
 */
async function flagsOutOfStep(): Promise<string[]> {
  const out: string[] = [];
  for (const [owner, langs, column] of TRANSLATED) {
    const result = (await ctx.server.ctx.db.execute(
      sql.raw(`with state as (
        select ${column} as id, bool_or(language_code = 'sk' and missing) as missing_sk,
          bool_or(language_code = 'en' and missing) as missing_en, bool_or(outdated) as outdated,
          bool_or(language_code = 'sk' and outdated) as outdated_sk, bool_or(language_code = 'en' and outdated) as outdated_en
        from ${langs} group by ${column})
      select '${owner} #' || o.id as record from ${owner} o join state s on s.id = o.id
      where (o.translation_missing_sk, o.translation_missing_en, o.translation_outdated, o.translation_outdated_sk,
            o.translation_outdated_en)
          is distinct from (s.missing_sk, s.missing_en, s.outdated, s.outdated_sk, s.outdated_en)
        or exists (select 1 from ${langs} l where l.${column} = o.id
          and (l.translation_missing_sk, l.translation_missing_en, l.translation_outdated, l.translation_outdated_sk,
              l.translation_outdated_en)
            is distinct from (o.translation_missing_sk, o.translation_missing_en, o.translation_outdated,
              o.translation_outdated_sk, o.translation_outdated_en))`),
    )) as unknown as { rows: { record: string }[] };
    out.push(...result.rows.map((r) => r.record));
  }
  return out;
}

/** The record's flags as the list filters read them from the record. */
async function flagsOf(id: number) {
  const result = (await ctx.server.ctx.db.execute(
    sql`select translation_missing_sk as missing_sk, translation_missing_en as missing_en,
      translation_outdated as outdated from texts where id = ${id}`,
  )) as unknown as { rows: { missing_sk: boolean; missing_en: boolean; outdated: boolean }[] };
  return result.rows[0];
}

/** The ids the filter should list, by the language rows' state (not the flags), in the list's order. */
async function expectedIds(filter: TranslationFilter, order: string, trashed = false) {
  const [kind, locale] = filter.split('_');
  const state = `l.${kind === 'outdated' ? 'outdated' : 'missing'}${locale ? ` and l.language_code = '${locale}'` : ''}`;
  const result = (await ctx.server.ctx.db.execute(
    sql.raw(`select t.id from texts t join text_langs title on title.text_id = t.id and title.language_code = 'en'
      where t.deleted_at is ${trashed ? 'not ' : ''}null
        and exists (select 1 from text_langs l where l.text_id = t.id and ${state})
      order by ${order} limit 100`),
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

describe('translation state', () => {
  it('an edit of one locale leaves the other outdated until it catches up; then neither is', async () => {
    const id = await save(null, lang('Otváracie hodiny', '<p>Po–Pi</p>'), lang('Opening hours', '<p>Mon–Fri</p>'));
    expect(await listed('outdated')).not.toContain(id);

    await save(id, lang('Otváracie hodiny', '<p>Po–So</p>'), lang('Opening hours', '<p>Mon–Fri</p>'));
    expect(await listed('outdated')).toContain(id);
    // "Outdated in English" finds it; "outdated in Slovak" does not.
    expect(await listed('outdated_en')).toContain(id);
    expect(await listed('outdated_sk')).not.toContain(id);
    // The record's answer and its list row say which locale is behind.
    expect((await ctx.admin.get(`${BASE}/${id}`)).json().translation).toEqual({ sk: 'complete', en: 'outdated' });
    const rows = (await ctx.admin.get(`${BASE}/?per_page=100&translation=outdated`)).json().data;
    expect(rows.find((r: { id: number }) => r.id === id).translation).toEqual({ sk: 'complete', en: 'outdated' });

    // The English catches up: nothing is outdated (the Slovak is not behind the English now).
    await save(id, lang('Otváracie hodiny', '<p>Po–So</p>'), lang('Opening hours', '<p>Mon–Sat</p>'));
    expect(await listed('outdated')).not.toContain(id);

    // A new change in English alone leaves the Slovak behind.
    await save(
      id,
      lang('Otváracie hodiny', '<p>Po–So</p>'),
      lang('Opening hours', '<p>Mon–Sat, Sun by appointment</p>'),
    );
    expect(await listed('outdated')).toContain(id);
    // A save that changes nothing keeps the state.
    await save(
      id,
      lang('Otváracie hodiny', '<p>Po–So</p>'),
      lang('Opening hours', '<p>Mon–Sat, Sun by appointment</p>'),
    );
    expect(await listed('outdated')).toContain(id);
  });

  it('a locale with a field empty that the other fills is missing, found by its filter', async () => {
    const id = await save(null, lang('Doprava', '<p>Autobusom</p>'), lang('Transport', '<p><br></p>'));
    expect(await listed('missing_en')).toContain(id);
    expect(await listed('missing_sk')).not.toContain(id);
    await save(id, lang('Doprava', '<p>Autobusom</p>'), lang('Transport', '<p>By bus</p>'));
    expect(await listed('missing_en')).not.toContain(id);
  });

  it('the record keeps its flags in step with its locales on create, save, delete, restore and bulk actions', async () => {
    const complete = await save(null, lang('Kontakt', '<p>Tel.</p>'), lang('Contact', '<p>Phone</p>'));
    expect(await flagsOf(complete)).toEqual({ missing_sk: false, missing_en: false, outdated: false });
    const id = await save(null, lang('Sklad', ''), lang('Warehouse', '<p>Open</p>'));
    expect(await flagsOf(id)).toEqual({ missing_sk: true, missing_en: false, outdated: false });
    expect(await flagsOutOfStep()).toEqual([]);

    // The Slovak filled in: no longer missing; the English, unchanged, is now behind.
    await save(id, lang('Sklad', '<p>Otvorené</p>'), lang('Warehouse', '<p>Open</p>'));
    expect(await flagsOf(id)).toEqual({ missing_sk: false, missing_en: false, outdated: true });
    // The English emptied: missing, and up to date (it changed); then it catches up.
    await save(id, lang('Sklad', '<p>Otvorené</p>'), lang('Warehouse', ''));
    expect(await flagsOf(id)).toEqual({ missing_sk: false, missing_en: true, outdated: false });
    expect(await flagsOutOfStep()).toEqual([]);

    // Removal and restore leave the flags; the filter lists live records, or removed ones with `trashed=only`.
    expect((await ctx.admin.delete(`${BASE}/${id}`)).statusCode).toBe(200);
    expect(await listed('missing_en')).not.toContain(id);
    const trashed = idsOf(await ctx.admin.get(`${BASE}/?per_page=100&trashed=only&translation=missing_en`));
    expect(trashed).toEqual(await expectedIds('missing_en', 't.updated_at desc, t.id desc', true));
    expect(trashed).toContain(id);
    expect((await ctx.admin.post(`${BASE}/${id}/restore`, {})).statusCode).toBe(200);
    expect(await listed('missing_en')).toContain(id);
    expect(await flagsOf(id)).toEqual({ missing_sk: false, missing_en: true, outdated: false });

    // Bulk actions change the status or remove, never the translations.
    expect((await ctx.admin.post(`${BASE}/array/hide`, { rows: [id, complete] })).statusCode).toBe(200);
    expect(await listed('missing_en')).toContain(id);
    expect((await ctx.admin.post(`${BASE}/array/destroy`, { rows: [id, complete] })).statusCode).toBe(200);
    expect(await listed('missing_en')).not.toContain(id);
    expect(await flagsOutOfStep()).toEqual([]);
  });

  it('each filter lists what the language rows say, in every order the list offers', async () => {
    // A few more records in every state (one locale missing, outdated, both at once).
    const a = await save(null, lang('Alfa', '<p>A</p>'), lang('Alpha', ''));
    await save(a, lang('Alfa', '<p>A2</p>'), lang('Alpha', ''));
    const b = await save(null, lang('Beta', ''), lang('Beta', '<p>B</p>'));
    await save(b, lang('Beta', ''), lang('Beta', '<p>B2</p>'));
    await save(null, lang('Gama', '<p>G</p>'), lang('Gamma', '<p>G</p>'));
    const orders = {
      'sort=updated_at&order=desc': 't.updated_at desc, t.id desc',
      'sort=updated_at&order=asc': 't.updated_at asc, t.id asc',
      'sort=title&order=asc': 'title.title asc, t.id asc',
      'sort=title&order=desc': 'title.title desc, t.id desc',
      'sort=status&order=asc': 't.status asc, t.id asc',
      'sort=id&order=desc': 't.id desc',
    };
    for (const filter of TRANSLATION_FILTERS) {
      for (const [query, order] of Object.entries(orders)) {
        const res = await ctx.admin.get(`${BASE}/?per_page=100&${query}&translation=${filter}`);
        const expected = await expectedIds(filter, order);
        expect(idsOf(res), `${filter} ${query}`).toEqual(expected);
        expect(res.json().meta.total, `${filter} ${query}`).toBe(expected.length);
      }
    }
    expect(await flagsOutOfStep()).toEqual([]);
  });

  it('an unknown filter value is refused naming the filter; role 2 and anonymous get what the list gives them', async () => {
    for (const value of ['everything', 'outdated_de', 'x'.repeat(500)]) {
      const unknown = await ctx.admin.get(`${BASE}/?per_page=100&translation=${value}`);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ translation: ['errors.invalid'] });
    }
    expect((await ctx.editor.get(`${BASE}/?translation=outdated_en`)).statusCode).toBe(200);
    const anon = new Agent(ctx.server.app);
    expect((await anon.get(`${BASE}/?translation=outdated`)).statusCode).toBe(401);
  });
});

describe('translationState', () => {
  const fields = ['title', 'content'] as const;
  const row = (title: string, content: string, outdated = false) => ({ title, content, outdated });
  const next = { sk: { title: 'A', content: '<p>x</p>' }, en: { title: 'A', content: '<p>y</p>' } };

  it('a new record: both changed, neither outdated', () => {
    expect(translationState(fields, next, () => undefined)).toEqual({
      sk: { changed: true, outdated: false, missing: false },
      en: { changed: true, outdated: false, missing: false },
    });
  });

  it('the other locale catching up does not make this one outdated', () => {
    const before = { sk: row('A', '<p>x</p>'), en: row('A', '<p>old</p>', true) };
    const state = translationState(fields, next, (l) => before[l]);
    expect(state.sk.outdated).toBe(false);
    expect(state.en).toEqual({ changed: true, outdated: false, missing: false });
  });

  it('rich text with no text and no image counts as empty; an image alone does not', () => {
    const empty = { sk: next.sk, en: { title: 'A', content: '<p>&nbsp;</p>' } };
    expect(translationState(fields, empty, () => undefined).en.missing).toBe(true);
    const image = { sk: next.sk, en: { title: 'A', content: '<p><img src="/a.png"></p>' } };
    expect(translationState(fields, image, () => undefined).en.missing).toBe(false);
  });
});

describe('GET /api/stats/translations', () => {
  it('counts the live records with a missing or outdated locale per resource, for staff only', async () => {
    const before = (await ctx.admin.get('/api/stats/translations')).json().data as TranslationSummaryRow[];
    const textsBefore = before.find((r) => r.model === 'Text') as TranslationSummaryRow;
    const id = await save(null, lang('Cenník', '<p>Ceny</p>'), lang('Prices', ''));
    await save(id, lang('Cenník', '<p>Nové ceny</p>'), lang('Prices', ''));
    const res = await ctx.editor.get('/api/stats/translations');
    expect(res.statusCode).toBe(200);
    const after = (res.json().data as TranslationSummaryRow[]).find((r) => r.model === 'Text');
    expect(after).toMatchObject({
      missing_en: textsBefore.missing_en + 1,
      outdated: textsBefore.outdated + 1,
      // The Slovak changed: the English is behind.
      outdated_en: textsBefore.outdated_en + 1,
      outdated_sk: textsBefore.outdated_sk,
    });
    expect(res.json().data.map((r: { model: string }) => r.model)).toEqual([
      'Page',
      'Text',
      'Panel',
      'Category',
      'Blog',
      'Gallery',
      'Reference',
      'Partner',
      'MailTemplate',
    ]);

    // A removed record no longer counts.
    expect((await ctx.admin.delete(`${BASE}/${id}`)).statusCode).toBe(200);
    const removed = (await ctx.admin.get('/api/stats/translations'))
      .json()
      .data.find((r: { model: string }) => r.model === 'Text');
    expect(removed.missing_en).toBe(textsBefore.missing_en);

    expect((await new Agent(ctx.server.app).get('/api/stats/translations')).statusCode).toBe(401);
    // Site members cannot sign in to the back office; an editor demoted to one is signed out at the next request.
    const user = await buildUser(ctx.server.ctx.db, { role_id: ROLES.editor });
    const member = new Agent(ctx.server.app, 'en');
    await member.login(user.email, user.plainPassword);
    await ctx.server.ctx.db.update(users).set({ role_id: ROLES.member }).where(eq(users.id, user.id));
    expect((await member.get('/api/stats/translations')).statusCode).toBe(401);
  });
});
