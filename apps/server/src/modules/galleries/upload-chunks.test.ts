import { randomBytes, randomUUID } from 'node:crypto';
import { GALLERY_UPLOAD, THUMBNAIL } from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryUploadChunks, galleryUploads } from '../../db/schema.js';
import { cut, noiseJpeg, nothingPending, useGalleryImages } from '../../test/gallery-images.js';
import type { Agent, TestServer } from '../../test/harness.js';
import { removeStaleUploads } from './upload-chunks.js';

const g = useGalleryImages();
const { base, buildGallery, postForm, sendChunk, uploadState, mediaFiles, imageRows, logsOf } = g;
let server: TestServer;
let admin: Agent;
let editor: Agent;
beforeAll(() => {
  ({ server, admin, editor } = g.ctx);
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
