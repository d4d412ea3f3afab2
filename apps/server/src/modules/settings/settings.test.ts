import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, SETTINGS } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { countries, countryLangs } from '../../db/schema.js';
import { seedSettings } from '../../db/seed/settings.js';
import { postMultipart, useSignedInServer } from '../../test/content-cases.js';
import { Agent } from '../../test/harness.js';
import { readSettings } from './service.js';

const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const both = (value: string | number) => ({ sk: value, en: value });
const get = async (id: number) => (await ctx.admin.get(`/api/settings/${id}`)).json();
const jpeg = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();

let countryId: number;
beforeAll(async () => {
  await db().insert(countries).values({ code: 'SK' }).onConflictDoNothing();
  const [sk] = await db().select().from(countries).where(eq(countries.code, 'SK'));
  countryId = sk?.id ?? 0;
  await db()
    .insert(countryLangs)
    .values(LOCALES.map((l) => ({ country_id: countryId, language_code: l, name: 'Slovensko' })))
    .onConflictDoNothing();
});

const mainInput = () => ({
  meta_title: { sk: 'Titulok webu', en: 'Site title' },
  meta_description: both('d'.repeat(120)),
  og_title: both('Demo'),
  og_description: both('o'.repeat(100)),
  copyright: { sk: '© Demo', en: '© Demo Ltd.' },
});
const contactInput = () => ({
  contact_name: both('Demo s.r.o.'),
  contact_address: both('Hlavná 1'),
  contact_city: both('BA'),
  contact_zip: both('811 01'),
  contact_country_id: both(countryId),
  contact_lat: both('48.1'),
  contact_lng: both(''),
});

describe('settings: read', () => {
  it('seeds the four records with a value for every key and locale; GET answers {data: {key: {sk, en}}}', async () => {
    for (const { id, keys } of Object.values(SETTINGS)) {
      const body = await get(id);
      expect(Object.keys(body.data).sort()).toEqual([...keys].sort());
      for (const key of keys) expect(Object.keys(body.data[key]).sort()).toEqual(['en', 'sk']);
      expect(body.updated_at).toEqual(expect.any(String));
    }
    const main = (await get(1)).data;
    expect(main.meta_description.sk.length).toBeGreaterThanOrEqual(100);
    expect((await get(3)).data.email_recipient.sk).toMatch(/@/);
  });

  it('the seed is idempotent and never overwrites a saved value', async () => {
    await ctx.admin.post('/api/settings/4', { social_twitter_link: both('https://x.com/demo') });
    await seedSettings(db());
    await seedSettings(db());
    expect((await get(4)).data.social_twitter_link).toEqual(both('https://x.com/demo'));
  });

  it('contact_country_id is an integer (null when blank)', async () => {
    const res = await ctx.admin.post('/api/settings/2', contactInput());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contact_country_id).toEqual(both(countryId));
    expect((await get(2)).data.contact_country_id.sk).toBe(countryId);
  });

  it('an unknown record is 404; anonymous 401; every staff role reads', async () => {
    expect((await ctx.admin.get('/api/settings/5')).statusCode).toBe(404);
    expect((await ctx.admin.get('/api/settings/abc')).statusCode).toBe(404);
    const anonymous = new Agent(ctx.server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.get('/api/settings/1')).statusCode).toBe(401);
    expect((await anonymous.post('/api/settings/1', mainInput())).statusCode).toBe(401);
    const editor = await ctx.editor.get('/api/settings/1');
    expect(editor.statusCode).toBe(200);
    expect(editor.json().abilities).toEqual({ update: false });
    expect((await get(1)).abilities).toEqual({ update: true });
  });
});

describe('settings: save', () => {
  it('saves every locale, logs it and readSettings gives the values to other modules', async () => {
    const res = await ctx.admin.post('/api/settings/1', mainInput());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.meta_title).toEqual({ sk: 'Titulok webu', en: 'Site title' });
    expect((await readSettings(db(), 1)).copyright).toEqual({ sk: '© Demo', en: '© Demo Ltd.' });
    const logs = (await ctx.admin.get('/api/user/logs/1')).json().data;
    expect(logs[0]).toMatchObject({ model: 'Settings', row_id: 1, action: 'update' });
  });

  it('takes multipart with bracket keys', async () => {
    const input = mainInput();
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(input))
      for (const l of LOCALES) fields[`${key}[${l}]`] = String(value[l]);
    fields['meta_title[en]'] = 'Multipart title';
    const res = await postMultipart(ctx.admin, '/api/settings/1', fields);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.meta_title.en).toBe('Multipart title');
  });

  it('main: the validation keys of spec 2 §5 per locale, and nothing is written', async () => {
    const before = (await get(1)).data;
    const res = await ctx.admin.post('/api/settings/1', {
      ...mainInput(),
      meta_title: { sk: 'ok title', en: 'ab' },
      meta_description: { sk: 'short', en: 'x'.repeat(161) },
      og_title: { sk: '', en: 'Fine' },
      og_description: { sk: 'o'.repeat(99), en: 'o'.repeat(100) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'meta_title.en': ['errors.min3'],
      'meta_description.sk': ['errors.min100max160'],
      'meta_description.en': ['errors.min100max160'],
      'og_title.sk': ['errors.min3'],
      'og_description.sk': ['errors.min100max160'],
    });
    expect((await get(1)).data).toEqual(before);
  });

  it('contact: min3/min2/requiredSelect; an unknown country is refused', async () => {
    const res = await ctx.admin.post('/api/settings/2', {
      ...contactInput(),
      contact_name: both('ab'),
      contact_city: { sk: 'B', en: 'BA' },
      contact_zip: both(''),
      contact_country_id: { sk: '', en: countryId },
      contact_lat: both('north'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'contact_name.sk': ['errors.min3'],
      'contact_name.en': ['errors.min3'],
      'contact_city.sk': ['errors.min2'],
      'contact_zip.sk': ['errors.min3'],
      'contact_zip.en': ['errors.min3'],
      'contact_country_id.sk': ['errors.requiredSelect'],
      'contact_lat.sk': ['errors.invalid'],
      'contact_lat.en': ['errors.invalid'],
    });
    const unknown = await ctx.admin.post('/api/settings/2', { ...contactInput(), contact_country_id: both(999999) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      'contact_country_id.sk': ['errors.requiredSelect'],
      'contact_country_id.en': ['errors.requiredSelect'],
    });
  });

  it('email: valid addresses and a sender name; the sender itself is never changed through the API', async () => {
    const before = (await get(3)).data.email_sender;
    const bad = await ctx.admin.post('/api/settings/3', {
      email_recipient: both('not-an-email'),
      email_sender: both('no-reply@example.com'),
      email_sender_name: both('AB'),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'email_recipient.sk': ['errors.email'],
      'email_recipient.en': ['errors.email'],
      'email_sender_name.sk': ['errors.min3'],
      'email_sender_name.en': ['errors.min3'],
    });
    const ok = await ctx.admin.post('/api/settings/3', {
      email_recipient: both('orders@example.com'),
      email_sender: both('attacker@example.net'),
      email_sender_name: both('Demo shop'),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email_recipient).toEqual(both('orders@example.com'));
    expect(ok.json().data.email_sender).toEqual(before);
  });

  it('social: links must be blank or http(s)', async () => {
    const res = await ctx.admin.post('/api/settings/4', {
      social_facebook_link: both('javascript:alert(1)'),
      social_youtube_link: both('https://youtube.com/demo'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'social_facebook_link.sk': ['errors.invalid'],
      'social_facebook_link.en': ['errors.invalid'],
    });
  });

  it('a stale updated_at is 409 and writes nothing', async () => {
    const { updated_at } = await get(4);
    expect(
      (await ctx.admin.post('/api/settings/4', { updated_at, social_facebook_app_id: both('1') })).statusCode,
    ).toBe(200);
    const res = await ctx.admin.post('/api/settings/4', { updated_at, social_facebook_app_id: both('2') });
    expect(res.statusCode).toBe(409);
    expect((await get(4)).data.social_facebook_app_id).toEqual(both('1'));
  });

  it('role 2 may not save (403 before validation); CSRF is checked; unknown record 404', async () => {
    const before = (await get(1)).data;
    expect((await ctx.editor.post('/api/settings/1', mainInput())).statusCode).toBe(403);
    expect((await ctx.editor.post('/api/settings/1', { meta_title: 'x' })).statusCode).toBe(403);
    expect((await ctx.admin.post('/api/settings/1', mainInput(), { csrf: false })).statusCode).toBe(419);
    expect((await ctx.admin.post('/api/settings/9', mainInput())).statusCode).toBe(404);
    expect((await get(1)).data).toEqual(before);
  });
});

describe('settings: images', () => {
  it('og_image and favicon per locale are stored under /gallery/settings/1/, replaced and removed', async () => {
    const fields = (extra: Record<string, string | Buffer>) => {
      const out: Record<string, string | Buffer> = {};
      for (const [key, value] of Object.entries(mainInput()))
        for (const l of LOCALES) out[`${key}[${l}]`] = String(value[l]);
      return { ...out, ...extra };
    };
    const res = await postMultipart(ctx.admin, '/api/settings/1', fields({ 'favicon[sk]': await jpeg() }));
    expect(res.statusCode).toBe(200);
    const file = res.json().data.favicon.sk as string;
    expect(file).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(res.json().data.favicon.en).toBe('');
    const thumb = await ctx.admin.get(`/gallery/settings/1/thumb/${file}`);
    expect(thumb.statusCode).toBe(200);
    const media = ctx.server.config.mediaDir;
    expect(existsSync(join(media, 'settings', '1', file))).toBe(true);

    // Another save without a file keeps it; @delete@ removes it and its files.
    const kept = await ctx.admin.post('/api/settings/1', mainInput());
    expect(kept.json().data.favicon.sk).toBe(file);
    const removed = await postMultipart(ctx.admin, '/api/settings/1', fields({ 'favicon[sk]': '@delete@' }));
    expect(removed.json().data.favicon.sk).toBe('');
    expect(existsSync(join(media, 'settings', '1', file))).toBe(false);
  });

  it('a file that is not an image is 422 errors.image on its field and nothing is written', async () => {
    const before = (await get(1)).data;
    const fields: Record<string, string | Buffer> = { 'og_image[en]': Buffer.from('not an image at all') };
    for (const [key, value] of Object.entries(mainInput()))
      for (const l of LOCALES) fields[`${key}[${l}]`] = `${value[l]}`;
    fields['meta_title[sk]'] = 'Changed title';
    const res = await postMultipart(ctx.admin, '/api/settings/1', fields);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'og_image.en': ['errors.image'] });
    expect((await get(1)).data).toEqual(before);
  });
});
