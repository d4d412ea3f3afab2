import { MODULES } from '@backoffice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  describeContentBehaviour,
  idsOf as ids,
  itStripsPageLikeXss,
  useSignedInServer,
} from '../../test/content-cases.js';
import { buildCategory, categoryInput } from '../../test/factories.js';
import { Agent } from '../../test/harness.js';
import { describeTitleUrlRules } from '../../test/titled-cases.js';

const BASE = '/api/content/category';
const build = (overrides: Parameters<typeof categoryInput>[0] = {}) => buildCategory(ctx.server.ctx.db, overrides);
const get = async (id: number) => (await ctx.admin.get(`${BASE}/${id}`)).json().data;

const ctx = useSignedInServer();

describe('categories: access', () => {
  it('unauthenticated → 401 on every endpoint', async () => {
    const anon = new Agent(ctx.server.app);
    await anon.get('/sanctum/csrf-cookie');
    const id = await build();
    const calls = [
      anon.get(`${BASE}/`),
      anon.get(`${BASE}/${id}`),
      anon.get(`${BASE}/list/1`),
      anon.get(`${BASE}/parents/1/${id}`),
      anon.get(`${BASE}/validate/title_url?value=abc&language_code=sk`),
      anon.post(`${BASE}/validate/title_url`, { value: 'abc', language_code: 'sk' }),
      anon.post(`${BASE}/`, categoryInput()),
      anon.post(`${BASE}/${id}`, categoryInput()),
      anon.delete(`${BASE}/${id}`),
      anon.post(`${BASE}/${id}/restore`),
      anon.post(`${BASE}/array/publish`, { rows: [id] }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });

  it('a role-2 editor may create and edit', async () => {
    const created = await ctx.editor.post(`${BASE}/`, categoryInput());
    expect(created.statusCode).toBe(201);
    const { id, updated_at } = created.json().data;
    expect((await ctx.editor.post(`${BASE}/${id}`, { ...categoryInput(), updated_at })).statusCode).toBe(200);
    expect((await ctx.editor.get(`${BASE}/`)).json().abilities).toMatchObject({ create: true, destroy: false });
  });
});

describe('categories: create and update', () => {
  it('creates with every page-like field, reads it back, logs it and counts it on the dashboard', async () => {
    const before = (await ctx.admin.get('/api/stats/totals')).json().data.Category;
    const input = categoryInput({
      title: 'Novinky',
      status: false,
      redirect: 'https://example.com/x',
      css_class: 'wide',
      publish_up: '2026-01-01T10:00:00.000Z',
      publish_down: '2026-02-01T10:00:00+02:00',
    });
    input.langs.sk = {
      ...input.langs.sk,
      teaser: 'Úvod',
      meta_title: 'Meta',
      meta_description: 'Popis',
      claim: 'Heslo',
    };
    const res = await ctx.admin.post(`${BASE}/`, { ...input, image: 'ignored.png' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect(await get(id)).toMatchObject({
      id,
      module_id: MODULES.blog,
      parent_id: null,
      status: false,
      redirect: 'https://example.com/x',
      css_class: 'wide',
      image: null,
      publish_up: '2026-01-01T10:00:00.000Z',
      publish_down: '2026-02-01T08:00:00.000Z',
      langs: {
        sk: { title: 'Novinky sk', title_url: 'novinky-sk', teaser: 'Úvod', meta_title: 'Meta', claim: 'Heslo' },
        en: { title: 'Novinky en', title_url: 'novinky-en', meta_description: '' },
      },
    });
    const [log] = (await ctx.admin.get('/api/user/logs/1')).json().data;
    expect(log).toMatchObject({ model: 'Category', route: 'contentCategory', row_id: id, action: 'store' });
    expect((await ctx.admin.get('/api/stats/totals')).json().data.Category).toBe(before + 1);
  });

  it('validation → 422 with the spec keys per locale, and nothing is written', async () => {
    const before = (await ctx.admin.get(`${BASE}/?per_page=100`)).json().meta.total;
    const input = categoryInput();
    input.langs.sk = { ...input.langs.sk, title: 'ab', title_url: '' };
    input.langs.en = {
      ...input.langs.en,
      title_url: 'xy',
      meta_title: 'x'.repeat(61),
      meta_description: 'y'.repeat(161),
    };
    const res = await ctx.admin.post(`${BASE}/`, { ...input, module_id: undefined });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'langs.sk.title': ['errors.min3'],
      'langs.sk.title_url': ['errors.min3'],
      'langs.en.title_url': ['errors.min3'],
      'langs.en.meta_title': ['errors.max60'],
      'langs.en.meta_description': ['errors.max160'],
      module_id: ['errors.requiredOption'],
    });
    expect((await ctx.admin.get(`${BASE}/?per_page=100`)).json().meta.total).toBe(before);
  });

  it('an unknown module, a bad date or publish_down before publish_up → 422', async () => {
    const unknown = await ctx.admin.post(`${BASE}/`, categoryInput({ module_id: 99 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ module_id: ['errors.requiredOption'] });
    const badDate = await ctx.admin.post(`${BASE}/`, { ...categoryInput(), publish_up: 'tomorrow' });
    expect(badDate.json().errors).toEqual({ publish_up: ['errors.invalid'] });
    const reversed = await ctx.admin.post(`${BASE}/`, {
      ...categoryInput(),
      publish_up: '2026-03-01T00:00:00Z',
      publish_down: '2026-02-01T00:00:00Z',
    });
    expect(reversed.json().errors).toEqual({ publish_down: ['errors.publishDown'] });
  });

  itStripsPageLikeXss(ctx, BASE, () => categoryInput());
});

describeTitleUrlRules('Category', ctx, {
  base: BASE,
  build: (title) => build({ title }),
  input: (title) => categoryInput({ title }),
});

describe('categories: parents', () => {
  let root: number;
  let child: number;
  let grandchild: number;
  let sibling: number;
  let gallery: number;
  beforeAll(async () => {
    root = await build({ title: 'Tree Root' });
    child = await build({ title: 'Tree Child', parent_id: root });
    grandchild = await build({ title: 'Tree Grandchild', parent_id: child });
    sibling = await build({ title: 'Tree Sibling' });
    gallery = await build({ title: 'Tree Gallery', module_id: MODULES.gallery });
  });
  const options = async (url: string) =>
    ((await ctx.admin.get(url)).json().data as { id: number; label: string }[]).filter((o) => o.label.includes('Tree'));

  it('list/{moduleId} gives the module’s categories as {id, label}, indented by depth', async () => {
    expect(await options(`${BASE}/list/${MODULES.blog}`)).toEqual([
      { id: root, label: 'Tree Root en' },
      { id: child, label: '— Tree Child en' },
      { id: grandchild, label: '— — Tree Grandchild en' },
      { id: sibling, label: 'Tree Sibling en' },
    ]);
    expect(await options(`${BASE}/list/${MODULES.gallery}`)).toEqual([{ id: gallery, label: 'Tree Gallery en' }]);
  });

  it('parents exclude the category itself and its descendants; id 0 or none gives the whole module', async () => {
    expect((await options(`${BASE}/parents/${MODULES.blog}/${child}`)).map((o) => o.id)).toEqual([root, sibling]);
    expect((await options(`${BASE}/parents/${MODULES.blog}/${root}`)).map((o) => o.id)).toEqual([sibling]);
    expect((await options(`${BASE}/parents/${MODULES.blog}/0`)).map((o) => o.id)).toEqual([
      root,
      child,
      grandchild,
      sibling,
    ]);
    expect(await options(`${BASE}/parents/${MODULES.blog}`)).toHaveLength(4);
  });

  it('a save that makes a cycle, names itself or a parent of another module → 422 on parent_id', async () => {
    const rootInput = categoryInput({ title: 'Tree Root' });
    for (const parent_id of [grandchild, root, gallery, 999999]) {
      const res = await ctx.admin.post(`${BASE}/${root}`, { ...rootInput, parent_id });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ parent_id: ['errors.parentInvalid'] });
    }
    expect((await get(root)).parent_id).toBeNull();
    expect((await ctx.admin.post(`${BASE}/${root}`, { ...rootInput, parent_id: sibling })).statusCode).toBe(200);
    expect((await ctx.admin.post(`${BASE}/${root}`, { ...rootInput, parent_id: 0 })).json().data.parent_id).toBeNull();
  });
});

describeContentBehaviour('category', ctx, {
  base: BASE,
  model: 'Category',
  build: (status = true) => buildCategory(ctx.server.ctx.db, { status }),
  input: (title) => categoryInput(title ? { title } : {}),
});

describe('categories: list', () => {
  let made: number[];
  beforeAll(async () => {
    made = [
      await build({ title: 'Zebra cat-list', status: true }),
      await build({ title: 'Alpha cat-list', status: false, module_id: MODULES.gallery }),
      await build({ title: 'Mid 50% cat-list', status: true }),
    ];
  });
  const [zebra, alpha, mid] = [0, 1, 2];

  it('defaults to title ascending, with the module title in the request language and paging meta', async () => {
    const res = await ctx.admin.get(`${BASE}/?search=cat-list&per_page=2`);
    expect(ids(res)).toEqual([made[alpha], made[mid]]);
    expect(res.json().meta).toMatchObject({ total: 3, last_page: 2, from: 1, to: 2 });
    expect(res.json().data[0]).toMatchObject({
      title: 'Alpha cat-list en',
      status: false,
      module_id: MODULES.gallery,
      module_title: expect.any(String),
      deleted_at: null,
    });
    expect(ids(await ctx.admin.get(`${BASE}/?search=cat-list&per_page=2&page=2`))).toEqual([made[zebra]]);
  });

  it('sorts by title, module title and updated_at; an unknown sort falls back to title ascending', async () => {
    expect(ids(await ctx.admin.get(`${BASE}/?search=cat-list&sort=title&order=desc`))).toEqual([
      made[zebra],
      made[mid],
      made[alpha],
    ]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=cat-list&sort=updated_at&order=desc`))[0]).toBe(made[mid]);
    const byModule = await ctx.admin.get(`${BASE}/?search=cat-list&sort=module_title&order=asc`);
    const titles = byModule.json().data.map((r: { module_title: string }) => r.module_title);
    expect(titles).toEqual([...titles].sort());
    expect(ids(await ctx.admin.get(`${BASE}/?search=cat-list&sort=bogus&order=desc`))).toEqual([
      made[alpha],
      made[mid],
      made[zebra],
    ]);
  });

  it('searches the current-language title and filters by status and module', async () => {
    const sk = new Agent(ctx.server.app, 'sk');
    await sk.login();
    expect((await sk.get(`${BASE}/?search=cat-list sk`)).json().meta.total).toBe(3);
    expect((await sk.get(`${BASE}/?search=cat-list en`)).json().meta.total).toBe(0);
    expect(ids(await ctx.admin.get(`${BASE}/?search=50%25`))).toEqual([made[mid]]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=cat-list&status=0`))).toEqual([made[alpha]]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=cat-list&module_id=${MODULES.blog}`))).toEqual([
      made[mid],
      made[zebra],
    ]);
  });
});
