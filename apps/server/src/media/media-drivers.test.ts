import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryImages, pages } from '../db/schema.js';
import { postMultipart } from '../test/content-cases.js';
import { buildGallery, pageInput } from '../test/factories.js';
import { cut, noiseJpeg } from '../test/gallery-images.js';
import { Agent, startTestServer, type TestServer } from '../test/harness.js';
import { failMediaWrites, filesUnder } from '../test/media-faults.js';
import { failS3Puts } from '../test/s3-server.js';
import type { ObjectStore } from './object-store.js';
import { objectStore } from './storage.js';

/*
 * The media API on both drivers: the local directory, and S3 against a real S3-protocol server on loopback
 * (s3rver). What is uploaded through the API is stored through the driver (on S3: in the bucket, nothing under
 * MEDIA_DIR), and /gallery/ serves it with the same headers, validators and ranges from either.
 */

let server: TestServer;
let admin: Agent;
let store: ObjectStore;

const keys = async (prefix: string) => (await store.list(prefix, { recursive: true })).objects.map((o) => o.key);
const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

function pageFields(title: string, image: Buffer) {
  const input = pageInput({ title });
  const flat: Record<string, string | Buffer> = { status: '1', image };
  for (const [locale, lang] of Object.entries(input.langs)) {
    flat[`langs[${locale}][title]`] = lang.title;
    flat[`langs[${locale}][title_url]`] = lang.title_url;
  }
  return flat;
}

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

/** Fetches an image's URL whole, by range, conditionally and with HEAD, and checks what each answer carries. */
async function expectServed(url: string, mime: string) {
  const whole = await get(url);
  expect(whole.statusCode).toBe(200);
  expect(whole.headers).toMatchObject({
    'content-type': mime,
    'x-content-type-options': 'nosniff',
    'cache-control': 'public, max-age=31536000, immutable',
    'accept-ranges': 'bytes',
  });
  expect(whole.headers['content-security-policy']).toContain("default-src 'none'");
  expect(whole.headers.etag).toMatch(/^"[^"]+"$/);
  expect(Date.parse(String(whole.headers['last-modified']))).not.toBeNaN();
  const size = whole.rawPayload.length;
  expect(Number(whole.headers['content-length'])).toBe(size);

  const part = await get(url, { range: 'bytes=10-109' });
  expect(part.statusCode).toBe(206);
  expect(part.headers['content-range']).toBe(`bytes 10-109/${size}`);
  expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 110))).toBe(true);
  const tail = await get(url, { range: 'bytes=-16' });
  expect(tail.statusCode).toBe(206);
  expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 16))).toBe(true);
  const past = await get(url, { range: `bytes=${size}-` });
  expect(past.statusCode).toBe(416);
  expect(past.headers['content-range']).toBe(`bytes */${size}`);
  const stale = await get(url, { range: 'bytes=0-9', 'if-range': '"another-version"' });
  expect(stale.statusCode).toBe(200);

  const cached = await get(url, { 'if-none-match': String(whole.headers.etag) });
  expect(cached.statusCode).toBe(304);
  expect(cached.rawPayload.length).toBe(0);
  const head = await server.app.inject({ method: 'HEAD', url });
  expect(head.statusCode).toBe(200);
  expect(Number(head.headers['content-length'])).toBe(size);
  return whole.rawPayload;
}

/** Makes the driver's writes fail from the `at`-th on: `failed` (refused) or `full` (out of space). */
const failWrites = (driver: 'local' | 's3', options: { at?: number; kind?: 'failed' | 'full' } = {}) => {
  const { at = 1, kind = 'failed' } = options;
  return driver === 's3'
    ? failS3Puts(store, { at, code: kind === 'full' ? 'XMinioStorageFull' : 'InternalError' })
    : failMediaWrites({ at, code: kind === 'full' ? 'ENOSPC' : 'EACCES' });
};

describe.each(['local', 's3'] as const)('media on the %s driver', (driver) => {
  beforeAll(async () => {
    server = await startTestServer({ storage: driver });
    admin = new Agent(server.app, 'en');
    await admin.login();
    store = objectStore(server.config);
  });
  afterAll(() => server.close());

  it('a page image and its thumbnail are stored through the driver and served from it, with ranges', async () => {
    const res = await postMultipart(admin, '/api/content/page/', pageFields('S3 image page', await png()));
    expect(res.statusCode).toBe(201);
    const { id, image } = res.json().data;
    expect(await keys(`page/${id}/`)).toEqual([`page/${id}/${image}`, `page/${id}/thumb/${image}`].sort());
    if (driver === 's3') expect(filesUnder(server.config.mediaDir)).toEqual([]);

    await expectServed(`/gallery/page/${id}/${image}`, 'image/png');
    const thumb = await expectServed(`/gallery/page/${id}/thumb/${image}`, 'image/png');
    expect(await sharp(thumb).metadata()).toMatchObject({ width: 150, height: 120 });

    // A cleared image stays while a kept version names it (docs/features/revisions.md "Files"); keeping one version,
    // the clear prunes the version that named it, and the files go through the driver.
    process.env.REVISIONS_KEEP = '1';
    const cleared = await postMultipart(admin, `/api/content/page/${id}`, {
      ...pageFields('S3 image page', Buffer.alloc(0)),
      image: '@delete@',
      updated_at: res.json().data.updated_at,
    }).finally(() => {
      delete process.env.REVISIONS_KEEP;
    });
    expect(cleared.statusCode).toBe(200);
    expect(await keys(`page/${id}/`)).toEqual([]);
    expect((await get(`/gallery/page/${id}/${image}`)).statusCode).toBe(404);
  });

  it('a chunked gallery upload is assembled into the store; original and thumbnail are served; rotate replaces both', async () => {
    const gallery = { id: await buildGallery(server.ctx.db) };
    const upload = cut(await noiseJpeg(), 64 * 1024);
    expect(upload.count).toBeGreaterThan(2);
    let last = null;
    const boundary = `----s3${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < upload.count; i++) {
      const fields = upload.chunk(i);
      const body = Object.entries(fields).map(([name, value]) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${
              Buffer.isBuffer(value) ? '; filename="blob"\r\nContent-Type: application/octet-stream' : ''
            }\r\n\r\n`,
          ),
          Buffer.isBuffer(value) ? value : Buffer.from(value),
          Buffer.from('\r\n'),
        ]),
      );
      last = await admin.request({
        method: 'POST',
        url: `/api/gallery/image/${gallery.id}/upload`,
        payload: Buffer.concat([...body, Buffer.from(`--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    }
    expect(last?.statusCode).toBe(201);
    const image = last?.json().data;
    expect(await keys(`gallery/${gallery.id}/`)).toEqual(
      [`gallery/${gallery.id}/${image.file}`, `gallery/${gallery.id}/thumb/${image.file}`].sort(),
    );
    const original = await expectServed(image.path, 'image/jpeg');
    expect(await sharp(original).metadata()).toMatchObject({ width: 480, height: 320 });
    await expectServed(image.thumbnail, 'image/jpeg');

    const rotated = await admin.post(`/api/gallery/image/${gallery.id}/rotate/${image.id}`);
    expect(rotated.statusCode).toBe(200);
    const turned = rotated.json().data;
    expect(turned.file).not.toBe(image.file);
    expect(await sharp((await get(turned.path)).rawPayload).metadata()).toMatchObject({ width: 320, height: 480 });
    expect(await keys(`gallery/${gallery.id}/`)).toEqual(
      [`gallery/${gallery.id}/${turned.file}`, `gallery/${gallery.id}/thumb/${turned.file}`].sort(),
    );
  });

  it('an editor image is stored and served at its location', async () => {
    const res = await postMultipart(admin, '/api/upload', { file: await png() });
    expect(res.statusCode).toBe(200);
    const { location } = res.json();
    expect(location).toMatch(/^\/gallery\/editor\/1\/[0-9a-f]{32}\.png$/);
    await expectServed(location, 'image/png');
  });

  it('a missing object is a 404, whatever the stored name looks like', async () => {
    expect((await get(`/gallery/page/999/${'a'.repeat(32)}.png`)).statusCode).toBe(404);
    expect((await get('/gallery/page/1/../../x.png')).statusCode).toBe(404);
  });

  it('a put the storage refuses: 507 with a message, no page row and no object left', async () => {
    const before = await server.ctx.db.select({ id: pages.id }).from(pages);
    const objects = await keys('page/');
    // The original goes in, the thumbnail is refused: the original must go again.
    const restore = failWrites(driver, { at: 2 });
    let res: Awaited<ReturnType<typeof postMultipart>>;
    try {
      res = await postMultipart(admin, '/api/content/page/', pageFields('S3 refused page', await png()));
    } finally {
      restore();
    }
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBe('The server could not store the file: nothing was changed.');
    expect(await server.ctx.db.select({ id: pages.id }).from(pages)).toEqual(before);
    expect(await keys('page/')).toEqual(objects);

    const full = failWrites(driver, { kind: 'full' });
    try {
      res = await postMultipart(admin, '/api/upload', { file: await png() });
    } finally {
      full();
    }
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toMatch(/storage is full/);
    expect(await keys('editor/')).toHaveLength(2);
  });

  it('a gallery upload whose put fails: 507, no image row, nothing stored; the retry stores it', async () => {
    const gallery = { id: await buildGallery(server.ctx.db) };
    const file = await noiseJpeg(120, 80);
    const send = () =>
      postMultipart(admin, `/api/gallery/image/${gallery.id}/upload`, {
        file,
      });
    const restore = failWrites(driver);
    let res: Awaited<ReturnType<typeof send>>;
    try {
      res = await send();
    } finally {
      restore();
    }
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBeTruthy();
    expect(await server.ctx.db.select().from(galleryImages).where(eq(galleryImages.gallery_id, gallery.id))).toEqual(
      [],
    );
    expect(await keys(`gallery/${gallery.id}/`)).toEqual([]);
    expect((await send()).statusCode).toBe(201);
    expect(await keys(`gallery/${gallery.id}/`)).toHaveLength(2);
  });
});
