import { beforeAll, describe, expect, it } from 'vitest';
import { describeContentBehaviour, postMultipart, useSignedInServer } from '../../test/content-cases.js';
import { buildText, textInput } from '../../test/factories.js';
import { Agent } from '../../test/harness.js';

const BASE = '/api/content/text';
const ctx = useSignedInServer();

describe('texts: access', () => {
  it('unauthenticated → 401 on every endpoint', async () => {
    const anon = new Agent(ctx.server.app);
    await anon.get('/sanctum/csrf-cookie');
    const id = await buildText(ctx.server.ctx.db);
    const calls = [
      anon.get(`${BASE}/`),
      anon.get(`${BASE}/${id}`),
      anon.get(`${BASE}/positions`),
      anon.post(`${BASE}/`, await textInput(ctx.server.ctx.db)),
      anon.post(`${BASE}/${id}`, await textInput(ctx.server.ctx.db)),
      anon.delete(`${BASE}/${id}`),
      anon.post(`${BASE}/${id}/restore`),
      anon.post(`${BASE}/array/publish`, { rows: [id] }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });

  it('a role-2 editor may create, edit, publish and hide, and the list says it may not remove', async () => {
    const created = await ctx.editor.post(`${BASE}/`, await textInput(ctx.server.ctx.db));
    expect(created.statusCode).toBe(201);
    const { id, updated_at } = created.json().data;
    expect(
      (await ctx.editor.post(`${BASE}/${id}`, { ...(await textInput(ctx.server.ctx.db)), updated_at })).statusCode,
    ).toBe(200);
    expect((await ctx.editor.post(`${BASE}/array/hide`, { rows: [id] })).json().count).toBe(1);
    const list = await ctx.editor.get(`${BASE}/`);
    expect(list.json().abilities).toEqual({ create: true, update: true, destroy: false, restore: false });
  });
});

describe('texts: create and update', () => {
  it('creates with both locales and positions, and reads it back', async () => {
    const input = await textInput(ctx.server.ctx.db, { title: 'Kontakt' });
    const res = await ctx.admin.post(`${BASE}/`, { ...input, positions: [1, 2] });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('The item has been created.');
    const got = await ctx.admin.get(`${BASE}/${res.json().data.id}`);
    expect(got.json().data).toMatchObject({
      status: true,
      positions: [1, 2],
      langs: { sk: { title: 'Kontakt sk' }, en: { title: 'Kontakt en' } },
      deleted_at: null,
    });
  });

  it('accepts multipart with bracket keys and 1/0 booleans', async () => {
    const fields = {
      'langs[sk][title]': 'Viacdielny',
      'langs[en][title]': 'Multipart',
      'positions[0]': '2',
      status: '0',
    };
    const res = await postMultipart(ctx.admin, `${BASE}/`, fields);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: false,
      positions: [2],
      langs: { en: { title: 'Multipart', content: '' } },
    });
  });

  it('validation → 422 with the spec keys, per locale, and nothing is written', async () => {
    const before = (await ctx.admin.get(`${BASE}/?per_page=100`)).json().meta.total;
    const res = await ctx.admin.post(`${BASE}/`, {
      langs: { sk: { title: 'ok title', content: '' }, en: { title: 'ab', content: '' } },
      positions: [],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'langs.en.title': ['errors.min3'], positions: ['errors.requiredSelect'] });
    expect((await ctx.admin.get(`${BASE}/?per_page=100`)).json().meta.total).toBe(before);
  });

  it('an unknown position is a 422, not a 500', async () => {
    const res = await ctx.admin.post(`${BASE}/`, { ...(await textInput(ctx.server.ctx.db)), positions: [999] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.positions).toEqual(['errors.requiredSelect']);
  });

  it('wrong types and a missing body are 4xx, never 500', async () => {
    for (const body of [{ langs: 'x' }, { langs: { sk: { title: 5 } } }, [], 'not json']) {
      const res = await ctx.admin.post(`${BASE}/`, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const broken = await ctx.admin.request({
      method: 'POST',
      url: `${BASE}/`,
      payload: '{"langs":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('rich-text XSS payloads are stripped on save, links and images stay', async () => {
    const input = await textInput(ctx.server.ctx.db);
    input.langs.sk.content =
      '<p onclick="alert(1)">Hi<script>alert(1)</script></p><img src="x.png" onerror="alert(1)" alt="a">' +
      '<a href="javascript:alert(1)">bad</a><a href="https://example.com" target="_blank">good</a>' +
      '<iframe src="https://evil.test"></iframe><svg onload="alert(1)"></svg><style>p{}</style>';
    const res = await ctx.admin.post(`${BASE}/`, input);
    const html: string = res.json().data.langs.sk.content;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|svg|style/i);
    expect(html).toContain('<img src="x.png" alt="a" />');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});

describeContentBehaviour('text', ctx, {
  base: BASE,
  model: 'Text',
  build: (status = true) => buildText(ctx.server.ctx.db, { status }),
  input: (title) => textInput(ctx.server.ctx.db, title ? { title } : {}),
});

describe('texts: list', () => {
  let ids: number[];
  beforeAll(async () => {
    const agent = ctx.admin;
    ids = [];
    for (const [title, status, positions] of [
      ['Zebra unique-list', true, [3]],
      ['Alpha unique-list', false, [3, 4]],
      ['Mid 50% unique-list', true, [4]],
    ] as const) {
      const res = await agent.post(`${BASE}/`, {
        ...(await textInput(ctx.server.ctx.db, { title })),
        status,
        positions,
      });
      ids.push(res.json().data.id);
    }
  });

  it('defaults to updated_at descending with paging meta', async () => {
    const res = await ctx.admin.get(`${BASE}/?search=unique-list&per_page=2`);
    expect(res.json().data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(res.json().meta).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2, from: 1, to: 2 });
    const page2 = await ctx.admin.get(`${BASE}/?search=unique-list&per_page=2&page=2`);
    expect(page2.json().meta).toMatchObject({ current_page: 2, from: 3, to: 3 });
  });

  it('sorts by title in the request language; an unknown sort falls back to the default', async () => {
    const asc = await ctx.admin.get(`${BASE}/?search=unique-list&sort=title&order=asc`);
    expect(asc.json().data.map((r: { title: string }) => r.title)).toEqual([
      'Alpha unique-list en',
      'Mid 50% unique-list en',
      'Zebra unique-list en',
    ]);
    const bogus = await ctx.admin.get(`${BASE}/?search=unique-list&sort=password;drop&order=asc`);
    expect(bogus.json().data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('searches the title of the current language, with LIKE wildcards taken literally', async () => {
    const sk = new Agent(ctx.server.app, 'sk');
    await sk.login();
    expect((await sk.get(`${BASE}/?search=unique-list en`)).json().meta.total).toBe(0);
    expect((await sk.get(`${BASE}/?search=unique-list sk`)).json().meta.total).toBe(3);
    expect((await ctx.admin.get(`${BASE}/?search=50%25`)).json().data.map((r: { id: number }) => r.id)).toEqual([
      ids[2],
    ]);
  });

  it('filters by status and position, and shows position badges', async () => {
    const hidden = await ctx.admin.get(`${BASE}/?search=unique-list&status=0`);
    expect(hidden.json().data.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    const pos = await ctx.admin.get(`${BASE}/?search=unique-list&position_id=4&sort=title&order=asc`);
    expect(pos.json().data.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[2]]);
    expect(pos.json().data[0].positions.map((p: { title: string }) => p.title)).toEqual(['Footer', 'Sidebar']);
  });

  it('per_page is capped at 100 and a page past the end is empty with the real total', async () => {
    expect((await ctx.admin.get(`${BASE}/?per_page=5000`)).json().meta.per_page).toBe(20);
    const past = await ctx.admin.get(`${BASE}/?search=unique-list&page=9`);
    expect(past.json().data).toEqual([]);
    expect(past.json().meta.total).toBe(3);
  });

  it('lists the positions as options', async () => {
    const res = await ctx.admin.get(`${BASE}/positions`);
    expect(res.json().data[0]).toEqual({ id: 1, title: 'Homepage' });
  });
});
