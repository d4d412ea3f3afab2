import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERR, expectedChunkBytes, GALLERY_UPLOAD, type UploadChunk } from '@backoffice/shared';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { galleryUploadChunks, galleryUploads } from '../../db/schema.js';
import { HttpError, invalid } from '../../http/errors.js';
import { ImageRejectedError, type ProcessedImage, processImageField, processImageFile } from '../../media/images.js';
import { mediaStorage } from '../../media/storage.js';
import { GALLERY_MEDIA, insertImage, storeGalleryFiles } from './images-service.js';

/*
 * Dropzone's chunk protocol (DESIGN §4 Gallery upload, §7). Each chunk is kept as one row of
 * `gallery_upload_chunks` under its upload (`gallery_uploads`, keyed by gallery, user and `dzuuid`), so any server
 * behind a load balancer takes the next chunk and no server holds more than the chunk it is receiving. A chunk
 * sent again replaces itself (primary-key upsert); chunks may come in any order. The request that stores the last
 * missing chunk claims the upload (one UPDATE that negates `total_chunks`, so exactly one request wins even when
 * chunks arrive in parallel), streams the chunks in order from the database into a temporary file, and only then
 * checks the file as an image. A refused or failed assembly removes the upload and its chunks at once; an upload
 * that never completes is removed 24 h after it began (`removeStaleUploads`).
 */

/** What one upload request achieved. */
export type UploadOutcome = { complete: false; received: number; total: number } | { complete: true; imageId: number };

/** Where chunks are put together: under DATA_DIR (a real disk, not a memory-backed /tmp), never under MEDIA_DIR. */
export const assemblyDir = (config: AppContext['config']) => join(config.dataDir, 'tmp', 'gallery-uploads');

const refused = (err: unknown) => (err instanceof ImageRejectedError ? invalid({ file: [ERR.image] }) : err);

/**
 * Takes one request of `POST /api/gallery/image/{galleryId}/upload`: a whole file (`chunk` null, or a single
 * chunk) is checked and stored at once; a chunk is kept until its upload is complete.
 */
export async function receiveUpload(
  ctx: Pick<AppContext, 'db' | 'config'>,
  target: { galleryId: number; userId: number },
  file: Buffer,
  chunk: UploadChunk | null,
  onCleanupError: (err: unknown) => void = () => {},
): Promise<UploadOutcome> {
  if (chunk && file.length !== expectedChunkBytes(chunk)) throw invalid({ file: [ERR.invalid] });
  if (!chunk || chunk.count === 1) {
    const image = await processImageField('file', file);
    return { complete: true, imageId: await addImage(ctx, target.galleryId, image) };
  }
  const upload = await openUpload(ctx.db, target, chunk);
  // Each upload that begins sweeps the stale ones (one indexed delete), beside the hourly timer.
  if (upload.created) await removeStaleUploads(ctx).catch(onCleanupError);
  if (upload.claimed) return { complete: false, received: chunk.count, total: chunk.count };
  await putChunk(ctx.db, upload.id, chunk.index, file);
  if (!(await claim(ctx.db, upload.id))) {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(galleryUploadChunks)
      .where(eq(galleryUploadChunks.upload_id, upload.id));
    return { complete: false, received: row?.n ?? 0, total: chunk.count };
  }
  return { complete: true, imageId: await assemble(ctx, target.galleryId, upload.id, chunk.totalSize) };
}

/** Stores the files, then the row (appended last); a failed insert removes the files again. */
async function addImage(
  ctx: Pick<AppContext, 'db' | 'config'>,
  galleryId: number,
  image: ProcessedImage,
  uploadId?: number,
): Promise<number> {
  const file = await storeGalleryFiles(ctx, galleryId, image);
  try {
    return await insertImage(ctx.db, galleryId, { file, width: image.width, height: image.height }, async (tx) => {
      if (uploadId) await tx.delete(galleryUploads).where(eq(galleryUploads.id, uploadId));
    });
  } catch (err) {
    await mediaStorage(ctx.config)
      .remove(GALLERY_MEDIA, galleryId, file)
      .catch(() => {});
    throw err;
  }
}

/** The upload a chunk belongs to, created by its first chunk; sizes that disagree with it are `dzuuid` errors. */
async function openUpload(
  db: Db,
  target: { galleryId: number; userId: number },
  chunk: UploadChunk,
): Promise<{ id: number; created: boolean; claimed: boolean }> {
  const key = and(
    eq(galleryUploads.gallery_id, target.galleryId),
    eq(galleryUploads.user_id, target.userId),
    eq(galleryUploads.uuid, chunk.uuid),
  );
  // Twice at most: the row can vanish between the conflicting insert and the read (its upload just completed).
  for (let attempt = 0; attempt < 2; attempt++) {
    const [created] = await db
      .insert(galleryUploads)
      .values({
        uuid: chunk.uuid,
        gallery_id: target.galleryId,
        user_id: target.userId,
        total_chunks: chunk.count,
        total_size: chunk.totalSize,
      })
      .onConflictDoNothing()
      .returning({ id: galleryUploads.id });
    if (created) return { id: created.id, created: true, claimed: false };
    const [row] = await db
      .select({
        id: galleryUploads.id,
        total_chunks: galleryUploads.total_chunks,
        total_size: galleryUploads.total_size,
      })
      .from(galleryUploads)
      .where(key);
    if (!row) continue;
    if (Math.abs(row.total_chunks) !== chunk.count || row.total_size !== chunk.totalSize) {
      throw invalid({ dzuuid: [ERR.invalid] });
    }
    return { id: row.id, created: false, claimed: row.total_chunks < 0 };
  }
  throw new HttpError(409, 'http.stale');
}

/**
 * Chunk bytes cross the driver as base64 text (`decode`/`encode` in SQL), converted by Node's native codec: PGlite's
 * own bytea conversion builds one string per byte, which for a 2 MB chunk leaves over 100 MB of garbage and grew
 * the embedded server by hundreds of MB over an upload of 50 photos.
 */
const byteaOf = (data: Buffer) => sql`decode(${data.toString('base64')}, 'base64')`;

/**
 * Keeps one chunk; a chunk already received is replaced (a re-send after a failure). Once the upload is claimed
 * for assembly every index is present, so the guard on the update leaves its chunks as they are.
 */
async function putChunk(db: Db, uploadId: number, index: number, data: Buffer) {
  try {
    await db
      .insert(galleryUploadChunks)
      .values({ upload_id: uploadId, chunk_index: index, data: byteaOf(data) })
      .onConflictDoUpdate({
        target: [galleryUploadChunks.upload_id, galleryUploadChunks.chunk_index],
        set: { data: sql`excluded.data` },
        setWhere: sql`exists (select 1 from ${galleryUploads} where ${galleryUploads.id} = ${uploadId} and ${galleryUploads.total_chunks} > 0)`,
      });
  } catch (err) {
    // 23503 (foreign key): the upload was removed meanwhile (it completed, failed or went stale).
    const e = err as { code?: string; cause?: { code?: string } };
    if (e?.code === '23503' || e?.cause?.code === '23503') throw new HttpError(409, 'http.stale');
    throw err;
  }
}

/** True for exactly one request: the one whose chunk completed the upload. */
async function claim(db: Db, uploadId: number): Promise<boolean> {
  const claimed = await db
    .update(galleryUploads)
    .set({ total_chunks: sql`-${galleryUploads.total_chunks}`, updated_at: new Date() })
    .where(
      and(
        eq(galleryUploads.id, uploadId),
        gt(galleryUploads.total_chunks, 0),
        sql`(select count(*) from ${galleryUploadChunks} where ${galleryUploadChunks.upload_id} = ${uploadId}) = ${galleryUploads.total_chunks}`,
      ),
    )
    .returning({ id: galleryUploads.id });
  return claimed.length > 0;
}

/** The chunks of an upload in order, read one at a time. */
async function* chunksOf(db: Db, uploadId: number) {
  for (let index = 0; ; index++) {
    const [row] = await db
      .select({ data: sql<string>`encode(${galleryUploadChunks.data}, 'base64')` })
      .from(galleryUploadChunks)
      .where(and(eq(galleryUploadChunks.upload_id, uploadId), eq(galleryUploadChunks.chunk_index, index)));
    if (!row) return;
    yield Buffer.from(row.data, 'base64');
  }
}

/** Streams the chunks into a temporary file, checks and stores the image; the upload is removed either way. */
async function assemble(
  ctx: Pick<AppContext, 'db' | 'config'>,
  galleryId: number,
  uploadId: number,
  totalSize: number,
): Promise<number> {
  const dir = assemblyDir(ctx.config);
  const path = join(dir, `${uploadId}-${randomBytes(8).toString('hex')}.part`);
  try {
    await mkdir(dir, { recursive: true });
    await pipeline(Readable.from(chunksOf(ctx.db, uploadId)), createWriteStream(path, { flags: 'wx' }));
    if ((await stat(path)).size !== totalSize) throw new ImageRejectedError('corrupt');
    const image = await processImageFile(path);
    return await addImage(ctx, galleryId, image, uploadId);
  } catch (err) {
    await ctx.db
      .delete(galleryUploads)
      .where(eq(galleryUploads.id, uploadId))
      .catch(() => {});
    throw refused(err);
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * Removes the uploads begun more than 24 h before `now` with their chunks, and assembly files as old (left by a
 * crash). Runs when an upload begins and on a timer (`startUploadCleanup`). Answers the uploads removed.
 */
export async function removeStaleUploads(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - GALLERY_UPLOAD.staleAfterMs);
  const removed = await ctx.db
    .delete(galleryUploads)
    .where(lt(galleryUploads.created_at, cutoff))
    .returning({ id: galleryUploads.id });
  const dir = assemblyDir(ctx.config);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && info.mtimeMs < cutoff.getTime()) await rm(path, { force: true });
  }
  return removed.length;
}

/** How often the timer looks for stale uploads. */
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/** Runs removeStaleUploads every hour (the timer never keeps the process alive); answers the stop function. */
export function startUploadCleanup(
  ctx: Pick<AppContext, 'db' | 'config'>,
  onError: (err: unknown) => void,
): () => void {
  const timer = setInterval(() => {
    removeStaleUploads(ctx).catch(onError);
  }, CLEANUP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
