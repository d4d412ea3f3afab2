import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GALLERY_UPLOAD, THUMBNAIL } from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryUploadChunks, galleryUploadRefusals, galleryUploads } from '../../db/schema.js';
import { cut, noiseJpeg, nothingPending, useGalleryImages } from '../../test/gallery-images.js';
import type { Agent, TestServer } from '../../test/harness.js';
import { assemblyDir, removeStaleUploads } from './upload-cleanup.js';

const g = useGalleryImages();
const { base, buildGallery, postForm, sendChunk, uploadState, mediaFiles, imageRows, logsOf } = g;
let server: TestServer;
let admin: Agent;
let editor: Agent;
beforeAll(() => {
  ({ server, admin, editor } = g.ctx);
});

const minute = 60 * 1000;
const later = (ms: number) => new Date(Date.now() + ms);
const chunksOf = async (uuid: string) => {
  const rows = await server.ctx.db
    .select({ index: galleryUploadChunks.chunk_index })
    .from(galleryUploadChunks)
    .innerJoin(galleryUploads, eq(galleryUploads.id, galleryUploadChunks.upload_id))
    .where(eq(galleryUploads.uuid, uuid));
  return rows.length;
};
const refusalsOf = async (uuid: string) =>
  (await server.ctx.db.select().from(galleryUploadRefusals).where(eq(galleryUploadRefusals.uuid, uuid))).length;

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
    expect(body.data.languages).toEqual({ sk: { title: '', alt: '' }, en: { title: '', alt: '' } });
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

  it('a missing chunk: the upload never completes, and the cleanup removes it 10 minutes after its last chunk', async () => {
    const galleryId = await buildGallery();
    const upload = cut(await noiseJpeg(480, 320));
    for (let i = 0; i < upload.count; i++) {
      if (i === 2) continue;
      expect((await sendChunk(admin, galleryId, upload.chunk(i))).statusCode).toBe(200);
    }
    expect(await uploadState()).toEqual({ uploads: 1, chunks: upload.count - 1, assembling: [] });
    expect(await imageRows(galleryId)).toEqual([]);
    expect(mediaFiles(galleryId)).toEqual({ originals: [], thumbs: [] });
    expect(await removeStaleUploads(server.ctx, later(GALLERY_UPLOAD.abandonedAfterMs - minute))).toBe(0);
    expect((await uploadState()).uploads).toBe(1);
    expect(await removeStaleUploads(server.ctx, later(GALLERY_UPLOAD.abandonedAfterMs + minute))).toBe(1);
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('a cancelled upload is swept by the next upload that begins, once its last chunk is 10 minutes old', async () => {
    const galleryId = await buildGallery();
    const cancelled = cut(await noiseJpeg(480, 320));
    await sendChunk(admin, galleryId, cancelled.chunk(0));
    await sendChunk(admin, galleryId, cancelled.chunk(1));
    // Begun long ago but still sending: not abandoned.
    const slow = cut(await noiseJpeg(480, 320));
    await sendChunk(admin, galleryId, slow.chunk(0));
    await server.ctx.db
      .update(galleryUploads)
      .set({ created_at: sql`now() - interval '2 hours'`, updated_at: sql`now() - interval '11 minutes'` })
      .where(eq(galleryUploads.uuid, cancelled.uuid));
    await server.ctx.db
      .update(galleryUploads)
      .set({ created_at: sql`now() - interval '2 hours'`, updated_at: sql`now() - interval '9 minutes'` })
      .where(eq(galleryUploads.uuid, slow.uuid));
    const fresh = cut(await noiseJpeg(480, 320));
    await sendChunk(admin, galleryId, fresh.chunk(0));
    const left = await server.ctx.db.select({ uuid: galleryUploads.uuid }).from(galleryUploads);
    expect(left.map((r) => r.uuid).sort()).toEqual([fresh.uuid, slow.uuid].sort());
    expect(await chunksOf(cancelled.uuid)).toBe(0);
    // A chunk is a sign of life: the slow upload's next chunk puts its sweep off again.
    await server.ctx.db
      .update(galleryUploads)
      .set({ updated_at: sql`now() - interval '11 minutes'` })
      .where(eq(galleryUploads.uuid, fresh.uuid));
    await sendChunk(admin, galleryId, slow.chunk(1));
    expect(await removeStaleUploads(server.ctx)).toBe(1);
    expect(await uploadState()).toMatchObject({ uploads: 1, chunks: 2 });
    await removeStaleUploads(server.ctx, later(GALLERY_UPLOAD.abandonedAfterMs + minute));
    expect(await uploadState()).toEqual(nothingPending);
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

  it('a file that does not start like an image → 422 at its first chunk; nothing is kept', async () => {
    const galleryId = await buildGallery();
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script>${'<!-- pad -->'.repeat(20_000)}</svg>`,
    );
    for (const file of [randomBytes(200_000), svg]) {
      const upload = cut(file);
      expect(upload.count).toBeGreaterThan(1);
      const first = await sendChunk(admin, galleryId, upload.chunk(0));
      expect(first.statusCode).toBe(422);
      expect(first.json()).toMatchObject({ errors: { file: ['errors.image'] } });
    }
    expect(await uploadState()).toEqual(nothingPending);
    expect(await imageRows(galleryId)).toEqual([]);
    expect(mediaFiles(galleryId)).toEqual({ originals: [], thumbs: [] });
  });

  it('a refused dzuuid stays refused: its later chunks and retries → 422, no upload opens, no chunk stays', async () => {
    const galleryId = await buildGallery();
    const upload = cut(randomBytes(300_000));
    // Chunks may come in any order: one arrived before the first chunk was refused.
    expect((await sendChunk(admin, galleryId, upload.chunk(2))).statusCode).toBe(200);
    expect((await sendChunk(admin, galleryId, upload.chunk(0))).statusCode).toBe(422);
    expect(await uploadState()).toEqual(nothingPending);
    for (const index of [1, 2, 3, upload.count - 1, 0]) {
      const res = await sendChunk(admin, galleryId, upload.chunk(index));
      expect(res.statusCode, `chunk ${index}`).toBe(422);
      expect(res.json().errors).toEqual({ file: ['errors.image'] });
    }
    expect(await uploadState()).toEqual(nothingPending);
    expect(await refusalsOf(upload.uuid)).toBe(1);
    // The same dzuuid from another user is that user's own upload.
    expect((await sendChunk(editor, galleryId, upload.chunk(1))).statusCode).toBe(200);
    await removeStaleUploads(server.ctx, later(GALLERY_UPLOAD.abandonedAfterMs + minute));
  });

  it('a refused first chunk sent together with the others leaves nothing behind', async () => {
    const galleryId = await buildGallery();
    for (let round = 0; round < 3; round++) {
      const upload = cut(randomBytes(400_000));
      const answers = await Promise.all(
        Array.from({ length: upload.count }, (_, i) => sendChunk(admin, galleryId, upload.chunk(i))),
      );
      expect(answers[0]?.statusCode).toBe(422);
      for (const res of answers) expect([200, 409, 422]).toContain(res.statusCode);
      expect(await uploadState()).toEqual(nothingPending);
    }
  });

  it('content that is not an image once assembled → 422; a retry of the last chunk → 422 again, nothing kept', async () => {
    const galleryId = await buildGallery();
    // A JPEG signature passes the first chunk; the whole file is no image.
    const file = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(250_000)]);
    const upload = cut(file);
    let last = null;
    for (let i = 0; i < upload.count; i++) last = await sendChunk(admin, galleryId, upload.chunk(i));
    expect(last?.statusCode).toBe(422);
    expect(last?.json().errors).toEqual({ file: ['errors.image'] });
    expect(await uploadState()).toEqual(nothingPending);
    // Dropzone's retryChunks sends the refused chunk again: it must not open a new upload and "succeed".
    const retry = await sendChunk(admin, galleryId, upload.chunk(upload.count - 1));
    expect(retry.statusCode).toBe(422);
    expect((await sendChunk(admin, galleryId, upload.chunk(0))).statusCode).toBe(422);
    expect(await uploadState()).toEqual(nothingPending);
    expect(await imageRows(galleryId)).toEqual([]);
    expect(mediaFiles(galleryId)).toEqual({ originals: [], thumbs: [] });
  });

  it('refusals are swept after 24 h; the dzuuid is then unknown', async () => {
    const galleryId = await buildGallery();
    const upload = cut(randomBytes(200_000));
    expect((await sendChunk(admin, galleryId, upload.chunk(0))).statusCode).toBe(422);
    await removeStaleUploads(server.ctx, later(GALLERY_UPLOAD.refusedForMs - minute));
    expect(await refusalsOf(upload.uuid)).toBe(1);
    await removeStaleUploads(server.ctx, later(GALLERY_UPLOAD.refusedForMs + minute));
    expect(await refusalsOf(upload.uuid)).toBe(0);
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
    await removeStaleUploads(server.ctx, later(GALLERY_UPLOAD.abandonedAfterMs + minute));
    expect(await uploadState()).toEqual(nothingPending);
  });

  it("the same dzuuid from another user is that user's own upload", async () => {
    const galleryId = await buildGallery();
    const upload = cut(await noiseJpeg(480, 320));
    for (let i = 0; i < upload.count - 1; i++) await sendChunk(admin, galleryId, upload.chunk(i));
    const res = await sendChunk(editor, galleryId, upload.chunk(upload.count - 1));
    expect(res.json()).toEqual({ complete: false, received: 1, total: upload.count });
    expect(await imageRows(galleryId)).toEqual([]);
    await removeStaleUploads(server.ctx, later(GALLERY_UPLOAD.abandonedAfterMs + minute));
  });
});

describe('gallery images: an assembly interrupted by a crash', () => {
  /**
   * Leaves the database as a server killed mid-assembly does: every chunk stored (the last one by the killed
   * request), the upload claimed by that request, its claim renewed `claimedAgo` before the crash.
   */
  async function crashMidAssembly(galleryId: number, claimedAgo: string) {
    const upload = cut(await noiseJpeg(480, 320));
    for (let i = 0; i < upload.count - 1; i++) {
      expect((await sendChunk(admin, galleryId, upload.chunk(i))).statusCode).toBe(200);
    }
    const [row] = await server.ctx.db
      .update(galleryUploads)
      .set({ claimed_by: 'killed', claimed_at: sql`now() - ${claimedAgo}::interval` })
      .where(eq(galleryUploads.uuid, upload.uuid))
      .returning({ id: galleryUploads.id });
    const last = upload.chunk(upload.count - 1);
    await server.ctx.db.insert(galleryUploadChunks).values({
      upload_id: row?.id ?? 0,
      chunk_index: upload.count - 1,
      data: sql`decode(${last.file.toString('base64')}, 'base64')`,
    });
    return { upload, last, uploadId: row?.id ?? 0 };
  }
  const retryAfter = (ms: number, change: () => Promise<unknown>) =>
    new Promise((resolve) => setTimeout(resolve, ms)).then(change);

  it("after a restart, the client's retry of the last chunk takes the expired claim over and completes the image", async () => {
    const galleryId = await buildGallery();
    const { last, uploadId } = await crashMidAssembly(galleryId, '1 minute');
    // The killed request's half-written assembly file.
    const dir = assemblyDir(server.config);
    mkdirSync(dir, { recursive: true });
    const leftover = join(dir, `${uploadId}-killed.part`);
    writeFileSync(leftover, randomBytes(1000));
    const res = await sendChunk(admin, galleryId, last);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ width: 480, height: 320 });
    expect((await imageRows(galleryId)).length).toBe(1);
    expect(mediaFiles(galleryId).originals).toEqual([res.json().data.file]);
    expect(await uploadState()).toEqual({ ...nothingPending, assembling: [`${uploadId}-killed.part`] });
    // The leftover goes with the sweep once it is as old as an abandoned upload.
    await removeStaleUploads(server.ctx, later(GALLERY_UPLOAD.abandonedAfterMs + minute));
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('a retry right after the crash waits for the claim to expire, then completes the image', async () => {
    const galleryId = await buildGallery();
    const { last, upload } = await crashMidAssembly(galleryId, '0 seconds');
    // The claim is not renewed any more: let its time run out (faster than the 15 s it takes here).
    const [res] = await Promise.all([
      sendChunk(admin, galleryId, last),
      retryAfter(800, () =>
        server.ctx.db
          .update(galleryUploads)
          .set({ claimed_at: sql`now() - interval '1 minute'` })
          .where(eq(galleryUploads.uuid, upload.uuid)),
      ),
    ]);
    expect(res?.statusCode).toBe(201);
    expect((await imageRows(galleryId)).length).toBe(1);
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('a retry while a live assembly still renews its claim does not take it over; it answers that assembly', async () => {
    const galleryId = await buildGallery();
    const stored = await crashMidAssembly(galleryId, '0 seconds');
    // The live assembly stores its image and removes the upload.
    const [res] = await Promise.all([
      sendChunk(admin, galleryId, stored.last),
      retryAfter(800, () => server.ctx.db.delete(galleryUploads).where(eq(galleryUploads.id, stored.uploadId))),
    ]);
    expect(res?.statusCode).toBe(200);
    expect(res?.json()).toEqual({ complete: false, received: stored.upload.count, total: stored.upload.count });
    expect(await imageRows(galleryId)).toEqual([]);
    // The live assembly refused the file instead: the retry is refused too.
    const refused = await crashMidAssembly(galleryId, '0 seconds');
    const [again] = await Promise.all([
      sendChunk(admin, galleryId, refused.last),
      retryAfter(800, async () => {
        await server.ctx.db.insert(galleryUploadRefusals).values({
          gallery_id: galleryId,
          user_id: (await server.ctx.db.select().from(galleryUploads))[0]?.user_id ?? 0,
          uuid: refused.upload.uuid,
        });
        await server.ctx.db.delete(galleryUploads).where(eq(galleryUploads.id, refused.uploadId));
      }),
    ]);
    expect(again?.statusCode).toBe(422);
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('a claimed upload is not swept while its claim is renewed; a dead claim is, with the upload', async () => {
    const galleryId = await buildGallery();
    await crashMidAssembly(galleryId, '0 seconds');
    await server.ctx.db.update(galleryUploads).set({ updated_at: sql`now() - interval '11 minutes'` });
    expect(await removeStaleUploads(server.ctx)).toBe(0);
    await server.ctx.db.update(galleryUploads).set({ claimed_at: sql`now() - interval '1 minute'` });
    expect(await removeStaleUploads(server.ctx)).toBe(1);
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('an assembly that fails for another reason gives its claim back: the retry completes the image', async () => {
    const galleryId = await buildGallery();
    const upload = cut(await noiseJpeg(480, 320));
    for (let i = 0; i < upload.count - 1; i++) await sendChunk(admin, galleryId, upload.chunk(i));
    // The assembly folder cannot be made (a file stands in its way): the assembly fails with a 500.
    const dir = assemblyDir(server.config);
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, '');
    const failed = await sendChunk(admin, galleryId, upload.chunk(upload.count - 1));
    expect(failed.statusCode).toBe(500);
    rmSync(dir, { force: true });
    expect(await uploadState()).toMatchObject({ uploads: 1, chunks: upload.count });
    const retry = await sendChunk(admin, galleryId, upload.chunk(upload.count - 1));
    expect(retry.statusCode).toBe(201);
    expect((await imageRows(galleryId)).length).toBe(1);
    expect(await uploadState()).toEqual(nothingPending);
  });
});
