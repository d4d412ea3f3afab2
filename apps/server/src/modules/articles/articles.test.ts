import { MODULES } from '@backoffice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, idsOf as ids, itStripsRichTextXss, useSignedInServer } from '../../test/content-cases.js';
import { articleInput, buildArticle, buildCategory, buildGallery, categoryOf } from '../../test/factories.js';
import { Agent } from '../../test/harness.js';
import { describeTitledResource } from '../../test/titled-cases.js';

const BASE = '/api/blog';
const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const input = (overrides: Parameters<typeof articleInput>[1] = {}) => articleInput(db(), overrides);
const build = (overrides: Parameters<typeof buildArticle>[1] = {}) => buildArticle(db(), overrides);
const get = async (id: number) => (await ctx.admin.get(`${BASE}/${id}`)).json().data;

describe('news: create and update', () => {
  it('creates with every field, reads it back, logs it and counts it on the dashboard', async () => {
    const category = await buildCategory(db(), { title: 'Press' });
    const gallery = await buildGallery(db());
    const similar = await build();
    const before = (await ctx.admin.get('/api/stats/totals')).json().data.Blog;
    const body = await input({
      title: 'Opening',
      status: false,
      primary: true,
      categories: [category],
      galleries: [gallery],
      similars: [similar],
      publish_up: '2026-01-01T10:00:00.000Z',
      publish_down: '2026-02-01T10:00:00+02:00',
    });
    body.langs.sk = { ...body.langs.sk, content: '<p>Text</p>', meta_title: 'Meta', meta_description: 'Popis' };
    const res = await ctx.admin.post(`${BASE}/`, body);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect(await get(id)).toMatchObject({
      id,
      status: false,
      primary: true,
      image: null,
      poster: null,
      publish_up: '2026-01-01T10:00:00.000Z',
      publish_down: '2026-02-01T08:00:00.000Z',
      categories: [category],
      galleries: [gallery],
      similars: [similar],
      langs: {
        sk: { title: 'Opening sk', title_url: 'opening-sk', content: '<p>Text</p>', meta_title: 'Meta' },
        en: { title: 'Opening en', title_url: 'opening-en', meta_description: '' },
      },
      deleted_at: null,
    });
    const [log] = (await ctx.admin.get('/api/user/logs/1')).json().data;
    expect(log).toMatchObject({ model: 'Blog', route: 'news', row_id: id, action: 'store' });
    expect((await ctx.admin.get('/api/stats/totals')).json().data.Blog).toBe(before + 1);
  });

  it('validation → 422 with the spec keys per locale, and nothing is written', async () => {
    const body = await input();
    body.langs.sk = { ...body.langs.sk, title: 'ab', title_url: '' };
    body.langs.en = {
      ...body.langs.en,
      title_url: 'xy',
      meta_title: 'x'.repeat(61),
      meta_description: 'y'.repeat(161),
    };
    await expectRefused(
      ctx.admin,
      BASE,
      { ...body, categories: [], publish_up: 'tomorrow' },
      {
        'langs.sk.title': ['errors.min3'],
        'langs.sk.title_url': ['errors.min3'],
        'langs.en.title_url': ['errors.min3'],
        'langs.en.meta_title': ['errors.max60'],
        'langs.en.meta_description': ['errors.max160'],
        categories: ['errors.requiredSelect'],
        publish_up: ['errors.invalid'],
      },
    );
    const reversed = { ...(await input()), publish_up: '2026-03-01T00:00:00Z', publish_down: '2026-02-01T00:00:00Z' };
    await expectRefused(ctx.admin, BASE, reversed, { publish_down: ['errors.publishDown'] });
  });

  it('categories must be live News categories; galleries live galleries (422, nothing written)', async () => {
    const galleryCategory = await categoryOf(db(), MODULES.gallery);
    const removed = await buildCategory(db());
    await ctx.admin.delete(`/api/content/category/${removed}`);
    for (const categories of [[galleryCategory], [removed], [999999]]) {
      await expectRefused(ctx.admin, BASE, await input({ categories }), { categories: ['errors.requiredSelect'] });
    }
    await expectRefused(ctx.admin, BASE, await input({ galleries: [999999] }), { galleries: ['errors.invalid'] });
  });

  it('links are replaced on save', async () => {
    const [a, b] = [await buildCategory(db()), await buildCategory(db())];
    const id = await build({ title: 'Relinked', categories: [a] });
    const res = await ctx.admin.post(`${BASE}/${id}`, await input({ title: 'Relinked', categories: [b, b] }));
    expect(res.json().data.categories).toEqual([b]);
  });

  itStripsRichTextXss(ctx, BASE, () => input(), ['content']);
});

describe('news: list', () => {
  let made: number[];
  let press: number;
  beforeAll(async () => {
    press = await buildCategory(db(), { title: 'Badge Press' });
    const other = await buildCategory(db(), { title: 'Badge Events' });
    made = [
      await build({ title: 'Zebra news-list', categories: [press, other] }),
      await build({ title: 'Alpha news-list', status: false }),
      await build({ title: 'Mid 50% news-list', categories: [other] }),
    ];
  });
  const [zebra, alpha, mid] = [0, 1, 2];

  it('defaults to updated_at descending, with category badges in the request language', async () => {
    const res = await ctx.admin.get(`${BASE}/?search=news-list`);
    expect(ids(res)).toEqual([made[mid], made[alpha], made[zebra]]);
    expect(res.json().meta).toMatchObject({ total: 3, from: 1, to: 3 });
    expect(res.json().data[2]).toMatchObject({
      title: 'Zebra news-list en',
      status: true,
      primary: false,
      categories: [
        { id: expect.any(Number), title: 'Badge Events en' },
        { id: press, title: 'Badge Press en' },
      ],
      deleted_at: null,
    });
    const sk = new Agent(ctx.server.app, 'sk');
    await sk.login();
    const [skRow] = (await sk.get(`${BASE}/?search=Zebra news-list`)).json().data;
    expect(skRow.categories.map((c: { title: string }) => c.title)).toEqual(['Badge Events sk', 'Badge Press sk']);
  });

  it('sorts by title; an unknown sort falls back; searches, filters by status and category', async () => {
    expect(ids(await ctx.admin.get(`${BASE}/?search=news-list&sort=title&order=asc`))).toEqual([
      made[alpha],
      made[mid],
      made[zebra],
    ]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=news-list&sort=bogus`))).toEqual([
      made[mid],
      made[alpha],
      made[zebra],
    ]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=50%25`))).toEqual([made[mid]]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=news-list&status=0`))).toEqual([made[alpha]]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=news-list&category_id=${press}`))).toEqual([made[zebra]]);
  });

  it("leaves a removed category's badge out of the rows", async () => {
    expect((await ctx.admin.delete(`/api/content/category/${press}`)).statusCode).toBe(200);
    const rows = (await ctx.admin.get(`${BASE}/?search=news-list`)).json().data;
    const badges = (row: { categories: { title: string }[] }) => row.categories.map((c) => c.title);
    expect(badges(rows[0])).toEqual(['Badge Events en']);
    expect(badges(rows[2])).toEqual(['Badge Events en']);
  });
});

describeTitledResource('News', ctx, {
  base: BASE,
  model: 'Blog',
  build: (overrides) => build(overrides),
  input: (overrides) => input(overrides),
  options: true,
  preview: { kind: 'article', path: 'news/' },
  similars: true,
  images: { media: 'blog', fields: ['image', 'poster'] },
});
