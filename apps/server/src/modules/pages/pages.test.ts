import { MODULES } from '@backoffice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleries, galleryLangs } from '../../db/schema.js';
import {
  describeContentBehaviour,
  idsOf as ids,
  itStripsPageLikeXss,
  postMultipart,
  useSignedInServer,
} from '../../test/content-cases.js';
import { buildCategory, buildPage, buildPanel, pageInput } from '../../test/factories.js';
import { Agent } from '../../test/harness.js';
import { describeTitleUrlRules } from '../../test/titled-cases.js';
import { PREVIEW_TTL_MS, verifyPreviewToken } from './preview.js';
import { plainText } from './service.js';

const BASE = '/api/content/page';
const ctx = useSignedInServer();
const build = (overrides: Parameters<typeof pageInput>[0] = {}) => buildPage(ctx.server.ctx.db, overrides);
const get = async (id: number) => (await ctx.admin.get(`${BASE}/${id}`)).json().data;

async function buildGallery(title: string, deleted = false) {
  const db = ctx.server.ctx.db;
  const [row] = await db
    .insert(galleries)
    .values({ deleted_at: deleted ? new Date() : null })
    .returning({ id: galleries.id });
  if (!row) throw new Error('no gallery');
  await db.insert(galleryLangs).values(
    (['sk', 'en'] as const).map((language_code) => ({
      gallery_id: row.id,
      language_code,
      title: `${title} ${language_code}`,
      title_url: `${title}-${language_code}-${row.id}`,
    })),
  );
  return row.id;
}

describeContentBehaviour('pages', ctx, {
  base: BASE,
  model: 'Page',
  build: (status = true) => build({ status }),
  input: (title) => pageInput(title ? { title } : {}),
});

describe('pages: access', () => {
  it('unauthenticated → 401 on every endpoint', async () => {
    const anon = new Agent(ctx.server.app);
    await anon.get('/sanctum/csrf-cookie');
    const id = await build();
    const calls = [
      anon.get(`${BASE}/`),
      anon.get(`${BASE}/${id}`),
      anon.get(`${BASE}/preview/${id}`),
      anon.get(`${BASE}/validate/title_url?value=abc&language_code=sk`),
      anon.post(`${BASE}/validate/title_url`, { value: 'abc', language_code: 'sk' }),
      anon.post(`${BASE}/validate/module_id`, { value: 1, id: 0 }),
      anon.post(`${BASE}/`, pageInput()),
      anon.post(`${BASE}/${id}`, pageInput()),
      anon.delete(`${BASE}/${id}`),
      anon.post(`${BASE}/${id}/restore`),
      anon.post(`${BASE}/array/publish`, { rows: [id] }),
      anon.get('/api/gallery/list'),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });

  it('a role-2 editor may create, edit and preview', async () => {
    const created = await ctx.editor.post(`${BASE}/`, pageInput());
    expect(created.statusCode).toBe(201);
    const { id, updated_at } = created.json().data;
    expect((await ctx.editor.post(`${BASE}/${id}`, { ...pageInput(), updated_at })).statusCode).toBe(200);
    expect((await ctx.editor.get(`${BASE}/preview/${id}`)).statusCode).toBe(200);
    expect((await ctx.editor.get(`${BASE}/`)).json().abilities).toMatchObject({ create: true, destroy: false });
  });
});

describe('pages: create and update', () => {
  it('creates with every field, reads it back, logs it and counts it on the dashboard', async () => {
    const before = (await ctx.admin.get('/api/stats/totals')).json().data.Page;
    const category = await buildCategory(ctx.server.ctx.db);
    const gallery = await buildGallery('Photos');
    const panel = await buildPanel(ctx.server.ctx.db);
    const input = pageInput({
      title: 'About us',
      module_id: MODULES.blog,
      category_id: category,
      status: false,
      redirect: 'https://example.com/x',
      css_class: 'wide',
      publish_up: '2026-01-01T10:00:00.000Z',
      publish_down: '2026-02-01T10:00:00+02:00',
      galleries: [gallery],
      panels: [panel],
    });
    input.langs.sk = { ...input.langs.sk, teaser: 'Úvod', meta_title: 'Meta', claim: 'Heslo' };
    const res = await ctx.admin.post(`${BASE}/`, input);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect(await get(id)).toMatchObject({
      id,
      module_id: MODULES.blog,
      category_id: category,
      status: false,
      redirect: 'https://example.com/x',
      css_class: 'wide',
      image: null,
      publish_up: '2026-01-01T10:00:00.000Z',
      publish_down: '2026-02-01T08:00:00.000Z',
      navigation: { value: false, parent_id: null },
      group_id: null,
      galleries: [gallery],
      panels: [panel],
      langs: {
        sk: { title: 'About us sk', title_url: 'about-us-sk', teaser: 'Úvod', meta_title: 'Meta', claim: 'Heslo' },
        en: { title: 'About us en', title_url: 'about-us-en', meta_description: '' },
      },
    });
    const [log] = (await ctx.admin.get('/api/user/logs/1')).json().data;
    expect(log).toMatchObject({ model: 'Page', route: 'contentPage', row_id: id, action: 'store' });
    expect((await ctx.admin.get('/api/stats/totals')).json().data.Page).toBe(before + 1);
  });

  it('accepts the multipart form with bracket keys', async () => {
    const panel = await buildPanel(ctx.server.ctx.db);
    const res = await postMultipart(ctx.admin, `${BASE}/`, {
      'langs[sk][title]': 'Formulár sk',
      'langs[sk][title_url]': 'formular-multipart-sk',
      'langs[en][title]': 'Form en',
      'langs[en][title_url]': 'form-multipart-en',
      status: '0',
      'navigation[value]': '1',
      'navigation[parent_id]': '',
      group_id: '1',
      'panels[0]': String(panel),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: false,
      navigation: { value: true, parent_id: null },
      group_id: 1,
      panels: [panel],
      module_id: null,
    });
  });

  it('validation → 422 with the spec keys per locale, and nothing is written', async () => {
    const before = (await ctx.admin.get(`${BASE}/?per_page=100`)).json().meta.total;
    const input = pageInput();
    input.langs.sk = { ...input.langs.sk, title: 'ab', title_url: '' };
    input.langs.en = {
      ...input.langs.en,
      title_url: 'xy',
      meta_title: 'x'.repeat(61),
      meta_description: 'y'.repeat(161),
    };
    const res = await ctx.admin.post(`${BASE}/`, input);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'langs.sk.title': ['errors.min3'],
      'langs.sk.title_url': ['errors.min3'],
      'langs.en.title_url': ['errors.min3'],
      'langs.en.meta_title': ['errors.max60'],
      'langs.en.meta_description': ['errors.max160'],
    });
    expect((await ctx.admin.get(`${BASE}/?per_page=100`)).json().meta.total).toBe(before);
  });

  it('navigation without a group, an unknown module or reversed dates → 422', async () => {
    const noGroup = await ctx.admin.post(`${BASE}/`, { ...pageInput(), navigation: { value: true } });
    expect(noGroup.json().errors).toEqual({ group_id: ['errors.requiredOption'] });
    const unknown = await ctx.admin.post(`${BASE}/`, pageInput({ module_id: 99 }));
    expect(unknown.json().errors).toEqual({ module_id: ['errors.requiredOption'] });
    const reversed = await ctx.admin.post(`${BASE}/`, {
      ...pageInput(),
      publish_up: '2026-03-01T00:00:00Z',
      publish_down: '2026-02-01T00:00:00Z',
    });
    expect(reversed.json().errors).toEqual({ publish_down: ['errors.publishDown'] });
  });

  itStripsPageLikeXss(ctx, BASE, () => pageInput());
});

describeTitleUrlRules('Page', ctx, {
  base: BASE,
  build: (title) => build({ title }),
  input: (title) => pageInput({ title }),
});

describe('pages: reserved title_url', () => {
  it("a site section's name (news, reference, gallery) is never free: the check answers false, a save 422", async () => {
    const check = (value: string, language_code: string) =>
      ctx.admin.get(`${BASE}/validate/title_url?value=${value}&language_code=${language_code}`);
    expect((await check('news', 'sk')).json()).toBe(false);
    expect((await check('Reference', 'en')).json()).toBe(false);
    const input = pageInput({ title: 'Gallery Page' });
    input.langs.en.title_url = 'gallery';
    const res = await ctx.admin.post(`${BASE}/`, input);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'langs.en.title_url': ['errors.titleUrlReserved'] });
  });
});

describe('pages: module and category', () => {
  const check = (value: number, id: number, category_id: number | null = null) =>
    ctx.admin.post(`${BASE}/validate/module_id`, { value, id, category_id });

  it('only one live page hosts a module with no category', async () => {
    expect((await check(MODULES.gallery, 0)).json()).toBe(true);
    const host = await build({ module_id: MODULES.gallery });
    expect((await check(MODULES.gallery, 0)).json()).toBe(false);
    expect((await check(MODULES.gallery, host)).json()).toBe(true);
    const second = await ctx.admin.post(`${BASE}/`, pageInput({ module_id: MODULES.gallery }));
    expect(second.statusCode).toBe(422);
    expect(second.json().errors).toEqual({ module_id: ['errors.moduleIdUnique'] });
    const category = await buildCategory(ctx.server.ctx.db, { module_id: MODULES.gallery });
    expect((await check(MODULES.gallery, 0, category)).json()).toBe(true);
    const narrowed = await ctx.admin.post(`${BASE}/`, pageInput({ module_id: MODULES.gallery, category_id: category }));
    expect(narrowed.statusCode).toBe(201);
    await ctx.admin.delete(`${BASE}/${host}`);
    expect((await check(MODULES.gallery, 0)).json()).toBe(true);
  });

  it('the category must belong to the module, and is dropped without a module', async () => {
    const articleCategory = await buildCategory(ctx.server.ctx.db, { module_id: MODULES.blog });
    const mismatch = await ctx.admin.post(
      `${BASE}/`,
      pageInput({ module_id: MODULES.gallery, category_id: articleCategory }),
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ category_id: ['errors.requiredOption'] });
    const noModule = await ctx.admin.post(`${BASE}/`, pageInput({ category_id: articleCategory }));
    expect(noModule.json().data).toMatchObject({ module_id: null, category_id: null });
  });
});

describe('pages: galleries and panels', () => {
  it('links are replaced on save, unknown or removed ones → 422, and panels count their pages', async () => {
    const [g1, g2] = [await buildGallery('One'), await buildGallery('Two')];
    const removedGallery = await buildGallery('Gone', true);
    const panel = await buildPanel(ctx.server.ctx.db);
    const pagesCount = async () =>
      (await ctx.admin.get('/api/content/panel/?per_page=100')).json().data.find((p: { id: number }) => p.id === panel)
        .pages_count;
    const created = (await ctx.admin.post(`${BASE}/`, pageInput({ galleries: [g1, g2], panels: [panel] }))).json().data;
    expect(created).toMatchObject({ galleries: [g1, g2], panels: [panel] });
    expect(await pagesCount()).toBe(1);
    const updated = await ctx.admin.post(`${BASE}/${created.id}`, {
      ...pageInput(),
      galleries: [g2],
      panels: [],
      updated_at: created.updated_at,
    });
    expect(updated.json().data).toMatchObject({ galleries: [g2], panels: [] });
    expect(await pagesCount()).toBe(0);
    const bad = await ctx.admin.post(`${BASE}/`, pageInput({ galleries: [removedGallery], panels: [999999] }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ galleries: ['errors.invalid'], panels: ['errors.invalid'] });
  });

  it('GET /api/gallery/list → the live galleries with their title in the request language', async () => {
    const id = await buildGallery('Listed');
    const removed = await buildGallery('Hidden', true);
    const { data } = (await ctx.admin.get('/api/gallery/list')).json();
    expect(data).toContainEqual({ id, lang: { title: 'Listed en' } });
    expect(data.map((g: { id: number }) => g.id)).not.toContain(removed);
  });
});

describe('pages: list', () => {
  let inNav: number;
  let withModule: number;
  let hidden: number;
  beforeAll(async () => {
    inNav = await build({ title: 'Listing B', navigation: { value: true }, group_id: 1 });
    withModule = await build({ title: 'Listing A', module_id: MODULES.blog, category_id: null });
    hidden = await build({ title: 'Listing C', status: false });
  });

  it('sorts by title ascending by default and answers the row shape', async () => {
    const res = await ctx.admin.get(`${BASE}/?search=Listing&per_page=100`);
    expect(ids(res)).toEqual([withModule, inNav, hidden]);
    expect(res.json().data[0]).toEqual({
      id: withModule,
      title: 'Listing A en',
      description: '',
      status: true,
      navigation: false,
      module_id: MODULES.blog,
      module_title: expect.any(String),
      translation: { sk: expect.any(String), en: expect.any(String) },
      updated_at: expect.any(String),
      deleted_at: null,
    });
    expect(res.json().data[1]).toMatchObject({ navigation: true, module_id: null, module_title: null });
    expect(ids(await ctx.admin.get(`${BASE}/?search=Listing&sort=title&order=desc`))).toEqual([
      hidden,
      inNav,
      withModule,
    ]);
  });

  it('filters by navigation, module and status', async () => {
    const list = async (q: string) => ids(await ctx.admin.get(`${BASE}/?search=Listing&per_page=100&${q}`));
    expect(await list('navigation=1')).toEqual([inNav]);
    expect(await list('navigation=0')).toEqual([withModule, hidden]);
    expect(await list(`module_id=${MODULES.blog}`)).toEqual([withModule]);
    expect(await list('status=0')).toEqual([hidden]);
    expect(await list('status=1')).toEqual([withModule, inNav]);
  });

  it('the description is the teaser as plain text of at most 120 characters', async () => {
    const input = pageInput({ title: 'Described' });
    input.langs.en.teaser = `<p>Tom &amp; <strong>Jerry</strong> <script>x()</script>${' word'.repeat(60)}</p>`;
    await ctx.admin.post(`${BASE}/`, input);
    const [row] = (await ctx.admin.get(`${BASE}/?search=Described`)).json().data;
    expect(row.description.startsWith('Tom & Jerry word')).toBe(true);
    expect(row.description.length).toBeLessThanOrEqual(120);
    expect(plainText('<p>a</p><p>b</p>')).toBe('a b');
  });
});

describe('pages: preview', () => {
  it('answers a signed, short-lived URL of the sk page that the public site can verify', async () => {
    const id = await build({ title: 'Preview Me' });
    const res = await ctx.admin.get(`${BASE}/preview/${id}`);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(`${url.origin}${url.pathname}`).toBe('http://backoffice.test/sk/preview-me-sk');
    const token = url.searchParams.get('preview') ?? '';
    const { config } = ctx.server;
    expect(verifyPreviewToken(config, 'page', id, token)).toBe(true);
    expect(verifyPreviewToken(config, 'page', id + 1, token)).toBe(false);
    expect(verifyPreviewToken(config, 'page', id, `x${token}`)).toBe(false);
    const [sig, expiry] = token.split('.');
    expect(verifyPreviewToken(config, 'page', id, `${sig}.${Number(expiry) + 1000}`)).toBe(false);
    expect(verifyPreviewToken(config, 'page', id, token, Date.now() + PREVIEW_TTL_MS + 1000)).toBe(false);
    expect(verifyPreviewToken(config, 'page', id, 'garbage')).toBe(false);
    expect((await ctx.admin.get(`${BASE}/preview/999999`)).statusCode).toBe(404);
  });
});
