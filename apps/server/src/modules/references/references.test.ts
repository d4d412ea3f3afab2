import { MODULES, REFERENCE_RICH_TEXT } from '@backoffice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, idsOf as ids, itStripsRichTextXss, useSignedInServer } from '../../test/content-cases.js';
import { buildGallery, buildReference, categoryOf, referenceInput } from '../../test/factories.js';
import { describeTitledResource } from '../../test/titled-cases.js';

const BASE = '/api/reference';
const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const build = (overrides: Parameters<typeof buildReference>[1] = {}) => buildReference(db(), overrides);
const get = async (id: number) => (await ctx.admin.get(`${BASE}/${id}`)).json().data;

describe('references: create and update', () => {
  it('creates with every field, reads it back, logs it and counts it on the dashboard', async () => {
    const category = await categoryOf(db(), MODULES.blog);
    const gallery = await buildGallery(db());
    const similar = await build();
    const before = (await ctx.admin.get('/api/stats/totals')).json().data.Reference;
    const input = referenceInput({
      title: 'Bridge',
      status: false,
      amount: 1200,
      order: 3,
      categories: [category],
      galleries: [gallery],
      similars: [similar],
      publish_up: null,
      publish_down: '2026-02-01T10:00:00.000Z',
    });
    input.langs.sk = {
      ...input.langs.sk,
      content: '<p>Budova</p>',
      content_road: '<p>Cesta</p>',
      content_railway: '<p>Železnica</p>',
      panel_text: '<p>Panel</p>',
      meta_title: 'Most',
    };
    const res = await ctx.admin.post(`${BASE}/`, input);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect(await get(id)).toMatchObject({
      id,
      status: false,
      image: null,
      amount: 1200,
      order: 3,
      publish_up: null,
      publish_down: '2026-02-01T10:00:00.000Z',
      categories: [category],
      galleries: [gallery],
      similars: [similar],
      langs: {
        sk: {
          title: 'Bridge sk',
          title_url: 'bridge-sk',
          content: '<p>Budova</p>',
          content_road: '<p>Cesta</p>',
          content_railway: '<p>Železnica</p>',
          panel_text: '<p>Panel</p>',
          meta_title: 'Most',
        },
        en: { title: 'Bridge en', content_road: '', meta_description: '' },
      },
    });
    const [log] = (await ctx.admin.get('/api/user/logs/1')).json().data;
    expect(log).toMatchObject({ model: 'Reference', route: 'reference', row_id: id, action: 'store' });
    expect((await ctx.admin.get('/api/stats/totals')).json().data.Reference).toBe(before + 1);
  });

  it('validation → 422 with the spec keys per locale and amount/order ≥ 0 whole numbers; nothing written', async () => {
    const input = referenceInput();
    input.langs.sk = { ...input.langs.sk, title: 'ab', title_url: 'x', meta_title: 'x'.repeat(61) };
    input.langs.en = { ...input.langs.en, meta_description: 'y'.repeat(161) };
    await expectRefused(
      ctx.admin,
      BASE,
      { ...input, amount: -1, order: 1.5 },
      {
        'langs.sk.title': ['errors.min3'],
        'langs.sk.title_url': ['errors.min3'],
        'langs.sk.meta_title': ['errors.max60'],
        'langs.en.meta_description': ['errors.max160'],
        amount: ['errors.invalid'],
        order: ['errors.invalid'],
      },
    );
    await expectRefused(
      ctx.admin,
      BASE,
      { ...referenceInput(), amount: 'many', order: '' },
      {
        amount: ['errors.invalid'],
        order: ['errors.invalid'],
      },
    );
  });

  it('categories must be live categories of module 1 and galleries live galleries (422)', async () => {
    const galleryCategory = await categoryOf(db(), MODULES.gallery);
    for (const categories of [[galleryCategory], [999999]]) {
      await expectRefused(ctx.admin, BASE, referenceInput({ categories }), { categories: ['errors.requiredSelect'] });
    }
    await expectRefused(ctx.admin, BASE, referenceInput({ galleries: [999999] }), { galleries: ['errors.invalid'] });
  });

  itStripsRichTextXss(ctx, BASE, () => referenceInput(), REFERENCE_RICH_TEXT);
});

describe('references: list', () => {
  let made: number[];
  beforeAll(async () => {
    made = [
      await build({ title: 'Zebra ref-list', amount: 5, order: 2 }),
      await build({ title: 'Alpha ref-list', amount: 50, order: 0, status: false }),
      await build({ title: 'Mid ref-list', amount: 0, order: 1 }),
    ];
  });
  const [zebra, alpha, mid] = [0, 1, 2];

  it('defaults to updated_at descending; rows carry title, status, amount and order', async () => {
    const res = await ctx.admin.get(`${BASE}/?search=ref-list`);
    expect(ids(res)).toEqual([made[mid], made[alpha], made[zebra]]);
    expect(res.json().data[1]).toMatchObject({
      title: 'Alpha ref-list en',
      status: false,
      amount: 50,
      order: 0,
      deleted_at: null,
    });
  });

  it('sorts by amount, order and title; filters by status', async () => {
    expect(ids(await ctx.admin.get(`${BASE}/?search=ref-list&sort=amount&order=desc`))).toEqual([
      made[alpha],
      made[zebra],
      made[mid],
    ]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=ref-list&sort=order&order=asc`))).toEqual([
      made[alpha],
      made[mid],
      made[zebra],
    ]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=ref-list&sort=title`))).toEqual([
      made[alpha],
      made[mid],
      made[zebra],
    ]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=ref-list&status=1`))).toEqual([made[mid], made[zebra]]);
  });
});

describeTitledResource('Reference', ctx, {
  base: BASE,
  model: 'Reference',
  build: (overrides) => build(overrides),
  input: (overrides) => referenceInput(overrides),
  options: true,
  preview: { kind: 'reference', path: 'reference/' },
  similars: true,
  order: true,
  images: { media: 'reference', fields: ['image'] },
});
