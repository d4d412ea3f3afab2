import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMultipart } from '../../test/content-cases.js';
import { pageInput } from '../../test/factories.js';
import { Agent, startTestServer, type TestServer } from '../../test/harness.js';

const BASE = '/api/content/page';
let server: TestServer;
let admin: Agent;

beforeAll(async () => {
  server = await startTestServer();
  admin = new Agent(server.app, 'en');
  await admin.login();
});
afterAll(() => server.close());

/** The page body as multipart fields, with extra fields such as `image`. */
function fields(title: string, extra: Record<string, string | Buffer> = {}) {
  const input = pageInput({ title });
  const flat: Record<string, string | Buffer> = { status: '1' };
  for (const [locale, lang] of Object.entries(input.langs)) {
    flat[`langs[${locale}][title]`] = lang.title;
    flat[`langs[${locale}][title_url]`] = lang.title_url;
  }
  return { ...flat, ...extra };
}

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
const stored = (id: number, file: string, variant: '' | 'thumb/' = '') =>
  join(server.config.mediaDir, 'page', String(id), variant, file);

describe('page image', () => {
  it('a new page stores the uploaded image and its 150×120 thumbnail, served under /gallery/page/<id>/', async () => {
    const res = await postMultipart(admin, `${BASE}/`, fields('Image page', { image: await png() }));
    expect(res.statusCode).toBe(201);
    const { id, image } = res.json().data;
    expect(image).toMatch(/^[0-9a-f]{32}\.png$/);
    const thumb = await server.app.inject({ method: 'GET', url: `/gallery/page/${id}/thumb/${image}` });
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 150, height: 120 });
  });

  it('a text file named .jpg is errors.image and creates no page', async () => {
    const before = (await admin.get(`${BASE}/?per_page=100`)).json().meta.total;
    const res = await postMultipart(admin, `${BASE}/`, fields('Bad image page', { image: Buffer.from('just text') }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ image: ['errors.image'] });
    expect((await admin.get(`${BASE}/?per_page=100`)).json().meta.total).toBe(before);
  });

  it.each([
    [
      'an SVG with a script',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['an 11 MB image', async () => Buffer.concat([await png(), randomBytes(11 * 1024 * 1024)])],
  ])('%s is errors.image: no page and no file is stored', async (_name, make) => {
    const before = (await admin.get(`${BASE}/?per_page=100`)).json().meta.total;
    const folders = existsSync(join(server.config.mediaDir, 'page'))
      ? readdirSync(join(server.config.mediaDir, 'page'))
      : [];
    const res = await postMultipart(admin, `${BASE}/`, fields('Refused image page', { image: await make() }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ image: ['errors.image'] });
    expect((await admin.get(`${BASE}/?per_page=100`)).json().meta.total).toBe(before);
    const after = existsSync(join(server.config.mediaDir, 'page'))
      ? readdirSync(join(server.config.mediaDir, 'page'))
      : [];
    expect(after).toEqual(folders);
  });

  it('@delete@ clears the image, whose files its versions keep; other fields keep it', async () => {
    const created = (await postMultipart(admin, `${BASE}/`, fields('Clear image page', { image: await png() }))).json()
      .data;
    const kept = await postMultipart(
      admin,
      `${BASE}/${created.id}`,
      fields('Clear image page', { updated_at: created.updated_at, image: created.image }),
    );
    expect(kept.json().data.image).toBe(created.image);
    const cleared = await postMultipart(
      admin,
      `${BASE}/${created.id}`,
      fields('Clear image page', { updated_at: kept.json().data.updated_at, image: '@delete@' }),
    );
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.image).toBeNull();
    // Kept for the versions that name it (docs/features/revisions.md "Files").
    expect(existsSync(stored(created.id, created.image))).toBe(true);
    expect(existsSync(stored(created.id, created.image, 'thumb/'))).toBe(true);
  });

  it('a stale update with a new image answers 409 and keeps the old image', async () => {
    const created = (await postMultipart(admin, `${BASE}/`, fields('Stale image page', { image: await png() }))).json()
      .data;
    await postMultipart(admin, `${BASE}/${created.id}`, fields('Stale image page', { updated_at: created.updated_at }));
    const stale = await postMultipart(
      admin,
      `${BASE}/${created.id}`,
      fields('Stale image page', { updated_at: created.updated_at, image: await png() }),
    );
    expect(stale.statusCode).toBe(409);
    const now = (await admin.get(`${BASE}/${created.id}`)).json().data;
    expect(now.image).toBe(created.image);
    expect(existsSync(stored(created.id, created.image))).toBe(true);
  });
});
