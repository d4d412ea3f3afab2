import {
  ERR,
  type GalleryImage,
  type GalleryImageReorderInput,
  type GalleryImageTitlesInput,
  LOCALES,
  type Locale,
  type LogAction,
} from '@backoffice/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { galleries, galleryImageLangs, galleryImages } from '../../db/schema.js';
import { invalid, notFound, stale } from '../../http/errors.js';
import { ImageRejectedError, type ProcessedImage, rotateImage } from '../../media/images.js';
import { ObjectNotFoundError } from '../../media/object-store.js';
import { renditionsOfGalleryImages } from '../../media/renditions.js';
import { mediaStorage, newFileName } from '../../media/storage.js';
import { logActivity } from '../../resources/activity-log.js';
import type { Tx } from '../../resources/langs.js';

/** The storage folder of gallery images: `MEDIA_DIR/gallery/<galleryId>/[thumb/]<file>` (docs/features/gallery-images.md). */
export const GALLERY_MEDIA = 'gallery';

type ImageRow = typeof galleryImages.$inferSelect;

/** 404 unless the gallery exists (a removed gallery keeps its images and may still be edited, like its form). */
export async function assertGallery(db: Db, galleryId: number): Promise<void> {
  const [found] = await db.select({ id: galleries.id }).from(galleries).where(eq(galleries.id, galleryId));
  if (!found) throw notFound();
}

/** The image when it belongs to the gallery of the path; 404 otherwise (another gallery's image included). */
async function imageOf(db: Db | Tx, galleryId: number, imageId: number): Promise<ImageRow> {
  const [row] = await db
    .select()
    .from(galleryImages)
    .where(and(eq(galleryImages.id, imageId), eq(galleryImages.gallery_id, galleryId)));
  if (!row) throw notFound();
  return row;
}

/** 404 unless every id names an image of the gallery; then nothing is changed. */
async function assertAllOf(db: Db | Tx, galleryId: number, ids: number[]): Promise<void> {
  const found = await db
    .select({ id: galleryImages.id })
    .from(galleryImages)
    .where(and(eq(galleryImages.gallery_id, galleryId), inArray(galleryImages.id, ids)));
  if (found.length !== new Set(ids).size) throw notFound();
}

/** The presenter: the fields that leave the server, with the URLs of both files. */
function present(
  ctx: Pick<AppContext, 'config'>,
  row: ImageRow,
  texts: Map<string, { title: string; alt: string }>,
): GalleryImage {
  const storage = mediaStorage(ctx.config);
  return {
    id: row.id,
    gallery_id: row.gallery_id,
    file: row.file,
    path: storage.url(GALLERY_MEDIA, row.gallery_id, row.file),
    thumbnail: storage.url(GALLERY_MEDIA, row.gallery_id, row.file, 'thumb'),
    width: row.width,
    height: row.height,
    status: row.status,
    order: row.position,
    languages: Object.fromEntries(
      LOCALES.map((locale) => [locale, texts.get(`${row.id}:${locale}`) ?? { title: '', alt: '' }]),
    ) as Record<Locale, { title: string; alt: string }>,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function presentRows(ctx: Pick<AppContext, 'db' | 'config'>, rows: ImageRow[]): Promise<GalleryImage[]> {
  if (rows.length === 0) return [];
  const langs = await ctx.db
    .select()
    .from(galleryImageLangs)
    .where(
      inArray(
        galleryImageLangs.gallery_image_id,
        rows.map((r) => r.id),
      ),
    );
  const texts = new Map(langs.map((l) => [`${l.gallery_image_id}:${l.language_code}`, { title: l.title, alt: l.alt }]));
  return rows.map((row) => present(ctx, row, texts));
}

/** The images of a gallery in their order (docs/spec-index.md S1.7 Gallery images: GET /api/gallery/image/{galleryId}). */
export async function listImages(ctx: Pick<AppContext, 'db' | 'config'>, galleryId: number): Promise<GalleryImage[]> {
  const rows = await ctx.db
    .select()
    .from(galleryImages)
    .where(eq(galleryImages.gallery_id, galleryId))
    .orderBy(asc(galleryImages.position), asc(galleryImages.id));
  return presentRows(ctx, rows);
}

export async function readImage(
  ctx: Pick<AppContext, 'db' | 'config'>,
  galleryId: number,
  imageId: number,
): Promise<GalleryImage> {
  const [image] = await presentRows(ctx, [await imageOf(ctx.db, galleryId, imageId)]);
  if (!image) throw notFound();
  return image;
}

/**
 * Adds a stored image to the end of its gallery, with an empty title in each locale (a caption is optional), and
 * logs it as `upload` for `userId` (the demo seed has none). `before` runs in the same transaction (the chunked
 * upload removes its upload row there), and so does the queueing of its renditions with `renditions` (an upload;
 * the demo seed sweeps for them once its pictures are drawn: docs/features/media-storage.md "Renditions").
 */
export async function insertImage(
  db: Db,
  galleryId: number,
  stored: { file: string; width: number; height: number },
  by: {
    userId: number | null;
    before?: (tx: Tx) => Promise<void>;
    renditions?: Config;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    await by.before?.(tx);
    const [row] = await tx
      .insert(galleryImages)
      .values({
        gallery_id: galleryId,
        file: stored.file,
        width: stored.width,
        height: stored.height,
        position: sql`(select coalesce(max(${galleryImages.position}), 0) + 1 from ${galleryImages} where ${galleryImages.gallery_id} = ${galleryId})`,
      })
      .returning({ id: galleryImages.id });
    if (!row) throw new Error('gallery image insert returned no row');
    await tx
      .insert(galleryImageLangs)
      .values(LOCALES.map((locale) => ({ gallery_image_id: row.id, language_code: locale, title: '' })));
    await logImages(tx, by.userId, [row.id], 'upload');
    if (by.renditions)
      await renditionsOfGalleryImages(tx, by.renditions, { galleryId, added: [stored.file], replaced: [] });
    return row.id;
  });
}

/** The log entry of a write to gallery images, in the write's transaction. */
export const logImages = (db: Db | Tx, userId: number | null, rowIds: number[], action: LogAction) =>
  logActivity(db as Db, { userId, model: 'GalleryImage', rowIds, action });

/** Writes both files of a processed image under the gallery's folder; answers the new name. */
export async function storeGalleryFiles(
  ctx: Pick<AppContext, 'config'>,
  galleryId: number,
  image: ProcessedImage,
): Promise<string> {
  const file = newFileName(image.ext);
  await mediaStorage(ctx.config).write(GALLERY_MEDIA, galleryId, file, image);
  return file;
}

/** Replaces the titles (and the alternative texts sent) of the locales sent; the others keep theirs. */
export async function updateTitles(
  tx: Tx,
  galleryId: number,
  imageId: number,
  input: GalleryImageTitlesInput,
): Promise<void> {
  await imageOf(tx, galleryId, imageId);
  for (const locale of LOCALES) {
    const lang = input.languages[locale];
    if (!lang) continue;
    await tx
      .insert(galleryImageLangs)
      .values({ gallery_image_id: imageId, language_code: locale, title: lang.title, alt: lang.alt ?? '' })
      .onConflictDoUpdate({
        target: [galleryImageLangs.gallery_image_id, galleryImageLangs.language_code],
        set: lang.alt === undefined ? { title: lang.title } : { title: lang.title, alt: lang.alt },
      });
  }
  await tx.update(galleryImages).set({ updated_at: new Date() }).where(eq(galleryImages.id, imageId));
}

/**
 * Puts the listed images first in the given order (positions 1…n) and the gallery's other images after them in
 * their current order (an image uploaded meanwhile by someone else is kept, not refused). An id that is not an
 * image of the gallery is a 404 and nothing moves. Answers the ids whose position changed.
 */
export async function reorderImages(tx: Tx, galleryId: number, input: GalleryImageReorderInput): Promise<number[]> {
  await assertAllOf(tx, galleryId, input.images);
  const current = await tx
    .select({ id: galleryImages.id, position: galleryImages.position })
    .from(galleryImages)
    .where(eq(galleryImages.gallery_id, galleryId))
    .orderBy(asc(galleryImages.position), asc(galleryImages.id));
  const listed = new Set(input.images);
  const order = [...input.images, ...current.map((r) => r.id).filter((id) => !listed.has(id))];
  const was = new Map(current.map((r) => [r.id, r.position]));
  const moved = order.map((id, i) => ({ id, position: i + 1 })).filter((r) => was.get(r.id) !== r.position);
  if (moved.length === 0) return [];
  const values = sql.join(
    moved.map((r) => sql`(${r.id}::int, ${r.position}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${galleryImages} set position = v.position, updated_at = now()
        from (values ${values}) as v(id, position)
        where ${galleryImages.id} = v.id and ${galleryImages.gallery_id} = ${galleryId}`,
  );
  return moved.map((r) => r.id);
}

/**
 * Turns an image 90° clockwise (the original and a new thumbnail) under a new file name, so browsers and caches
 * load the new files; width and height are swapped. The files are written first; then one transaction moves the row
 * to the new name, only if it still holds the old one (a concurrent rotation → 409), logs it for `userId` and queues
 * the new file's renditions (forgetting the old one's). If it fails the new files go; once it has committed, the old
 * ones with their renditions.
 */
export async function rotateGalleryImage(
  ctx: Pick<AppContext, 'db' | 'config'>,
  galleryId: number,
  imageId: number,
  userId: number | null,
): Promise<void> {
  const storage = mediaStorage(ctx.config);
  const row = await imageOf(ctx.db, galleryId, imageId);
  let turned: ProcessedImage;
  try {
    turned = await rotateImage(await storage.read(GALLERY_MEDIA, galleryId, row.file));
  } catch (err) {
    if (err instanceof ImageRejectedError) throw invalid({ image: [ERR.image] });
    // The row points at a file that is gone: nothing to turn.
    if (err instanceof ObjectNotFoundError) throw notFound();
    throw err;
  }
  const file = await storeGalleryFiles(ctx, galleryId, turned);
  try {
    await ctx.db.transaction(async (tx) => {
      const updated = await tx
        .update(galleryImages)
        .set({ file, width: turned.width, height: turned.height, updated_at: new Date() })
        .where(and(eq(galleryImages.id, imageId), eq(galleryImages.file, row.file)))
        .returning({ id: galleryImages.id });
      if (updated.length === 0) throw stale();
      await logImages(tx, userId, [imageId], 'rotate');
      await renditionsOfGalleryImages(tx, ctx.config, { galleryId, added: [file], replaced: [row.file] });
    });
  } catch (err) {
    await storage.remove(GALLERY_MEDIA, galleryId, file).catch(() => {});
    throw err;
  }
  await storage.remove(GALLERY_MEDIA, galleryId, row.file).catch(() => {});
}

/** Publishes or hides images of the gallery (404 if one is not of it); answers the ids whose status changed. */
export async function setImageStatus(tx: Tx, galleryId: number, ids: number[], status: boolean): Promise<number[]> {
  await assertAllOf(tx, galleryId, ids);
  const changed = await tx
    .update(galleryImages)
    .set({ status, updated_at: new Date() })
    .where(
      and(eq(galleryImages.gallery_id, galleryId), inArray(galleryImages.id, ids), ne(galleryImages.status, status)),
    )
    .returning({ id: galleryImages.id });
  return changed.map((r) => r.id);
}

/**
 * Removes the rows of images of the gallery for good (they have no trash), and the record of their renditions;
 * 404 if one is not of the gallery, and then nothing is removed. Answers the rows removed: their files (renditions
 * included) go once the removal has committed (`removeImageFiles`), so no row ever points at a missing file.
 */
export async function destroyImageRows(tx: Tx, config: Config, galleryId: number, ids: number[]) {
  await assertAllOf(tx, galleryId, ids);
  const removed = await tx
    .delete(galleryImages)
    .where(and(eq(galleryImages.gallery_id, galleryId), inArray(galleryImages.id, ids)))
    .returning({ id: galleryImages.id, file: galleryImages.file });
  await renditionsOfGalleryImages(tx, config, { galleryId, added: [], replaced: removed.map((row) => row.file) });
  return removed;
}

/**
 * Removes the files of removed images, renditions included; one that cannot be removed stays behind (an orphan,
 * never a broken row).
 */
export async function removeImageFiles(ctx: Pick<AppContext, 'config'>, galleryId: number, files: string[]) {
  const storage = mediaStorage(ctx.config);
  await Promise.all(files.map((file) => storage.remove(GALLERY_MEDIA, galleryId, file).catch(() => {})));
}
