import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { keepsSecret, LOCALES, SETTINGS, SETTINGS_SECRETS, secretState } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, countries, countryLangs } from '../../db/schema.js';
import { readSettings } from '../../db/settings.js';
import { seedSettings } from '../../seed/settings.js';
import { postMultipart, useSignedInServer } from '../../test/content-cases.js';
import { Agent } from '../../test/harness.js';

const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const both = <T>(value: T) => ({ sk: value, en: value });
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
    expect(editor.json().abilities).toEqual({ update: false, updateSecrets: false });
    expect((await get(1)).abilities).toEqual({ update: true, updateSecrets: true });
  });
});

describe('settings: save', () => {
  it('saves every locale, logs it and readSettings gives the values to other modules', async () => {
    const res = await ctx.admin.post('/api/settings/1', mainInput());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.meta_title).toEqual({ sk: 'Titulok webu', en: 'Site title' });
    expect((await readSettings(db(), 'main')).copyright).toEqual({ sk: '© Demo', en: '© Demo Ltd.' });
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

  it('main: the validation keys of docs/spec-index.md S2.5 per locale, and nothing is written', async () => {
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

  it('contact: min3/min2/requiredOption; an unknown country is refused', async () => {
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
      'contact_country_id.sk': ['errors.requiredOption'],
      'contact_lat.sk': ['errors.invalid'],
      'contact_lat.en': ['errors.invalid'],
    });
    const unknown = await ctx.admin.post('/api/settings/2', { ...contactInput(), contact_country_id: both(999999) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      'contact_country_id.sk': ['errors.requiredOption'],
      'contact_country_id.en': ['errors.requiredOption'],
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

    // Another save without a file keeps it; @delete@ clears it, and its files stay while a version names them (with
    // the history off, they go at once: settings-images.test.ts).
    const kept = await ctx.admin.post('/api/settings/1', mainInput());
    expect(kept.json().data.favicon.sk).toBe(file);
    const removed = await postMultipart(ctx.admin, '/api/settings/1', fields({ 'favicon[sk]': '@delete@' }));
    expect(removed.json().data.favicon.sk).toBe('');
    expect(existsSync(join(media, 'settings', '1', file))).toBe(true);
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

describe('settings: secrets (write-only, SECURITY.md)', () => {
  const KEY = 'mc-0123456789abcdef0123456789abcdef-us21';
  const stored = async () => (await readSettings(db(), 'email')).mailchimp_api_key;
  const setKey = (value: unknown) => ctx.admin.post('/api/settings/3', { mailchimp_api_key: value });

  it('the mailing-service API key is the one secret of the four records', () => {
    expect(SETTINGS_SECRETS).toEqual({ email: ['mailchimp_api_key'] });
    expect(secretState('')).toEqual({ set: false, last4: null });
    expect(secretState('short-key')).toEqual({ set: true, last4: null });
    expect(secretState(KEY)).toEqual({ set: true, last4: 'us21' });
    for (const kept of [undefined, null, '', '  ', '••••us21', '••••']) expect(keepsSecret(kept)).toBe(true);
    for (const changed of ['new-key', '@delete@']) expect(keepsSecret(changed)).toBe(false);
  });

  it('role 1 replaces it: stored in full, answered masked (••••us21 and {set, last4}), never in clear', async () => {
    const res = await setKey({ sk: KEY, en: KEY });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(KEY);
    expect(res.body).not.toContain('0123456789abcdef');
    expect(res.json().data.mailchimp_api_key).toEqual(both('••••us21'));
    expect(res.json().secrets).toEqual({ mailchimp_api_key: both({ set: true, last4: 'us21' }) });
    expect(await stored()).toEqual(both(KEY));
  });

  it('role 1 and role 2 both read it masked; other keys keep their {sk, en} values', async () => {
    await setKey({ sk: KEY, en: KEY });
    for (const agent of [ctx.admin, ctx.editor]) {
      const res = await agent.get('/api/settings/3');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(KEY);
      expect(res.json().data.mailchimp_api_key).toEqual(both('••••us21'));
      expect(res.json().secrets.mailchimp_api_key).toEqual(both({ set: true, last4: 'us21' }));
      expect(res.json().data.email_recipient.sk).toMatch(/@/);
    }
    expect((await ctx.editor.get('/api/settings/3')).json().abilities).toEqual({ update: false, updateSecrets: false });
    expect((await ctx.admin.get('/api/settings/3')).json().abilities).toEqual({ update: true, updateSecrets: true });
    expect((await get(1)).secrets).toEqual({});
  });

  it('a save without it, with it blank or with the masked value sent back keeps the stored secret', async () => {
    await setKey({ sk: KEY, en: KEY });
    const others = { email_recipient: both('office@example.com'), email_sender_name: both('Demo shop') };
    const saves = [
      others,
      { ...others, mailchimp_api_key: both('') },
      { ...others, mailchimp_api_key: both('••••us21') },
      { ...others, mailchimp_api_key: { sk: '••••us21' } },
      { ...others, mailchimp_api_key: both(null) },
    ];
    for (const body of saves) {
      const res = await ctx.admin.post('/api/settings/3', body);
      expect(res.statusCode).toBe(200);
      expect(await stored()).toEqual(both(KEY));
    }
    const multipart = await postMultipart(ctx.admin, '/api/settings/3', {
      'email_recipient[sk]': 'office@example.com',
      'email_recipient[en]': 'office@example.com',
      'mailchimp_api_key[sk]': '••••us21',
      'mailchimp_api_key[en]': '',
    });
    expect(multipart.statusCode).toBe(200);
    expect(await stored()).toEqual(both(KEY));
  });

  it('each locale is its own secret; @delete@ clears one (role 1)', async () => {
    await setKey({ sk: KEY, en: KEY });
    const other = 'zz-other-key-of-the-english-site';
    expect((await setKey({ sk: '', en: other })).statusCode).toBe(200);
    expect(await stored()).toEqual({ sk: KEY, en: other });
    const cleared = await setKey({ sk: '@delete@', en: '••••site' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.mailchimp_api_key).toEqual({ sk: '', en: '••••site' });
    expect(cleared.json().secrets.mailchimp_api_key).toEqual({
      sk: { set: false, last4: null },
      en: { set: true, last4: 'site' },
    });
    expect(await stored()).toEqual({ sk: '', en: other });
  });

  it('a short secret is answered as •••• alone (its last 4 would give too much away)', async () => {
    const res = await setKey(both('abc123'));
    expect(res.json().data.mailchimp_api_key).toEqual(both('••••'));
    expect(res.json().secrets.mailchimp_api_key).toEqual(both({ set: true, last4: null }));
    expect(res.body).not.toContain('abc123');
    expect(await stored()).toEqual(both('abc123'));
  });

  it('role 2 may neither replace nor clear it nor save around it (403), and nothing changes', async () => {
    await setKey({ sk: KEY, en: KEY });
    const { updated_at } = await get(3);
    for (const body of [
      { mailchimp_api_key: both('stolen-by-an-editor-0000') },
      { mailchimp_api_key: both('@delete@') },
      { email_recipient: both('editor@example.com') },
    ]) {
      const res = await ctx.editor.post('/api/settings/3', body);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(KEY);
    }
    expect(await stored()).toEqual(both(KEY));
    expect((await get(3)).updated_at).toBe(updated_at);
    const anonymous = new Agent(ctx.server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.get('/api/settings/3')).statusCode).toBe(401);
    expect((await anonymous.post('/api/settings/3', { mailchimp_api_key: both('x-y-z') })).statusCode).toBe(401);
    expect(await stored()).toEqual(both(KEY));
  });

  it('a refused save (422) names the field, never the value', async () => {
    const long = `mc-${'q'.repeat(300)}`;
    const res = await setKey(both(long));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'mailchimp_api_key.sk': ['errors.invalid'],
      'mailchimp_api_key.en': ['errors.invalid'],
    });
    expect(res.body).not.toContain('qqqq');
  });

  it('the activity log, the user menu, the public site and the API document never hold it', async () => {
    const secret = 'mc-never-logged-0000111122223333-us9';
    expect((await setKey(both(secret))).statusCode).toBe(200);
    const rows = await db().select().from(activityLogs);
    expect(rows.some((r) => r.model === 'Settings' && r.row_id === SETTINGS.email.id)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('never-logged');
    expect((await ctx.admin.get('/api/user/logs/1')).body).not.toContain('never-logged');
    for (const url of ['/sk/', '/en/', '/api/docs/json']) {
      const res = await ctx.admin.get(url);
      expect(res.body).not.toContain('never-logged');
    }
  });
});
