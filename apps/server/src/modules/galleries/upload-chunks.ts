import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERR, expectedChunkBytes, GALLERY_UPLOAD, type UploadChunk } from '@backoffice/shared';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { galleryUploadChunks, galleryUploadRefusals, galleryUploads } from '../../db/schema.js';
import { HttpError, invalid } from '../../http/errors.js';
import { ImageRejectedError, type ProcessedImage, processImageField, processImageFile } from '../../media/images.js';
import { mediaStorage } from '../../media/storage.js';
import type { Tx } from '../../resources/langs.js';
import { GALLERY_MEDIA, insertImage, storeGalleryFiles } from './images-service.js';
import { assemblyDir, removeStaleUploads } from './upload-cleanup.js';

/*
 * Dropzone's chunk protocol (docs/features/gallery-images.md). Each chunk is kept as one row of
 * `gallery_upload_chunks` under its upload (`gallery_uploads`, keyed by gallery, user and `dzuuid`), so any server
 * behind a load balancer takes the next chunk and no server holds more than the chunk it is receiving. A chunk
 * sent again replaces itself (primary-key upsert); chunks may come in any order. The request that stores the last
 * missing chunk claims the upload (one conditional UPDATE, so exactly one request wins even when chunks arrive in
 * parallel), streams the chunks in order from the database into a temporary file, and only then checks the file
 * as an image. Nothing lives in one server's memory: a refused `dzuuid` is a row of `gallery_upload_refusals`, the
 * claim is renewed in the database while the assembly runs (so one left by a server that died expires and a retry
 * takes it over), and every sweep is a conditional DELETE that any number of servers may run at once.
 */

/** What one upload request achieved. */
export type UploadOutcome = { complete: false; received: number; total: number } | { complete: true; imageId: number };

/** An upload as its chunks name it. */
interface UploadKey {
  galleryId: number;
  userId: number;
  uuid: string;
}

const keyOf = (key: UploadKey) =>
  and(
    eq(galleryUploads.gallery_id, key.galleryId),
    eq(galleryUploads.user_id, key.userId),
    eq(galleryUploads.uuid, key.uuid),
  );

/** The answer to a file that is not an image, and to every later chunk of its `dzuuid`. */
const notAnImage = () => invalid({ file: [ERR.image] }, 'http.notAnImage');

/** How often a request that meets an upload under assembly looks whether the assembly ended or was abandoned. */
const CLAIM_POLL_MS = 500;

/**
 * Takes one request of `POST /api/gallery/image/{galleryId}/upload`: a whole file (`chunk` null, or a single
 * chunk) is checked and stored at once; a chunk is kept until its upload is complete.
 */
export async function receiveUpload(
  ctx: Pick<AppContext, 'db' | 'config'>,
  target: { galleryId: number; userId: number | null },
  file: Buffer,
  chunk: UploadChunk | null,
  onCleanupError: (err: unknown) => void = () => {},
): Promise<UploadOutcome> {
  if (chunk && file.length !== expectedChunkBytes(chunk)) throw invalid({ file: [ERR.invalid] });
  if (!chunk || chunk.count === 1) {
    const image = await processImageField('file', file);
    return { complete: true, imageId: await addImage(ctx, target, image) };
  }
  // Chunks are kept per user (the server's own writes, the demo's photos, send whole files).
  if (target.userId === null) throw invalid({ file: [ERR.invalid] });
  const key: UploadKey = { galleryId: target.galleryId, userId: target.userId, uuid: chunk.uuid };
  if (await isRefused(ctx.db, key)) throw notAnImage();
  // The first chunk holds the file's signature: a file that cannot be an image is refused before a byte is kept.
  if (chunk.index === 0 && !startsLikeImage(file)) {
    await refuse(ctx.db, key);
    throw notAnImage();
  }
  const upload = await openUpload(ctx.db, key, chunk);
  // Each upload that begins sweeps the abandoned ones (one indexed delete), beside the timer.
  if (upload.created) await removeStaleUploads(ctx).catch(onCleanupError);
  // A claimed upload holds every chunk already; this one is a retry.
  if (!upload.claimed) await putChunk(ctx.db, key, upload.id, chunk.index, file);
  const token = await claim(ctx.db, upload.id);
  if (token) return { complete: true, imageId: await assemble(ctx, key, upload.id, token, chunk.totalSize) };
  if (upload.claimed) return awaitAssembly(ctx, key, upload.id, chunk);
  const [row] = await ctx.db
    .select({ n: count() })
    .from(galleryUploadChunks)
    .where(eq(galleryUploadChunks.upload_id, upload.id));
  return { complete: false, received: row?.n ?? 0, total: chunk.count };
}

/**
 * Whether a file's first bytes are the signature of a format the gallery stores (docs/features/gallery-images.md): JPEG, PNG, GIF, WebP,
 * or an ISO media file (AVIF; its brand, like everything else, is sharp's to check once the file is whole).
 */
export function startsLikeImage(head: Buffer): boolean {
  const at = (offset: number, text: string) => head.subarray(offset, offset + text.length).toString('latin1') === text;
  return (
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
    at(0, '\x89PNG\r\n\x1a\n') ||
    at(0, 'GIF87a') ||
    at(0, 'GIF89a') ||
    (at(0, 'RIFF') && at(8, 'WEBP')) ||
    at(4, 'ftyp')
  );
}

async function isRefused(db: Db, key: UploadKey): Promise<boolean> {
  const [row] = await db
    .select({ uuid: galleryUploadRefusals.uuid })
    .from(galleryUploadRefusals)
    .where(
      and(
        eq(galleryUploadRefusals.gallery_id, key.galleryId),
        eq(galleryUploadRefusals.user_id, key.userId),
        eq(galleryUploadRefusals.uuid, key.uuid),
      ),
    );
  return row !== undefined;
}

/**
 * Records the refusal first, then removes the upload with its chunks. A chunk stored meanwhile is removed by its
 * own request, which looks for the refusal after writing (`putChunk`): one of the two always sees the other.
 */
async function refuse(db: Db, key: UploadKey) {
  await db
    .insert(galleryUploadRefusals)
    .values({ gallery_id: key.galleryId, user_id: key.userId, uuid: key.uuid })
    .onConflictDoNothing();
  await db.delete(galleryUploads).where(keyOf(key));
}

/**
 * Stores the files, then the row (appended last) with its log entry and its renditions' job; a failed insert removes
 * the files again.
 */
async function addImage(
  ctx: Pick<AppContext, 'db' | 'config'>,
  { galleryId, userId }: { galleryId: number; userId: number | null },
  image: ProcessedImage,
  claimed?: { uploadId: number; token: string },
): Promise<number> {
  const file = await storeGalleryFiles(ctx, galleryId, image);
  try {
    const before = async (tx: Tx) => {
      if (!claimed) return;
      const gone = await tx
        .delete(galleryUploads)
        .where(and(eq(galleryUploads.id, claimed.uploadId), eq(galleryUploads.claimed_by, claimed.token)))
        .returning({ id: galleryUploads.id });
      // Another request took the assembly over (this one missed renewing its claim): that one stores the image.
      if (gone.length === 0) throw new HttpError(409, 'http.stale');
    };
    const stored = { file, width: image.width, height: image.height };
    return await insertImage(ctx.db, galleryId, stored, { userId, before, renditions: ctx.config });
  } catch (err) {
    await mediaStorage(ctx.config)
      .remove(GALLERY_MEDIA, galleryId, file)
      .catch(() => {});
    throw err;
  }
}

/**
 * The upload a chunk belongs to, created by its first chunk and touched by every later one (the sweep of abandoned
 * uploads goes by `updated_at`); sizes that disagree with it are `dzuuid` errors.
 */
async function openUpload(
  db: Db,
  key: UploadKey,
  chunk: UploadChunk,
): Promise<{ id: number; created: boolean; claimed: boolean }> {
  // Twice at most: the row can vanish between the conflicting insert and the update (its upload just completed).
  for (let attempt = 0; attempt < 2; attempt++) {
    const [created] = await db
      .insert(galleryUploads)
      .values({
        uuid: key.uuid,
        gallery_id: key.galleryId,
        user_id: key.userId,
        total_chunks: chunk.count,
        total_size: chunk.totalSize,
      })
      .onConflictDoNothing()
      .returning({ id: galleryUploads.id });
    if (created) return { id: created.id, created: true, claimed: false };
    const [row] = await db.update(galleryUploads).set({ updated_at: new Date() }).where(keyOf(key)).returning({
      id: galleryUploads.id,
      total_chunks: galleryUploads.total_chunks,
      total_size: galleryUploads.total_size,
      claimed_by: galleryUploads.claimed_by,
    });
    if (!row) continue;
    if (row.total_chunks !== chunk.count || row.total_size !== chunk.totalSize) {
      throw invalid({ dzuuid: [ERR.invalid] });
    }
    return { id: row.id, created: false, claimed: row.claimed_by !== null };
  }
  throw new HttpError(409, 'http.stale');
}

/**
 * Chunk bytes cross the driver as base64 text (`decode`/`encode` in SQL), converted by Node's native codec: PGlite's
 * own bytea conversion builds one string per byte, which for a 2 MB chunk leaves over 100 MB of garbage and grew
 * the embedded server by hundreds of MB over an upload of 50 photos.
 */
const byteaOf = (data: Buffer) => sql`decode(${data.toString('base64')}, 'base64')`;

const isForeignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
};

/**
 * Keeps one chunk; a chunk already received is replaced (a re-send after a failure). Once the upload is claimed
 * for assembly every index is present, so the guard on the update leaves its chunks as they are. Afterwards it
 * looks for a refusal of the `dzuuid` that may have been recorded meanwhile (`refuse`) and removes the upload then.
 */
async function putChunk(db: Db, key: UploadKey, uploadId: number, index: number, data: Buffer) {
  try {
    await db
      .insert(galleryUploadChunks)
      .values({ upload_id: uploadId, chunk_index: index, data: byteaOf(data) })
      .onConflictDoUpdate({
        target: [galleryUploadChunks.upload_id, galleryUploadChunks.chunk_index],
        set: { data: sql`excluded.data` },
        setWhere: sql`exists (select 1 from ${galleryUploads} where ${galleryUploads.id} = ${uploadId} and ${galleryUploads.claimed_by} is null)`,
      });
  } catch (err) {
    // The upload was removed meanwhile: refused, or it completed, failed or was abandoned.
    if (!isForeignKeyViolation(err)) throw err;
    if (await isRefused(db, key)) throw notAnImage();
    throw new HttpError(409, 'http.stale');
  }
  if (await isRefused(db, key)) {
    await db.delete(galleryUploads).where(eq(galleryUploads.id, uploadId));
    throw notAnImage();
  }
}

/**
 * A token for exactly one request: the one whose chunk completed the upload, or the first retry after the claim
 * of a server that died expired. null when the upload is incomplete or another request is assembling it.
 */
async function claim(db: Db, uploadId: number): Promise<string | null> {
  const token = randomBytes(16).toString('hex');
  const expired = new Date(Date.now() - GALLERY_UPLOAD.claimExpiresMs);
  const claimed = await db
    .update(galleryUploads)
    .set({ claimed_by: token, claimed_at: new Date() })
    .where(
      and(
        eq(galleryUploads.id, uploadId),
        or(isNull(galleryUploads.claimed_by), lt(galleryUploads.claimed_at, expired)),
        sql`(select count(*) from ${galleryUploadChunks} where ${galleryUploadChunks.upload_id} = ${uploadId}) = ${galleryUploads.total_chunks}`,
      ),
    )
    .returning({ id: galleryUploads.id });
  return claimed.length > 0 ? token : null;
}

/**
 * Renews a claim while its assembly runs, and the assembly file's time with it (the sweep spares files in use);
 * answers the stop function.
 */
function renewClaim(db: Db, uploadId: number, token: string, path: string): () => void {
  const timer = setInterval(() => {
    const now = new Date();
    db.update(galleryUploads)
      .set({ claimed_at: now })
      .where(and(eq(galleryUploads.id, uploadId), eq(galleryUploads.claimed_by, token)))
      .catch(() => {});
    utimes(path, now, now).catch(() => {});
  }, GALLERY_UPLOAD.claimExpiresMs / 5);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A chunk sent again while its upload is under assembly: the client's retry of a request whose answer it lost, or
 * whose server died mid-assembly. Waits until that assembly ends, or takes it over once its claim has expired (a
 * live assembly renews it), so a retry after a crash completes the upload.
 */
async function awaitAssembly(
  ctx: Pick<AppContext, 'db' | 'config'>,
  key: UploadKey,
  uploadId: number,
  chunk: UploadChunk,
): Promise<UploadOutcome> {
  const until = Date.now() + GALLERY_UPLOAD.claimExpiresMs + CLAIM_POLL_MS;
  while (Date.now() < until) {
    const token = await claim(ctx.db, uploadId);
    if (token) return { complete: true, imageId: await assemble(ctx, key, uploadId, token, chunk.totalSize) };
    const [row] = await ctx.db
      .select({ id: galleryUploads.id })
      .from(galleryUploads)
      .where(eq(galleryUploads.id, uploadId));
    if (!row) break;
    await sleep(CLAIM_POLL_MS);
  }
  if (await isRefused(ctx.db, key)) throw notAnImage();
  // Stored by the other request, or still being stored there (its claim is alive): this chunk has arrived.
  return { complete: false, received: chunk.count, total: chunk.count };
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

/**
 * Streams the chunks into a temporary file, checks and stores the image. A file that is not an image refuses its
 * `dzuuid` (upload and chunks gone); any other failure gives the claim back, so the client's retry assembles again.
 */
async function assemble(
  ctx: Pick<AppContext, 'db' | 'config'>,
  key: UploadKey,
  uploadId: number,
  token: string,
  totalSize: number,
): Promise<number> {
  const dir = assemblyDir(ctx.config);
  const path = join(dir, `${uploadId}-${token}.part`);
  const stopRenewing = renewClaim(ctx.db, uploadId, token, path);
  try {
    await mkdir(dir, { recursive: true });
    await pipeline(Readable.from(chunksOf(ctx.db, uploadId)), createWriteStream(path, { flags: 'wx' }));
    if ((await stat(path)).size !== totalSize) throw new ImageRejectedError('corrupt');
    const image = await processImageFile(path);
    return await addImage(ctx, key, image, { uploadId, token });
  } catch (err) {
    if (err instanceof ImageRejectedError) {
      await refuse(ctx.db, key).catch(() => {});
      throw notAnImage();
    }
    await ctx.db
      .update(galleryUploads)
      .set({ claimed_by: null, claimed_at: null })
      .where(and(eq(galleryUploads.id, uploadId), eq(galleryUploads.claimed_by, token)))
      .catch(() => {});
    throw err;
  } finally {
    stopRenewing();
    await rm(path, { force: true });
  }
}
