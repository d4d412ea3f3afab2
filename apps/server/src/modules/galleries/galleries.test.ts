import { MODULES } from '@backoffice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryImages } from '../../db/schema.js';
import { expectRefused, idsOf as ids, itStripsRichTextXss, useSignedInServer } from '../../test/content-cases.js';
import { buildCategory, buildGallery, categoryOf, galleryInput } from '../../test/factories.js';
import { describeTitledResource } from '../../test/titled-cases.js';

const BASE = '/api/gallery';
const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const build = (overrides: Parameters<typeof buildGallery>[1] = {}) => buildGallery(db(), overrides);
const get = async (id: number) => (await ctx.admin.get(`${BASE}/${id}`)).json().data;
const galleryCategory = () => buildCategory(db(), { module_id: MODULES.gallery });

/** Image rows inserted directly: the upload has its own screen and tests. */
async function addImages(galleryId: number, count: number) {
  for (let i = 0; i < count; i++) {
    await db()
      .insert(galleryImages)
      .values({ gallery_id: galleryId, file: `${'a'.repeat(31)}${i}.png`, width: 4, height: 3 });
  }
}

describe('galleries: create and update', () => {
  it('creates with every field, reads it back, logs it and counts it on the dashboard', async () => {
    const category = await galleryCategory();
    const before = (await ctx.admin.get('/api/stats/totals')).json().data.Gallery;
    const input = galleryInput({
      title: 'Summer',
      status: false,
      categories: [category],
      publish_up: '2026-01-01T10:00:00.000Z',
      publish_down: null,
    });
    input.langs.en = { ...input.langs.en, content: '<p>Photos</p>', meta_title: 'Meta' };
    const res = await ctx.admin.post(`${BASE}/`, input);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect(await get(id)).toMatchObject({
      id,
      status: false,
      image: null,
      publish_up: '2026-01-01T10:00:00.000Z',
      publish_down: null,
      categories: [category],
      imageCount: 0,
      langs: {
        sk: { title: 'Summer sk', title_url: 'summer-sk', content: '' },
        en: { title: 'Summer en', content: '<p>Photos</p>', meta_title: 'Meta', meta_description: '' },
      },
    });
    const [log] = (await ctx.admin.get('/api/user/logs/1')).json().data;
    expect(log).toMatchObject({ model: 'Gallery', route: 'gallery', row_id: id, action: 'store' });
    expect((await ctx.admin.get('/api/stats/totals')).json().data.Gallery).toBe(before + 1);
  });

  it('validation → 422 with the spec keys per locale, and nothing is written', async () => {
    const input = galleryInput();
    input.langs.sk = { ...input.langs.sk, title: '', title_url: 'ab', meta_description: 'y'.repeat(161) };
    input.langs.en = { ...input.langs.en, title: 'ab', meta_title: 'x'.repeat(61) };
    await expectRefused(ctx.admin, BASE, input, {
      'langs.sk.title': ['errors.min3'],
      'langs.sk.title_url': ['errors.min3'],
      'langs.sk.meta_description': ['errors.max160'],
      'langs.en.title': ['errors.min3'],
      'langs.en.meta_title': ['errors.max60'],
    });
  });

  it('categories must be live Gallery categories (422 errors.requiredSelect), and are replaced on save', async () => {
    const newsCategory = await categoryOf(db(), MODULES.blog);
    for (const categories of [[newsCategory], [999999]]) {
      await expectRefused(ctx.admin, BASE, galleryInput({ categories }), { categories: ['errors.requiredSelect'] });
    }
    const [a, b] = [await galleryCategory(), await galleryCategory()];
    const id = await build({ title: 'Recategorised', categories: [a] });
    const saved = await ctx.admin.post(`${BASE}/${id}`, galleryInput({ title: 'Recategorised', categories: [b] }));
    expect(saved.json().data.categories).toEqual([b]);
  });

  itStripsRichTextXss(ctx, BASE, () => galleryInput(), ['content']);
});

describe('galleries: list and options', () => {
  let made: number[];
  let category: number;
  beforeAll(async () => {
    category = await buildCategory(db(), { title: 'Badge Nature', module_id: MODULES.gallery });
    made = [
      await build({ title: 'Zebra gal-list', categories: [category] }),
      await build({ title: 'Alpha gal-list', status: false }),
      await build({ title: 'Mid gal-list' }),
    ];
    await addImages(made[0] ?? 0, 1);
    await addImages(made[1] ?? 0, 3);
  });
  const [zebra, alpha, mid] = [0, 1, 2];

  it('defaults to updated_at descending with category badges and image counts', async () => {
    const res = await ctx.admin.get(`${BASE}/?search=gal-list`);
    expect(ids(res)).toEqual([made[mid], made[alpha], made[zebra]]);
    expect(res.json().data[2]).toMatchObject({
      title: 'Zebra gal-list en',
      status: true,
      categories: [{ id: category, title: 'Badge Nature en' }],
      imageCount: 1,
      deleted_at: null,
    });
    expect((await get(made[alpha] ?? 0)).imageCount).toBe(3);
  });

  it('sorts by imageCount and title; filters by status and category', async () => {
    expect(ids(await ctx.admin.get(`${BASE}/?search=gal-list&sort=imageCount&order=desc`))).toEqual([
      made[alpha],
      made[zebra],
      made[mid],
    ]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=gal-list&sort=title&order=asc`))).toEqual([
      made[alpha],
      made[mid],
      made[zebra],
    ]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=gal-list&status=0`))).toEqual([made[alpha]]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=gal-list&category_id=${category}`))).toEqual([made[zebra]]);
  });

  it('GET list gives the live galleries as {id, lang: {title}}; the dashboard counts images of live galleries', async () => {
    const removed = await build({ title: 'Removed gal-list' });
    await addImages(removed, 2);
    const before = (await ctx.admin.get('/api/stats/totals')).json().data.GalleryImage;
    await ctx.admin.delete(`${BASE}/${removed}`);
    const options = (await ctx.admin.get(`${BASE}/list`)).json().data as { id: number; lang: { title: string } }[];
    expect(options).toContainEqual({ id: made[zebra], lang: { title: 'Zebra gal-list en' } });
    expect(options.map((o) => o.id)).not.toContain(removed);
    expect((await ctx.admin.get('/api/stats/totals')).json().data.GalleryImage).toBe(before - 2);
  });
});

describeTitledResource('Gallery', ctx, {
  base: BASE,
  model: 'Gallery',
  build: (overrides) => build(overrides),
  input: (overrides) => galleryInput(overrides),
  options: true,
  images: { media: 'gallery', fields: ['image'] },
});
