import { ROLES, type TranslationSummaryRow } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
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

describe('translation state', () => {
  it('an edit of one locale leaves the other outdated until it catches up; then neither is', async () => {
    const id = await save(null, lang('Otváracie hodiny', '<p>Po–Pi</p>'), lang('Opening hours', '<p>Mon–Fri</p>'));
    expect(await listed('outdated')).not.toContain(id);

    await save(id, lang('Otváracie hodiny', '<p>Po–So</p>'), lang('Opening hours', '<p>Mon–Fri</p>'));
    expect(await listed('outdated')).toContain(id);
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

  it('an unknown filter value means no filter; role 2 and anonymous get what the list gives them', async () => {
    const all = await ctx.admin.get(`${BASE}/?per_page=100`);
    const unknown = await ctx.admin.get(`${BASE}/?per_page=100&translation=everything`);
    expect(idsOf(unknown)).toEqual(idsOf(all));
    expect((await ctx.editor.get(`${BASE}/?translation=outdated`)).statusCode).toBe(200);
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
