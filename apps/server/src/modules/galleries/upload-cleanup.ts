// The sweeps of gallery uploads (docs/features/gallery-images.md): abandoned uploads with their chunks, old
// refusals and the assembly files a crash left, removed by conditional DELETEs that any number of servers may run.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { GALLERY_UPLOAD } from '@backoffice/shared';
import { and, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { galleryUploadRefusals, galleryUploads } from '../../db/schema.js';

/** Where chunks are put together: under DATA_DIR (a real disk, not a memory-backed /tmp), never under MEDIA_DIR. */
export const assemblyDir = (config: AppContext['config']) => join(config.dataDir, 'tmp', 'gallery-uploads');

/**
 * Removes, as of `now`: the uploads whose last chunk arrived more than GALLERY_UPLOAD.abandonedAfterMs ago (a
 * cancelled or closed upload), with their chunks, unless a live assembly holds them; refusals older than
 * GALLERY_UPLOAD.refusedForMs; and assembly files as old as an abandoned upload (only a crash leaves them, a live
 * assembly renews its file's time). Runs when an upload begins and on a timer (`startUploadCleanup`). Answers the
 * uploads removed.
 */
export async function removeStaleUploads(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()): Promise<number> {
  const abandoned = new Date(now.getTime() - GALLERY_UPLOAD.abandonedAfterMs);
  const claimExpired = new Date(now.getTime() - GALLERY_UPLOAD.claimExpiresMs);
  const removed = await ctx.db
    .delete(galleryUploads)
    .where(
      and(
        lt(galleryUploads.updated_at, abandoned),
        or(isNull(galleryUploads.claimed_by), lt(galleryUploads.claimed_at, claimExpired)),
      ),
    )
    .returning({ id: galleryUploads.id });
  await ctx.db
    .delete(galleryUploadRefusals)
    .where(lt(galleryUploadRefusals.created_at, new Date(now.getTime() - GALLERY_UPLOAD.refusedForMs)));
  const dir = assemblyDir(ctx.config);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && info.mtimeMs < abandoned.getTime()) await rm(path, { force: true });
  }
  return removed.length;
}

/** How often the timer looks for abandoned uploads: a small part of GALLERY_UPLOAD.abandonedAfterMs. */
const CLEANUP_EVERY_MS = 60 * 1000;

/** Runs removeStaleUploads every minute (the timer never keeps the process alive); answers the stop function. */
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
