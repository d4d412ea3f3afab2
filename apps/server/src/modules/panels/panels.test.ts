import { beforeAll, describe, expect, it } from 'vitest';
import { pagePanels, pages } from '../../db/schema.js';
import { describeContentBehaviour, idsOf as ids, postMultipart, useSignedInServer } from '../../test/content-cases.js';
import { buildPanel, panelInput } from '../../test/factories.js';
import { Agent } from '../../test/harness.js';

const BASE = '/api/content/panel';

const ctx = useSignedInServer();

/** Pages that show `panelId`, inserted directly: the page screens do not exist yet. */
async function linkPages(panelId: number, count: number) {
  for (let i = 0; i < count; i++) {
    const [page] = await ctx.server.ctx.db.insert(pages).values({}).returning({ id: pages.id });
    if (page) await ctx.server.ctx.db.insert(pagePanels).values({ page_id: page.id, panel_id: panelId });
  }
}

describe('panels: access', () => {
  it('unauthenticated → 401 on every endpoint', async () => {
    const anon = new Agent(ctx.server.app);
    await anon.get('/sanctum/csrf-cookie');
    const id = await buildPanel(ctx.server.ctx.db);
    const calls = [
      anon.get(`${BASE}/`),
      anon.get(`${BASE}/list/`),
      anon.get(`${BASE}/${id}`),
      anon.post(`${BASE}/`, panelInput()),
      anon.post(`${BASE}/${id}`, panelInput()),
      anon.delete(`${BASE}/${id}`),
      anon.post(`${BASE}/${id}/restore`),
      anon.post(`${BASE}/array/publish`, { rows: [id] }),
      anon.get('/api/module'),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });

  it('a role-2 editor may create, edit and hide, and the record says it may not remove', async () => {
    const created = await ctx.editor.post(`${BASE}/`, panelInput());
    expect(created.statusCode).toBe(201);
    const { id, updated_at } = created.json().data;
    expect((await ctx.editor.post(`${BASE}/${id}`, { ...panelInput(), updated_at })).statusCode).toBe(200);
    expect((await ctx.editor.post(`${BASE}/array/hide`, { rows: [id] })).json().count).toBe(1);
    expect((await ctx.editor.get(`${BASE}/${id}`)).json().abilities).toEqual({
      create: true,
      update: true,
      destroy: false,
      restore: false,
    });
  });
});

describe('modules', () => {
  it('lists the modules titled in the request language', async () => {
    const sk = new Agent(ctx.server.app, 'sk');
    await sk.login();
    const en = (await ctx.admin.get('/api/module')).json().data;
    expect(en.map((m: { id: number }) => m.id)).toEqual([1, 2]);
    expect(en[0]).toEqual({ id: 1, lang: { title: expect.any(String) } });
    const skTitles = (await sk.get('/api/module')).json().data.map((m: { lang: { title: string } }) => m.lang.title);
    expect(skTitles).toHaveLength(2);
    expect(skTitles).not.toEqual(en.map((m: { lang: { title: string } }) => m.lang.title));
  });

  it('is open to a role-2 editor', async () => {
    expect((await ctx.editor.get('/api/module')).statusCode).toBe(200);
  });
});

describe('panels: create and update', () => {
  it('creates with both locales and priority, reads it back and logs it as Panel', async () => {
    const res = await ctx.admin.post(`${BASE}/`, panelInput({ title: 'Sidebar', priority: 3, status: false }));
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect((await ctx.admin.get(`${BASE}/${id}`)).json().data).toMatchObject({
      id,
      status: false,
      priority: 3,
      pages_count: 0,
      langs: { sk: { title: 'Sidebar sk', content: '<p>obsah</p>' }, en: { title: 'Sidebar en' } },
      deleted_at: null,
    });
    const [log] = (await ctx.admin.get('/api/user/logs/1')).json().data;
    expect(log).toMatchObject({ model: 'Panel', route: 'contentPanel', row_id: id, action: 'store' });
  });

  it.each([
    ['missing', undefined, 'errors.min1'],
    ['zero', 0, 'errors.min1'],
    ['blank', '', 'errors.min1'],
    ['fraction', 1.5, 'errors.min1'],
    ['text', 'abc', 'errors.min1'],
  ])('priority %s → 422 errors.min1', async (_name, priority, key) => {
    const res = await ctx.admin.post(`${BASE}/`, { ...panelInput(), priority });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ priority: [key] });
  });

  it('validation → 422 with the spec keys per locale, and nothing is written', async () => {
    const before = (await ctx.admin.get(`${BASE}/?per_page=100`)).json().meta.total;
    const res = await ctx.admin.post(`${BASE}/`, {
      langs: { sk: { title: 'ab', content: '' }, en: { title: 'fine title' } },
      priority: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'langs.sk.title': ['errors.min3'] });
    expect((await ctx.admin.get(`${BASE}/?per_page=100`)).json().meta.total).toBe(before);
  });

  it('accepts multipart with bracket keys', async () => {
    const fields = { 'langs[sk][title]': 'Viacdielny', 'langs[en][title]': 'Multipart', priority: '7', status: '0' };
    const res = await postMultipart(ctx.admin, `${BASE}/`, fields);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: false, priority: 7, langs: { en: { title: 'Multipart' } } });
  });

  it('rich-text XSS payloads are stripped in content of both locales', async () => {
    const xss =
      '<p onclick="alert(1)">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><iframe></iframe>';
    const input = panelInput();
    input.langs.sk.content = xss;
    input.langs.en.content = xss;
    const { langs } = (await ctx.admin.post(`${BASE}/`, input)).json().data;
    for (const html of [langs.sk.content, langs.en.content]) {
      expect(html).not.toMatch(/script|onclick|javascript:|iframe/i);
      expect(html).toContain('<p>Hi</p>');
    }
  });
});

describeContentBehaviour('panel', ctx, {
  base: BASE,
  model: 'Panel',
  build: (status = true) => buildPanel(ctx.server.ctx.db, { status }),
  input: (title) => panelInput(title ? { title } : {}),
});

describe('panels: list', () => {
  let made: number[];
  beforeAll(async () => {
    made = [];
    for (const [title, status, priority, links] of [
      ['Zebra panel-list', true, 2, 0],
      ['Alpha panel-list', false, 3, 2],
      ['Mid 50% panel-list', true, 1, 1],
    ] as const) {
      const id = await buildPanel(ctx.server.ctx.db, { title, status, priority });
      await linkPages(id, links);
      made.push(id);
    }
  });
  const [zebra, alpha, mid] = [0, 1, 2];

  it('defaults to priority ascending with the list row shape and paging meta', async () => {
    const res = await ctx.admin.get(`${BASE}/?search=panel-list&per_page=2`);
    expect(ids(res)).toEqual([made[mid], made[zebra]]);
    expect(res.json().meta).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2, from: 1, to: 2 });
    expect(Object.keys(res.json().data[0]).sort()).toEqual(
      ['deleted_at', 'id', 'pages_count', 'priority', 'status', 'title', 'translation', 'updated_at'].sort(),
    );
    expect(ids(await ctx.admin.get(`${BASE}/?search=panel-list&per_page=2&page=2`))).toEqual([made[alpha]]);
  });

  it('pages_count counts the pages that show the panel, and sorts', async () => {
    const res = await ctx.admin.get(`${BASE}/?search=panel-list&sort=pages_count&order=desc`);
    expect(res.json().data.map((r: { pages_count: number }) => r.pages_count)).toEqual([2, 1, 0]);
    expect((await ctx.admin.get(`${BASE}/${made[alpha]}`)).json().data.pages_count).toBe(2);
  });

  it('sorts by title, status and updated_at; an unknown sort falls back to priority', async () => {
    expect(ids(await ctx.admin.get(`${BASE}/?search=panel-list&sort=title&order=asc`))).toEqual([
      made[alpha],
      made[mid],
      made[zebra],
    ]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=panel-list&sort=status&order=asc`))[0]).toBe(made[alpha]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=panel-list&sort=updated_at&order=desc`))).toEqual([
      made[mid],
      made[alpha],
      made[zebra],
    ]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=panel-list&sort=nope&order=desc`))).toEqual([
      made[mid],
      made[zebra],
      made[alpha],
    ]);
  });

  it('searches the title of the current language, wildcards literal; filters by status', async () => {
    const sk = new Agent(ctx.server.app, 'sk');
    await sk.login();
    expect((await sk.get(`${BASE}/?search=panel-list en`)).json().meta.total).toBe(0);
    expect((await sk.get(`${BASE}/?search=panel-list sk`)).json().meta.total).toBe(3);
    expect(ids(await ctx.admin.get(`${BASE}/?search=50%25`))).toEqual([made[mid]]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=panel-list&status=0`))).toEqual([made[alpha]]);
  });

  it('options are {id, lang: {title}} in the request language, by priority', async () => {
    const options = (await ctx.admin.get(`${BASE}/list/`)).json().data as { id: number; lang: { title: string } }[];
    const ours = options.filter((o) => made.includes(o.id));
    expect(ours).toEqual([
      { id: made[mid], lang: { title: 'Mid 50% panel-list en' } },
      { id: made[zebra], lang: { title: 'Zebra panel-list en' } },
      { id: made[alpha], lang: { title: 'Alpha panel-list en' } },
    ]);
  });
});
