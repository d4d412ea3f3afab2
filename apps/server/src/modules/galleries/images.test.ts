import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { GALLERY_UPLOAD, type GalleryImage, THUMBNAIL } from '@backoffice/shared';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  galleries,
  galleryImages,
  galleryLangs,
  galleryUploadChunks,
  galleryUploads,
  sessions,
  users,
} from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { Agent, startTestServer, type TestServer } from '../../test/harness.js';
import { assemblyDir, removeStaleUploads } from './upload-chunks.js';

let server: TestServer;
let admin: Agent;
let editor: Agent;
let editorId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = new Agent(server.app, 'en');
  await admin.login();
  const user = await buildUser(server.ctx.db, { role_id: 2 });
  editorId = user.id;
  editor = new Agent(server.app, 'en');
  await editor.login(user.email, user.plainPassword);
});
afterAll(async () => {
  await server.close();
  rmSync(server.config.dataDir, { recursive: true, force: true });
});

const base = (galleryId: number) => `/api/gallery/image/${galleryId}`;

async function buildGallery(): Promise<number> {
  const db = server.ctx.db;
  const [row] = await db.insert(galleries).values({}).returning({ id: galleries.id });
  if (!row) throw new Error('no gallery');
  const slug = `gallery-${row.id}-${randomBytes(3).toString('hex')}`;
  await db.insert(galleryLangs).values([
    { gallery_id: row.id, language_code: 'sk', title: `Galéria ${row.id}`, title_url: `${slug}-sk` },
    { gallery_id: row.id, language_code: 'en', title: `Gallery ${row.id}`, title_url: `${slug}-en` },
  ]);
  return row.id;
}

/** A photo-like JPEG: noise compresses badly, so a few hundred pixels make several 64 KiB chunks. */
const noiseJpeg = (width = 480, height = 320) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();

function multipart(fields: Record<string, string | Buffer>) {
  const boundary = `----gallery${randomBytes(6).toString('hex')}`;
  const parts = Object.entries(fields).map(([name, value]) =>
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
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const postForm = (agent: Agent, url: string, fields: Record<string, string | Buffer>, extra: { csrf?: boolean } = {}) =>
  agent.request({ method: 'POST', url, ...multipart(fields), ...extra });

/** A file cut the way Dropzone cuts it. */
function cut(file: Buffer, chunkSize: number = GALLERY_UPLOAD.minChunkSize) {
  const count = Math.ceil(file.length / chunkSize);
  const uuid = randomUUID();
  const chunk = (index: number, data?: Buffer) => ({
    file: data ?? file.subarray(index * chunkSize, Math.min(file.length, (index + 1) * chunkSize)),
    dzuuid: uuid,
    dzchunkindex: String(index),
    dztotalchunkcount: String(count),
    dzchunksize: String(chunkSize),
    dztotalfilesize: String(file.length),
    dzchunkbyteoffset: String(index * chunkSize),
  });
  return { uuid, count, chunk };
}

const sendChunk = (agent: Agent, galleryId: number, fields: Record<string, string | Buffer>) =>
  postForm(agent, `${base(galleryId)}/upload`, fields);

/** Uploads a whole file in chunks in order; answers the stored image. */
async function uploadImage(galleryId: number, file?: Buffer, agent: Agent = admin): Promise<GalleryImage> {
  const upload = cut(file ?? (await noiseJpeg()));
  let last = null;
  for (let i = 0; i < upload.count; i++) last = await sendChunk(agent, galleryId, upload.chunk(i));
  if (last?.statusCode !== 201) throw new Error(`upload failed: ${last?.statusCode} ${last?.body}`);
  return last.json().data;
}

async function uploadState() {
  const db = server.ctx.db;
  const uploads = await db.select({ id: galleryUploads.id }).from(galleryUploads);
  const chunks = await db.select({ id: galleryUploadChunks.upload_id }).from(galleryUploadChunks);
  const dir = assemblyDir(server.config);
  return { uploads: uploads.length, chunks: chunks.length, assembling: existsSync(dir) ? readdirSync(dir) : [] };
}
const nothingPending = { uploads: 0, chunks: 0, assembling: [] };

/** The files of a gallery's folder: originals and thumbnails. */
function mediaFiles(galleryId: number) {
  const dir = join(server.config.mediaDir, 'gallery', String(galleryId));
  const list = (d: string) =>
    existsSync(d)
      ? readdirSync(d, { withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name)
          .sort()
      : [];
  return { originals: list(dir), thumbs: list(join(dir, 'thumb')) };
}

async function imageRows(galleryId: number) {
  return server.ctx.db.select().from(galleryImages).where(eq(galleryImages.gallery_id, galleryId));
}

async function logsOf(action: string) {
  return server.ctx.db
    .select({ row_id: activityLogs.row_id, user_id: activityLogs.user_id })
    .from(activityLogs)
    .where(and(eq(activityLogs.model, 'GalleryImage'), eq(activityLogs.action, action)));
}

describe('gallery images: access', () => {
  it('unauthenticated → 401 on every endpoint, and nothing is stored', async () => {
    const galleryId = await buildGallery();
    const anon = new Agent(server.app);
    await anon.get('/sanctum/csrf-cookie');
    const upload = cut(await noiseJpeg(40, 40));
    const calls = [
      anon.get(base(galleryId)),
      anon.get(`${base(galleryId)}/token/check`),
      sendChunk(anon, galleryId, upload.chunk(0)),
      anon.post(`${base(galleryId)}/reorder`, { images: [1] }),
      anon.post(`${base(galleryId)}/rotate/1`),
      anon.post(`${base(galleryId)}/1`, { languages: { en: { title: 'x' } } }),
      anon.delete(`${base(galleryId)}/destroy/1`),
      anon.post(`${base(galleryId)}/array/publish`, { rows: [1] }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
    expect(await uploadState()).toEqual(nothingPending);
    expect(mediaFiles(galleryId)).toEqual({ originals: [], thumbs: [] });
  });

  it('a write without the CSRF token → 419 and nothing changes', async () => {
    const galleryId = await buildGallery();
    const image = await uploadImage(galleryId);
    const upload = cut(await noiseJpeg(40, 40));
    const calls = [
      postForm(admin, `${base(galleryId)}/upload`, upload.chunk(0), { csrf: false }),
      admin.post(`${base(galleryId)}/rotate/${image.id}`, undefined, { csrf: false }),
      admin.post(`${base(galleryId)}/${image.id}`, { languages: { en: { title: 'x' } } }, { csrf: false }),
      admin.delete(`${base(galleryId)}/destroy/${image.id}`, { csrf: false }),
      admin.post(`${base(galleryId)}/array/destroy`, { rows: [image.id] }, { csrf: false }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(419);
    const [row] = await imageRows(galleryId);
    expect(row?.file).toBe(image.file);
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('a role-2 editor may do everything, removal included (spec 1 §6: image removal is shown to everyone)', async () => {
    const galleryId = await buildGallery();
    const list = await editor.get(base(galleryId));
    expect(list.statusCode).toBe(200);
    expect(list.json().abilities).toEqual({ create: true, update: true, destroy: true, restore: false });
    const [a, b] = [await uploadImage(galleryId, undefined, editor), await uploadImage(galleryId, undefined, editor)];
    expect((await editor.delete(`${base(galleryId)}/destroy/${a?.id}`)).statusCode).toBe(200);
    const bulk = await editor.post(`${base(galleryId)}/array/destroy`, { rows: [b?.id] });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().count).toBe(1);
    expect(await imageRows(galleryId)).toEqual([]);
    expect((await logsOf('destroy')).filter((l) => l.user_id === editorId).map((l) => l.row_id)).toEqual(
      expect.arrayContaining([a?.id, b?.id]),
    );
  });

  it('a user whose role becomes site member (3) is refused: the session no longer counts (401), never a write', async () => {
    const galleryId = await buildGallery();
    const user = await buildUser(server.ctx.db, { role_id: 2 });
    const agent = new Agent(server.app, 'en');
    await agent.login(user.email, user.plainPassword);
    expect((await agent.get(base(galleryId))).statusCode).toBe(200);
    await server.ctx.db.update(users).set({ role_id: 3 }).where(eq(users.id, user.id));
    const res = await sendChunk(agent, galleryId, cut(await noiseJpeg(40, 40)).chunk(0));
    expect(res.statusCode).toBe(401);
    expect(await imageRows(galleryId)).toEqual([]);
    await server.ctx.db.delete(sessions).where(eq(sessions.user_id, user.id));
  });

  it('an unknown or malformed gallery id → 404', async () => {
    expect((await admin.get(base(999_999))).statusCode).toBe(404);
    expect((await admin.get('/api/gallery/image/abc')).statusCode).toBe(404);
    expect((await admin.get(`${base(999_999)}/token/check`)).statusCode).toBe(404);
    const res = await sendChunk(admin, 999_999, cut(await noiseJpeg(40, 40)).chunk(0));
    expect(res.statusCode).toBe(404);
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('token/check answers a live session before an upload', async () => {
    const galleryId = await buildGallery();
    const res = await admin.get(`${base(galleryId)}/token/check`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
  });
});

describe('gallery images: chunked upload', () => {
  it('a file sent whole (smaller than one chunk, no dz fields) is stored at once', async () => {
    const galleryId = await buildGallery();
    const file = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#468' } })
      .png()
      .toBuffer();
    const res = await postForm(admin, `${base(galleryId)}/upload`, { file });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ complete: true, message: 'The image has been uploaded.' });
    expect(body.data).toMatchObject({ gallery_id: galleryId, width: 300, height: 200, status: true, order: 1 });
    expect(body.data.file).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(body.data.path).toBe(`/gallery/gallery/${galleryId}/${body.data.file}`);
    expect(body.data.thumbnail).toBe(`/gallery/gallery/${galleryId}/thumb/${body.data.file}`);
    expect(body.data.languages).toEqual({ sk: { title: '' }, en: { title: '' } });
    expect(mediaFiles(galleryId)).toEqual({ originals: [body.data.file], thumbs: [body.data.file] });
    const served = await admin.get(body.data.thumbnail);
    expect(served.statusCode).toBe(200);
    const thumb = await sharp(served.rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([THUMBNAIL.width, THUMBNAIL.height]);
    expect((await logsOf('upload')).map((l) => l.row_id)).toContain(body.data.id);
  });

  it('chunks out of order make one image; the upload and its chunks are gone afterwards', async () => {
    const galleryId = await buildGallery();
    const file = await noiseJpeg(640, 400);
    const upload = cut(file);
    expect(upload.count).toBeGreaterThanOrEqual(4);
    const order = [upload.count - 1, 1, 0, ...Array.from({ length: upload.count - 3 }, (_, i) => i + 2)];
    const answers = [];
    for (const index of order) answers.push(await sendChunk(admin, galleryId, upload.chunk(index)));
    for (const [i, res] of answers.slice(0, -1).entries()) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ complete: false, received: i + 1, total: upload.count });
    }
    const last = answers.at(-1);
    expect(last?.statusCode).toBe(201);
    expect(last?.json().data).toMatchObject({ width: 640, height: 400 });
    expect(await uploadState()).toEqual(nothingPending);
    expect((await imageRows(galleryId)).length).toBe(1);
    expect(mediaFiles(galleryId).originals).toEqual([last?.json().data.file]);
  });

  it('a chunk sent again after a failure replaces itself; the image is made once', async () => {
    const galleryId = await buildGallery();
    const file = await noiseJpeg(400, 300);
    const upload = cut(file);
    const good = upload.chunk(1);
    // The first try of chunk 1 arrived damaged (same length, other bytes); the client sends it again.
    expect((await sendChunk(admin, galleryId, upload.chunk(1, randomBytes(good.file.length)))).statusCode).toBe(200);
    expect((await sendChunk(admin, galleryId, good)).json()).toEqual({
      complete: false,
      received: 1,
      total: upload.count,
    });
    const [kept] = await server.ctx.db
      .select({ data: galleryUploadChunks.data })
      .from(galleryUploadChunks)
      .where(eq(galleryUploadChunks.chunk_index, 1));
    expect(Buffer.compare(kept?.data ?? Buffer.alloc(0), good.file)).toBe(0);
    let last = null;
    for (let i = 0; i < upload.count; i++) if (i !== 1) last = await sendChunk(admin, galleryId, upload.chunk(i));
    expect(last?.statusCode).toBe(201);
    expect((await imageRows(galleryId)).length).toBe(1);
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('the last two chunks arriving together complete the image exactly once', async () => {
    const galleryId = await buildGallery();
    const upload = cut(await noiseJpeg(480, 320));
    for (let i = 0; i < upload.count - 2; i++) await sendChunk(admin, galleryId, upload.chunk(i));
    const [a, b] = await Promise.all([
      sendChunk(admin, galleryId, upload.chunk(upload.count - 2)),
      sendChunk(admin, galleryId, upload.chunk(upload.count - 1)),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 201]);
    expect((await imageRows(galleryId)).length).toBe(1);
    expect(mediaFiles(galleryId).originals.length).toBe(1);
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('a missing chunk: the upload never completes, and the cleanup removes it after 24 h', async () => {
    const galleryId = await buildGallery();
    const upload = cut(await noiseJpeg(480, 320));
    for (let i = 0; i < upload.count; i++) {
      if (i === 2) continue;
      expect((await sendChunk(admin, galleryId, upload.chunk(i))).statusCode).toBe(200);
    }
    expect(await uploadState()).toEqual({ uploads: 1, chunks: upload.count - 1, assembling: [] });
    expect(await imageRows(galleryId)).toEqual([]);
    expect(mediaFiles(galleryId)).toEqual({ originals: [], thumbs: [] });
    const hour = 60 * 60 * 1000;
    expect(await removeStaleUploads(server.ctx, new Date(Date.now() + 23 * hour))).toBe(0);
    expect((await uploadState()).uploads).toBe(1);
    expect(await removeStaleUploads(server.ctx, new Date(Date.now() + 25 * hour))).toBe(1);
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('a new upload sweeps the uploads begun more than 24 h ago', async () => {
    const galleryId = await buildGallery();
    const stale = cut(await noiseJpeg(480, 320));
    await sendChunk(admin, galleryId, stale.chunk(0));
    await server.ctx.db
      .update(galleryUploads)
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where(eq(galleryUploads.uuid, stale.uuid));
    const fresh = cut(await noiseJpeg(480, 320));
    await sendChunk(admin, galleryId, fresh.chunk(0));
    const left = await server.ctx.db.select({ uuid: galleryUploads.uuid }).from(galleryUploads);
    expect(left.map((r) => r.uuid)).toEqual([fresh.uuid]);
    await removeStaleUploads(server.ctx, new Date(Date.now() + 25 * 60 * 60 * 1000));
  });

  it('a total over 10000 KB → 422 errors.image on file before anything is kept', async () => {
    const galleryId = await buildGallery();
    const upload = cut(await noiseJpeg(480, 320));
    const tooBig = GALLERY_UPLOAD.maxBytes + 1;
    const fields = {
      ...upload.chunk(0),
      dztotalfilesize: String(tooBig),
      dztotalchunkcount: String(Math.ceil(tooBig / GALLERY_UPLOAD.minChunkSize)),
    };
    const res = await sendChunk(admin, galleryId, fields);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['errors.image']);
    // Sent whole, an 11 MB file is the same 422.
    const whole = await postForm(admin, `${base(galleryId)}/upload`, {
      file: Buffer.concat([await noiseJpeg(40, 40), randomBytes(11 * 1024 * 1024)]),
    });
    expect(whole.statusCode).toBe(422);
    expect(whole.json().errors.file).toEqual(['errors.image']);
    expect(await uploadState()).toEqual(nothingPending);
    expect(mediaFiles(galleryId)).toEqual({ originals: [], thumbs: [] });
  });

  it('content that is not an image once assembled → 422 errors.image; upload, chunks and files are gone', async () => {
    const galleryId = await buildGallery();
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script>${'<!-- pad -->'.repeat(20_000)}</svg>`,
    );
    for (const file of [randomBytes(200_000), svg]) {
      const upload = cut(file);
      expect(upload.count).toBeGreaterThan(1);
      let last = null;
      for (let i = 0; i < upload.count; i++) last = await sendChunk(admin, galleryId, upload.chunk(i));
      expect(last?.statusCode).toBe(422);
      expect(last?.json().errors).toEqual({ file: ['errors.image'] });
    }
    expect(await uploadState()).toEqual(nothingPending);
    expect(await imageRows(galleryId)).toEqual([]);
    expect(mediaFiles(galleryId)).toEqual({ originals: [], thumbs: [] });
  });

  it('a dzuuid that is not a UUID (a path, ../) → 422 on dzuuid and nothing is kept', async () => {
    const galleryId = await buildGallery();
    const upload = cut(await noiseJpeg(480, 320));
    for (const dzuuid of ['../../etc/passwd', `${randomUUID()}/../x`, '..', '', 'a'.repeat(36)]) {
      const res = await sendChunk(admin, galleryId, { ...upload.chunk(0), dzuuid });
      expect(res.statusCode, dzuuid).toBe(422);
      expect(res.json().errors.dzuuid).toEqual(['errors.invalid']);
    }
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('chunk fields that do not fit together → 422 on the field, nothing kept', async () => {
    const galleryId = await buildGallery();
    const upload = cut(await noiseJpeg(480, 320));
    const cases: [Record<string, string | Buffer>, string][] = [
      [{ ...upload.chunk(0), dztotalchunkcount: String(upload.count + 1) }, 'dztotalchunkcount'],
      [{ ...upload.chunk(0), dzchunkindex: String(upload.count), dzchunkbyteoffset: '0' }, 'dzchunkindex'],
      [{ ...upload.chunk(1), dzchunkbyteoffset: '5' }, 'dzchunkbyteoffset'],
      [{ ...upload.chunk(0), file: upload.chunk(0).file.subarray(1) }, 'file'],
      [{ ...upload.chunk(0), dzchunksize: '1000', dztotalchunkcount: '1' }, 'dztotalchunkcount'],
      [{ dzuuid: upload.uuid, file: upload.chunk(0).file }, 'dzchunkindex'],
      [{ ...upload.chunk(0), file: 'text' }, 'file'],
    ];
    for (const [fields, field] of cases) {
      const res = await sendChunk(admin, galleryId, fields);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    expect(await uploadState()).toEqual(nothingPending);
    // A chunk whose sizes disagree with the upload its dzuuid began is refused too.
    await sendChunk(admin, galleryId, upload.chunk(0));
    const other = cut(await noiseJpeg(400, 400));
    const res = await sendChunk(admin, galleryId, { ...other.chunk(1), dzuuid: upload.uuid });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.dzuuid).toEqual(['errors.invalid']);
    await removeStaleUploads(server.ctx, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await uploadState()).toEqual(nothingPending);
  });

  it("the same dzuuid from another user is that user's own upload", async () => {
    const galleryId = await buildGallery();
    const upload = cut(await noiseJpeg(480, 320));
    for (let i = 0; i < upload.count - 1; i++) await sendChunk(admin, galleryId, upload.chunk(i));
    const res = await sendChunk(editor, galleryId, upload.chunk(upload.count - 1));
    expect(res.json()).toEqual({ complete: false, received: 1, total: upload.count });
    expect(await imageRows(galleryId)).toEqual([]);
    await removeStaleUploads(server.ctx, new Date(Date.now() + 25 * 60 * 60 * 1000));
  });
});

describe('gallery images: the image screen', () => {
  it('lists the images in order with thumbnail, titles, status and size', async () => {
    const galleryId = await buildGallery();
    const first = await uploadImage(galleryId, await noiseJpeg(200, 100));
    const second = await uploadImage(galleryId, await noiseJpeg(100, 200));
    const res = await admin.get(base(galleryId));
    expect(res.statusCode).toBe(200);
    const data: GalleryImage[] = res.json().data;
    expect(data.map((i) => [i.id, i.order, i.width, i.height])).toEqual([
      [first.id, 1, 200, 100],
      [second.id, 2, 100, 200],
    ]);
    expect(Object.keys(data[0] ?? {}).sort()).toEqual(
      [
        'created_at',
        'file',
        'gallery_id',
        'height',
        'id',
        'languages',
        'order',
        'path',
        'status',
        'thumbnail',
        'updated_at',
        'width',
      ].sort(),
    );
  });

  it('rotate turns original and thumbnail, swaps width and height and renames the files', async () => {
    const galleryId = await buildGallery();
    const image = await uploadImage(galleryId, await noiseJpeg(300, 180));
    const res = await admin.post(`${base(galleryId)}/rotate/${image.id}`);
    expect(res.statusCode).toBe(200);
    const turned: GalleryImage = res.json().data;
    expect(res.json().message).toBe('The image has been rotated.');
    expect([turned.width, turned.height]).toEqual([180, 300]);
    expect(turned.file).not.toBe(image.file);
    expect(turned.path).not.toBe(image.path);
    expect(mediaFiles(galleryId)).toEqual({ originals: [turned.file], thumbs: [turned.file] });
    const original = await sharp(join(server.config.mediaDir, 'gallery', String(galleryId), turned.file)).metadata();
    expect([original.width, original.height]).toEqual([180, 300]);
    const thumb = await sharp(
      join(server.config.mediaDir, 'gallery', String(galleryId), 'thumb', turned.file),
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([THUMBNAIL.width, THUMBNAIL.height]);
    const [row] = await imageRows(galleryId);
    expect([row?.width, row?.height, row?.file]).toEqual([180, 300, turned.file]);
    expect((await logsOf('rotate')).map((l) => l.row_id)).toContain(image.id);
  });

  it('rotation turns clockwise: the top-left corner goes to the top-right', async () => {
    const galleryId = await buildGallery();
    // Red on the left half, blue on the right: turned clockwise, red is on top.
    const left = await sharp({ create: { width: 100, height: 60, channels: 3, background: '#f00' } })
      .composite([
        {
          input: await sharp({ create: { width: 50, height: 60, channels: 3, background: '#00f' } })
            .png()
            .toBuffer(),
          left: 50,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const image = await uploadImage(galleryId, left);
    const turned: GalleryImage = (await admin.post(`${base(galleryId)}/rotate/${image.id}`)).json().data;
    const { data, info } = await sharp(join(server.config.mediaDir, 'gallery', String(galleryId), turned.file))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([60, 100]);
    const at = (x: number, y: number) => (y * info.width + x) * info.channels;
    const pixel = (x: number, y: number) => [...data.subarray(at(x, y), at(x, y) + 3)];
    expect(pixel(30, 10)).toEqual([255, 0, 0]);
    expect(pixel(30, 90)).toEqual([0, 0, 255]);
  });

  it('an animated GIF cannot be turned (sharp turns several frames only by 180°): 422, files and row unchanged', async () => {
    const galleryId = await buildGallery();
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const image = (await postForm(admin, `${base(galleryId)}/upload`, { file: gif })).json().data as GalleryImage;
    expect(image.file).toMatch(/\.gif$/);
    const res = await admin.post(`${base(galleryId)}/rotate/${image.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ image: ['errors.image'] });
    const [row] = await imageRows(galleryId);
    expect([row?.file, row?.width, row?.height]).toEqual([image.file, 40, 20]);
    expect(mediaFiles(galleryId)).toEqual({ originals: [image.file], thumbs: [image.file] });
  });

  it('reorder persists; images left out follow in their order; a foreign id is 404 and nothing moves', async () => {
    const galleryId = await buildGallery();
    const [a, b, c] = [await uploadImage(galleryId), await uploadImage(galleryId), await uploadImage(galleryId)];
    const res = await admin.post(`${base(galleryId)}/reorder`, { images: [c.id, a.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The order of the images has been saved.');
    const ids = (r: { json(): { data: GalleryImage[] } }) => r.json().data.map((i) => i.id);
    expect(ids(res)).toEqual([c.id, a.id, b.id]);
    expect(ids(await admin.get(base(galleryId)))).toEqual([c.id, a.id, b.id]);
    expect((await logsOf('order')).map((l) => l.row_id)).toEqual(expect.arrayContaining([c.id, a.id, b.id]));
    // Multipart with image objects, as the list holds them.
    const form = await postForm(admin, `${base(galleryId)}/reorder`, {
      'images[0][id]': String(b.id),
      'images[1][id]': String(c.id),
      'images[2][id]': String(a.id),
    });
    expect(ids(form)).toEqual([b.id, c.id, a.id]);
    const other = await uploadImage(await buildGallery());
    const foreign = await admin.post(`${base(galleryId)}/reorder`, { images: [a.id, other.id] });
    expect(foreign.statusCode).toBe(404);
    expect(ids(await admin.get(base(galleryId)))).toEqual([b.id, c.id, a.id]);
    const twice = await admin.post(`${base(galleryId)}/reorder`, { images: [a.id, a.id] });
    expect(twice.statusCode).toBe(422);
  });

  it('titles in both locales; a locale left out keeps its title; over 255 characters is 422', async () => {
    const galleryId = await buildGallery();
    const image = await uploadImage(galleryId);
    const res = await postForm(admin, `${base(galleryId)}/${image.id}`, {
      'languages[sk][title]': 'Západ slnka',
      'languages[en][title]': 'Sunset',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The item has been saved.');
    expect(res.json().data.languages).toEqual({ sk: { title: 'Západ slnka' }, en: { title: 'Sunset' } });
    const onlyEn = await admin.post(`${base(galleryId)}/${image.id}`, { languages: { en: { title: '  Dusk ' } } });
    expect(onlyEn.json().data.languages).toEqual({ sk: { title: 'Západ slnka' }, en: { title: 'Dusk' } });
    const [listed] = (await admin.get(base(galleryId))).json().data;
    expect(listed.languages.en.title).toBe('Dusk');
    const long = await admin.post(`${base(galleryId)}/${image.id}`, { languages: { sk: { title: 'x'.repeat(256) } } });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors['languages.sk.title']).toEqual(['errors.invalid']);
    expect((await logsOf('update')).map((l) => l.row_id)).toContain(image.id);
  });

  it('bulk publish, hide and destroy answer the count changed; destroy removes rows and files', async () => {
    const galleryId = await buildGallery();
    const [a, b, c] = [await uploadImage(galleryId), await uploadImage(galleryId), await uploadImage(galleryId)];
    const hide = await admin.post(`${base(galleryId)}/array/hide`, { rows: [a.id, b.id] });
    expect(hide.json()).toEqual({ message: 'Hidden: 2.', count: 2 });
    const status = async () =>
      Object.fromEntries((await imageRows(galleryId)).map((r) => [r.id, r.status])) as Record<number, boolean>;
    expect(await status()).toEqual({ [a.id]: false, [b.id]: false, [c.id]: true });
    const publish = await postForm(admin, `${base(galleryId)}/array/publish`, {
      'rows[0]': String(a.id),
      'rows[1]': String(c.id),
    });
    expect(publish.json()).toEqual({ message: 'Published: 1.', count: 1 });
    expect(await status()).toEqual({ [a.id]: true, [b.id]: false, [c.id]: true });
    const destroy = await admin.post(`${base(galleryId)}/array/destroy`, { rows: [a.id, b.id] });
    expect(destroy.json()).toEqual({ message: 'Removed: 2.', count: 2 });
    expect((await imageRows(galleryId)).map((r) => r.id)).toEqual([c.id]);
    expect(mediaFiles(galleryId)).toEqual({ originals: [c.file], thumbs: [c.file] });
    expect((await logsOf('hide')).map((l) => l.row_id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await logsOf('publish')).map((l) => l.row_id)).toContain(a.id);
  });

  it('an image of another gallery in the path or the rows → 404, and it stays as it was', async () => {
    const galleryId = await buildGallery();
    const otherGallery = await buildGallery();
    const mine = await uploadImage(galleryId);
    const theirs = await uploadImage(otherGallery);
    const calls = [
      admin.post(`${base(galleryId)}/rotate/${theirs.id}`),
      admin.post(`${base(galleryId)}/${theirs.id}`, { languages: { en: { title: 'Hijacked' } } }),
      admin.delete(`${base(galleryId)}/destroy/${theirs.id}`),
      admin.post(`${base(galleryId)}/array/hide`, { rows: [mine.id, theirs.id] }),
      admin.post(`${base(galleryId)}/array/destroy`, { rows: [theirs.id] }),
      admin.post(`${base(galleryId)}/rotate/abc`),
      admin.delete(`${base(galleryId)}/destroy/999999`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    const [row] = await imageRows(otherGallery);
    expect(row).toMatchObject({ id: theirs.id, file: theirs.file, width: theirs.width, status: true });
    expect(mediaFiles(otherGallery)).toEqual({ originals: [theirs.file], thumbs: [theirs.file] });
    const [listed] = (await admin.get(base(otherGallery))).json().data;
    expect(listed.languages.en.title).toBe('');
    const [still] = await imageRows(galleryId);
    expect(still?.status).toBe(true);
  });

  it('DELETE destroy removes one image for good with both files', async () => {
    const galleryId = await buildGallery();
    const image = await uploadImage(galleryId);
    const res = await admin.delete(`${base(galleryId)}/destroy/${image.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The item has been removed.' });
    expect(await imageRows(galleryId)).toEqual([]);
    expect(mediaFiles(galleryId)).toEqual({ originals: [], thumbs: [] });
    expect((await admin.get(image.path)).statusCode).toBe(404);
  });
});
