import { type GalleryImage, MODULES } from '@backoffice/shared';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from './db/schema.js';
import { useSignedInServer } from './test/content-cases.js';
import {
  buildArticle,
  buildGallery,
  buildGalleryImage,
  buildPage,
  buildText,
  categoryInput,
  galleryInput,
  pageInput,
} from './test/factories.js';

// Found by the write-endpoint fuzz (fuzz.test.ts): each of these answered 500 before.
const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const OVER = 2_147_483_648;

/** A refusal: a 4xx with a message, never a 5xx. */
const expectRefused = (res: { statusCode: number; json(): { message?: unknown } }, status?: number) => {
  if (status) expect(res.statusCode).toBe(status);
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.json().message).toEqual(expect.any(String));
};

describe('ids beyond the database integer range', () => {
  it('in a path answer 404 on every resource', async () => {
    const gallery = await buildGallery(db());
    const urls = [
      `/api/content/text/${OVER}`,
      '/api/content/page/99999999999999999999',
      `/api/blog/${OVER}`,
      '/api/gallery/1e20',
      `/api/gallery/image/${OVER}`,
      `/api/gallery/image/${gallery}/${OVER}`,
      `/api/form/contact/${OVER}`,
      `/api/user/${OVER}`,
      `/api/user/logs/${OVER}`,
      `/api/mail/${OVER}`,
      `/api/content/category/list/${OVER}`,
    ];
    for (const url of urls) expectRefused(await ctx.admin.get(url), 404);
    expectRefused(await ctx.admin.delete(`/api/reference/${OVER}`), 404);
    expectRefused(await ctx.admin.post(`/api/partner/${OVER}/restore`), 404);
    expectRefused(await ctx.admin.post(`/api/content/navigation/tree/${OVER}`, { tree: [] }), 404);
  });

  it('in a list filter answer 422 naming the filter; a filter that is no number still means no filter', async () => {
    const filters = [
      ['/api/content/page', 'module_id'],
      ['/api/content/text', 'position_id'],
      ['/api/content/category', 'module_id'],
      ['/api/blog', 'category_id'],
      ['/api/gallery', 'category_id'],
      ['/api/user', 'role_id'],
    ] as const;
    for (const [base, filter] of filters) {
      for (const value of [String(OVER), '1e20']) {
        const res = await ctx.admin.get(`${base}?${filter}=${value}`);
        expectRefused(res, 422);
        expect(res.json().errors).toEqual({ [filter]: ['errors.invalid'] });
      }
      expect((await ctx.admin.get(`${base}?${filter}=abc`)).statusCode).toBe(200);
    }
    const check = await ctx.admin.get(`/api/content/category/validate/title_url?value=abc&language_code=sk&id=${OVER}`);
    expectRefused(check, 422);
  });

  it('in the rows of a bulk action answer 422 on the row, and nothing changes', async () => {
    const text = await buildText(db());
    const page = await buildPage(db());
    const blog = await buildArticle(db());
    const cases = [
      ['/api/content/text/array/hide', text],
      ['/api/content/page/array/destroy', page],
      ['/api/blog/array/hide', blog],
      ['/api/user/array/block', 1],
      ['/api/form/contact/array/destroy', 1],
    ] as const;
    for (const [url, id] of cases) {
      const res = await ctx.admin.post(url, { rows: [id, OVER] });
      expectRefused(res, 422);
      expect(res.json().errors).toEqual({ 'rows.1': ['errors.invalid'] });
    }
    expect((await ctx.admin.get(`/api/content/text/${text}`)).json().data.status).toBe(true);
    expect((await ctx.admin.get(`/api/content/page/${page}`)).json().data.deleted_at).toBeNull();
  });

  it("in a gallery's image reorder answer 422, and the order stays", async () => {
    const gallery = await buildGallery(db());
    const a = await buildGalleryImage(db(), gallery, { position: 1 });
    const b = await buildGalleryImage(db(), gallery, { position: 2 });
    const res = await ctx.admin.post(`/api/gallery/image/${gallery}/reorder`, { images: [b.id, OVER] });
    expectRefused(res, 422);
    expect(res.json().errors).toEqual({ 'images.1': ['errors.invalid'] });
    const list = (await ctx.admin.get(`/api/gallery/image/${gallery}`)).json().data as { id: number }[];
    expect(list.map((i) => i.id)).toEqual([a.id, b.id]);
  });

  it("in a category's parent_id answer 422 on parent_id", async () => {
    const res = await ctx.admin.post('/api/content/category/', { ...categoryInput(), parent_id: OVER });
    expectRefused(res, 422);
    expect(res.json().errors).toEqual({ parent_id: ['errors.invalid'] });
  });

  it('in the module check of a page answer 422 on the field', async () => {
    const url = '/api/content/page/validate/module_id';
    const id = await ctx.admin.post(url, { value: MODULES.gallery, id: OVER });
    expectRefused(id, 422);
    expect(id.json().errors).toEqual({ id: ['errors.invalid'] });
    const value = await ctx.admin.post(url, { value: OVER, id: 0 });
    expectRefused(value, 422);
    expect(Object.keys(value.json().errors)).toEqual(['value']);
    const category = await ctx.admin.post(url, { value: MODULES.blog, id: 0, category_id: OVER });
    expectRefused(category, 422);
  });
});

describe('NUL characters in the fields the issue named', () => {
  it('a title_url with NUL is a 422 on that field and no page is stored', async () => {
    const before = (await ctx.admin.get('/api/content/page?per_page=1')).json().meta.total;
    const input = pageInput();
    const res = await ctx.admin.post('/api/content/page/', {
      ...input,
      langs: { ...input.langs, en: { ...input.langs.en, title_url: 'bad\0url' } },
    });
    expectRefused(res, 422);
    expect(res.json().errors).toEqual({ 'langs.en.title_url': ['errors.invalid'] });
    expect((await ctx.admin.get('/api/content/page?per_page=1')).json().meta.total).toBe(before);
  });

  it("a gallery's title and an image title with NUL are 422s, and the titles stay", async () => {
    const input = galleryInput();
    const gallery = await ctx.admin.post('/api/gallery/', {
      ...input,
      langs: { ...input.langs, sk: { ...input.langs.sk, title: 'Galéria\0' } },
    });
    expectRefused(gallery, 422);
    expect(gallery.json().errors).toEqual({ 'langs.sk.title': ['errors.invalid'] });

    const galleryId = await buildGallery(db());
    const image = await buildGalleryImage(db(), galleryId, { title: 'Kept' });
    const res = await ctx.admin.post(`/api/gallery/image/${galleryId}/${image.id}`, {
      languages: { sk: { title: 'a\0b' }, en: { title: 'fine' } },
    });
    expectRefused(res, 422);
    expect(res.json().errors).toEqual({ 'languages.sk.title': ['errors.invalid'] });
    const list = (await ctx.admin.get(`/api/gallery/image/${galleryId}`)).json().data as GalleryImage[];
    expect(list.find((i) => i.id === image.id)?.languages).toEqual({
      sk: { title: 'Kept sk', alt: '' },
      en: { title: 'Kept en', alt: '' },
    });
  });

  it('a list search with NUL is a 422 on search on every list', async () => {
    for (const base of ['/api/content/page', '/api/blog', '/api/gallery', '/api/user', '/api/form/contact']) {
      const res = await ctx.admin.get(`${base}?search=a%00`);
      expectRefused(res, 422);
      expect(res.json().errors).toEqual({ search: ['errors.invalid'] });
    }
  });
});

describe('users naming a role or country that does not exist', () => {
  const userBody = (overrides: Record<string, unknown>) => ({
    role_id: 2,
    name: 'Nový',
    surname: 'Používateľ',
    title_url: `novy-${Math.random().toString(36).slice(2)}`,
    email: `novy-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'secret-password',
    password_2: 'secret-password',
    ...overrides,
  });
  const userCount = async () => (await db().select({ n: count() }).from(users))[0]?.n;

  it('a new user with an unknown role or country is a 422 on that field, and no user is stored', async () => {
    const before = await userCount();
    const role = await ctx.admin.post('/api/user/', userBody({ role_id: 7 }));
    expectRefused(role, 422);
    expect(role.json().errors).toEqual({ role_id: ['errors.requiredOption'] });
    const country = await ctx.admin.post('/api/user/', userBody({ country_id: 99_999, shipping_country_id: 1 }));
    expectRefused(country, 422);
    expect(country.json().errors).toEqual({ country_id: ['errors.invalid'] });
    expect(await userCount()).toBe(before);
    expect((await ctx.admin.post('/api/user/', userBody({ country_id: 1, billing_country_id: 2 }))).statusCode).toBe(
      201,
    );
  });

  it('an update to an unknown role or billing country is a 422, and the user is unchanged', async () => {
    const created = (await ctx.admin.post('/api/user/', userBody({}))).json().data;
    const { id, updated_at, ...rest } = created;
    const base = { ...rest, updated_at };
    const role = await ctx.admin.post(`/api/user/${id}`, { ...base, role_id: 9 });
    expectRefused(role, 422);
    expect(role.json().errors).toEqual({ role_id: ['errors.requiredOption'] });
    const country = await ctx.admin.post(`/api/user/${id}`, { ...base, billing_country_id: 99_999 });
    expectRefused(country, 422);
    expect(country.json().errors).toEqual({ billing_country_id: ['errors.invalid'] });
    expect((await ctx.admin.get(`/api/user/${id}`)).json().data).toMatchObject({
      role_id: 2,
      billing_country_id: null,
    });
  });
});

describe('multipart bodies', () => {
  it('a bulk action with repeated rows[] fields acts on every row (docs/api.md Writes)', async () => {
    const a = await buildText(db(), { status: false });
    const b = await buildText(db(), { status: false });
    const part = (id: number) => `--b\r\nContent-Disposition: form-data; name="rows[]"\r\n\r\n${id}\r\n`;
    const res = await ctx.admin.request({
      method: 'POST',
      url: '/api/content/text/array/publish',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: `${part(a)}${part(b)}--b--\r\n`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
  });
});
