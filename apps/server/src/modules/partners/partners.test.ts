import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, idsOf as ids, itStripsRichTextXss, useSignedInServer } from '../../test/content-cases.js';
import { buildPartner, partnerInput } from '../../test/factories.js';
import { describeTitledResource } from '../../test/titled-cases.js';

const BASE = '/api/partner';
const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const build = (overrides: Parameters<typeof buildPartner>[1] = {}) => buildPartner(db(), overrides);
const get = async (id: number) => (await ctx.admin.get(`${BASE}/${id}`)).json().data;

describe('partners: create and update', () => {
  it('creates with every field, reads it back, logs it and counts it on the dashboard', async () => {
    const before = (await ctx.admin.get('/api/stats/totals')).json().data.Partner;
    const input = partnerInput({ title: 'Acme', status: false, order: 4, publish_up: '2026-01-01T10:00:00.000Z' });
    input.langs.sk = { ...input.langs.sk, url: 'https://acme.example/sk', content: '<p>Dodávateľ</p>' };
    const res = await ctx.admin.post(`${BASE}/`, input);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect(await get(id)).toMatchObject({
      id,
      status: false,
      order: 4,
      image: null,
      publish_up: '2026-01-01T10:00:00.000Z',
      publish_down: null,
      langs: {
        sk: { title: 'Acme sk', title_url: 'acme-sk', url: 'https://acme.example/sk', content: '<p>Dodávateľ</p>' },
        en: { title: 'Acme en', title_url: 'acme-en', url: '', content: '' },
      },
    });
    const [log] = (await ctx.admin.get('/api/user/logs/1')).json().data;
    expect(log).toMatchObject({ model: 'Partner', route: 'partner', row_id: id, action: 'store' });
    expect((await ctx.admin.get('/api/stats/totals')).json().data.Partner).toBe(before + 1);
  });

  it('validation → 422 with the spec keys per locale; url only http(s); order ≥ 0; nothing written', async () => {
    const input = partnerInput();
    input.langs.sk = { ...input.langs.sk, title: 'ab', url: 'javascript:alert(1)' };
    input.langs.en = { ...input.langs.en, title_url: '', url: 'acme.example' };
    await expectRefused(
      ctx.admin,
      BASE,
      { ...input, order: -3 },
      {
        'langs.sk.title': ['errors.min3'],
        'langs.sk.url': ['errors.invalid'],
        'langs.en.title_url': ['errors.min3'],
        'langs.en.url': ['errors.invalid'],
        order: ['errors.invalid'],
      },
    );
  });

  itStripsRichTextXss(ctx, BASE, () => partnerInput(), ['content']);
});

describe('partners: list', () => {
  let made: number[];
  beforeAll(async () => {
    made = [
      await build({ title: 'Zebra par-list', order: 0 }),
      await build({ title: 'Alpha par-list', order: 9, status: false }),
      await build({ title: 'Mid par-list', order: 5 }),
    ];
  });
  const [zebra, alpha, mid] = [0, 1, 2];

  it('defaults to order ascending; rows carry title, status, order and updated_at', async () => {
    const res = await ctx.admin.get(`${BASE}/?search=par-list`);
    expect(ids(res)).toEqual([made[zebra], made[mid], made[alpha]]);
    expect(res.json().data[2]).toMatchObject({
      title: 'Alpha par-list en',
      status: false,
      order: 9,
      updated_at: expect.any(String),
      deleted_at: null,
    });
  });

  it('sorts by title and updated_at; an unknown sort falls back to order; filters by status', async () => {
    expect(ids(await ctx.admin.get(`${BASE}/?search=par-list&sort=title&order=desc`))).toEqual([
      made[zebra],
      made[mid],
      made[alpha],
    ]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=par-list&sort=updated_at&order=desc`))[0]).toBe(made[mid]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=par-list&sort=bogus&order=desc`))).toEqual([
      made[zebra],
      made[mid],
      made[alpha],
    ]);
    expect(ids(await ctx.admin.get(`${BASE}/?search=par-list&status=0`))).toEqual([made[alpha]]);
  });
});

describeTitledResource('Partner', ctx, {
  base: BASE,
  model: 'Partner',
  build: (overrides) => build(overrides),
  input: (overrides) => partnerInput(overrides),
  order: true,
  images: { media: 'partner', fields: ['image'] },
});
