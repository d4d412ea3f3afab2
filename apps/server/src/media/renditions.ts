// The responsive renditions of record images and gallery images (docs/features/media-storage.md "Renditions"): a few
// widths in AVIF, WebP and the original's format, made once per image by a job after the save or the upload, stored
// beside the original, and recorded in `image_renditions`, which the site and the delivery API read instead of the
// storage.
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Sharp } from 'sharp';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.js';
import {
  articles,
  galleryImages,
  imageRenditions,
  jobs,
  pages,
  partners,
  references,
  type StoredRendition,
} from '../db/schema.js';
import { enqueue } from '../jobs/queue.js';
import { encode, IMAGE_FORMATS, IMAGE_MAX_PIXELS, type ImageFormat, inspectImage } from './images.js';
import { ObjectNotFoundError } from './object-store.js';
import { sharp } from './sharp.js';
import { mediaStorage, type StorageConfig, StoragePathError } from './storage.js';

/**
 * The widths made, never wider than the original; an original narrower than the widest gets its own width too (in
 * AVIF and WebP), so every format reaches the size the original has. 1600 covers the site's 58rem column at twice
 * the pixel density, nearly.
 */
export const RENDITION_WIDTHS = [320, 640, 1024, 1600] as const;
const WIDEST = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1] as number;

/** Makes the renditions of one stored image: `{model, id, file}`. */
export const RENDITIONS_JOB = 'image-renditions';
/** Queues RENDITIONS_JOB for the record images that have none, a few at a time: `{source, after}`. */
export const RENDITIONS_SWEEP_JOB = 'image-renditions-sweep';
/** Images a sweep step queues before it queues the next step (so no run of the queue holds many slow encodes). */
const SWEEP_STEP = 3;

/** The media folder of gallery images (the gallery module's `GALLERY_MEDIA`), `gallery/<gallery id>/<file>`. */
const GALLERY_IMAGES = 'gallery';

/**
 * The images that get renditions: the record images the site and the delivery API show at size (saved through a
 * record's save, `renditionsOfSave`), and the gallery module's images (their thumbnails' high-density sources on the
 * site; uploaded, turned and removed through the gallery, `renditionsOfGalleryImages`). `id` is the folder's record
 * id of the key, `cursor` the row's own id a sweep walks by (a gallery holds many images).
 */
const SOURCES: readonly {
  model: string;
  table: PgTable;
  id: AnyPgColumn;
  file: AnyPgColumn;
  cursor: AnyPgColumn;
}[] = [
  { model: 'page', table: pages, id: pages.id, file: pages.image, cursor: pages.id },
  { model: 'blog', table: articles, id: articles.id, file: articles.image, cursor: articles.id },
  { model: 'blog', table: articles, id: articles.id, file: articles.poster, cursor: articles.id },
  { model: 'reference', table: references, id: references.id, file: references.image, cursor: references.id },
  { model: 'partner', table: partners, id: partners.id, file: partners.image, cursor: partners.id },
  {
    model: GALLERY_IMAGES,
    table: galleryImages,
    id: galleryImages.gallery_id,
    file: galleryImages.file,
    cursor: galleryImages.id,
  },
];

/**
 * The media folders whose record images are saved with their record (`renditionsOfSave`); a gallery's own image
 * (`galleries.image`, in the gallery images' folder) is shown at no size and gets none.
 */
const SAVED_MODELS: ReadonlySet<string> = new Set(
  SOURCES.filter((source) => source.table !== galleryImages).map((source) => source.model),
);

/** Whether the images of a media folder get renditions. */
export const hasRenditions = (model: string) => SOURCES.some((source) => source.model === model);

/**
 * The AVIF and WebP settings of renditions: faster than the originals' AVIF (effort 2 takes about a third of effort
 * 3's time for a few per cent more bytes), since every image makes several.
 */
function encodeRendition(image: Sharp, format: ImageFormat): Sharp {
  if (format === 'avif') return image.avif({ quality: 55, effort: 2 });
  if (format === 'webp') return image.webp({ quality: 80 });
  return encode(image, format);
}

/**
 * What to make of an original `width` pixels wide in `format`: each width of RENDITION_WIDTHS below its own (and its
 * own when it is not wider than the widest) in AVIF, WebP and its format, except its own size in its own format,
 * which is the original.
 */
export function renditionPlan(original: { width: number; format: ImageFormat }) {
  const widths: number[] = RENDITION_WIDTHS.filter((w) => w < original.width);
  if (original.width <= WIDEST) widths.push(original.width);
  const formats = [...new Set<ImageFormat>(['avif', 'webp', original.format])];
  return widths.flatMap((width) =>
    formats
      .filter((format) => format !== original.format || width !== original.width)
      .map((format) => ({ width, format })),
  );
}

const imagePayload = z.object({ model: z.string(), id: z.number().int().positive(), file: z.string() });
type ImageRef = z.infer<typeof imagePayload>;

/** Keeps `work` from failing the caller: an image that is gone or not ours has nothing to make. */
const isGone = (err: unknown) => err instanceof ObjectNotFoundError || err instanceof StoragePathError;

/**
 * RENDITIONS_JOB: reads the original, makes each rendition of its plan one after the other (one core; the
 * uploads keep their own), stores them under `<model>/<id>/renditions/<file>/` and then records them. Made once:
 * an image with a row is skipped, one that is gone has nothing to make. A file that cannot be read as an image or a
 * storage that fails throws, so the queue tries again later and finally marks the job failed; meanwhile the site
 * shows the original. An animated GIF or WebP is recorded with no renditions (its original is shown).
 */
export async function makeRenditions(ctx: { db: Db; config: StorageConfig }, payload: unknown): Promise<void> {
  const { model, id, file } = imagePayload.parse(payload);
  const storage = mediaStorage(ctx.config);
  let key: string;
  let bytes: Buffer;
  try {
    key = storage.keyOf(model, id, file);
    const [made] = await ctx.db
      .select({ key: imageRenditions.key })
      .from(imageRenditions)
      .where(eq(imageRenditions.key, key));
    if (made) return;
    bytes = await storage.store.get(key);
  } catch (err) {
    if (isGone(err)) return;
    throw err;
  }
  const original = await inspectImage(bytes);
  const plan = original.pages > 1 ? [] : renditionPlan(original);
  const made: StoredRendition[] = [];
  try {
    for (const { width, format } of plan) {
      const { data, info } = await encodeRendition(
        sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).resize({ width }),
        format,
      ).toBuffer({ resolveWithObject: true });
      const { ext, mime } = IMAGE_FORMATS[format];
      await storage.store.put(storage.renditionKey(model, id, file, width, ext), data, { contentType: mime });
      made.push({ width: info.width, height: info.height, format });
    }
  } catch (err) {
    await storage.store.deletePrefix(storage.renditionPrefix(model, id, file)).catch(() => {});
    throw err;
  }
  await ctx.db
    .insert(imageRenditions)
    .values({ key, width: original.width, height: original.height, renditions: made })
    .onConflictDoNothing();
  // A save that replaced the image meanwhile removed the original, and maybe its renditions folder before they were
  // written: what was made for it goes now.
  const gone = await storage.store.stat(key).then(
    () => false,
    (err: unknown) => err instanceof ObjectNotFoundError,
  );
  if (gone) {
    await storage.store.deletePrefix(storage.renditionPrefix(model, id, file));
    await ctx.db.delete(imageRenditions).where(eq(imageRenditions.key, key));
  }
}

/** The storage keys of a record's image files, the names that are not ours left out. */
function keysOf(config: StorageConfig, model: string, id: number, files: readonly (string | null | undefined)[]) {
  const storage = mediaStorage(config);
  return files.flatMap((file) => {
    if (!file) return [];
    try {
      return [storage.keyOf(model, id, file)];
    } catch {
      return [];
    }
  });
}

/** Forgets the renditions of the replaced files (their folders go with the files) and queues those of the added. */
async function queueRenditions(
  tx: Tx,
  config: StorageConfig & { imageRenditions: boolean },
  target: {
    model: string;
    id: number;
    added: readonly (string | null | undefined)[];
    replaced: readonly (string | null)[];
  },
) {
  const { model, id } = target;
  const replaced = keysOf(config, model, id, target.replaced);
  if (replaced.length > 0) await tx.delete(imageRenditions).where(inArray(imageRenditions.key, replaced));
  if (!config.imageRenditions) return;
  for (const file of target.added) if (file) await enqueue(tx, RENDITIONS_JOB, { model, id, file });
}

/**
 * In a save's transaction: queues the renditions of the record's new image files (when IMAGE_RENDITIONS is on), so
 * they are made once the save has committed, and forgets those of the files it replaced, whose folders go with the
 * files (`mediaStorage().remove`).
 */
export async function renditionsOfSave(
  tx: Tx,
  config: StorageConfig & { imageRenditions: boolean },
  target: {
    model: string;
    id: number;
    added: readonly (string | null | undefined)[];
    replaced: readonly (string | null)[];
  },
) {
  if (SAVED_MODELS.has(target.model)) await queueRenditions(tx, config, target);
}

/**
 * The same for a gallery's images, in the transaction of their upload (`added`), rotation (the new file added, the
 * old replaced) or removal (`replaced`).
 */
export async function renditionsOfGalleryImages(
  tx: Tx,
  config: StorageConfig & { imageRenditions: boolean },
  target: { galleryId: number; added: readonly string[]; replaced: readonly string[] },
) {
  const { galleryId, added, replaced } = target;
  await queueRenditions(tx, config, { model: GALLERY_IMAGES, id: galleryId, added, replaced });
}

/** The key's SQL: `<model>/<id>/<file>` of a source's row. */
const keySql = (source: (typeof SOURCES)[number]) =>
  sql`concat(${source.model}::text, '/', ${source.id}, '/', ${source.file})`;

/** Rows of a source whose image has no renditions recorded. */
const missing = (source: (typeof SOURCES)[number]) =>
  and(
    isNotNull(source.file),
    sql`not exists (select 1 from ${imageRenditions} where ${imageRenditions.key} = ${keySql(source)})`,
  );

const sweepPayload = z.object({
  source: z.number().int().min(0).default(0),
  after: z.number().int().min(0).default(0),
});

/**
 * RENDITIONS_SWEEP_JOB: queues RENDITIONS_JOB for the next few images without renditions (walking each source by
 * its rows' id from `after`), then itself for the rest, in one transaction; so the renditions of every existing
 * image are made a few at a time, each image's failure its own job's, while other jobs (mail, webhooks) go on
 * between the steps.
 */
export async function sweepRenditions(db: Db, payload: unknown): Promise<void> {
  let { source, after } = sweepPayload.parse(payload ?? {});
  const found: ImageRef[] = [];
  while (source < SOURCES.length && found.length < SWEEP_STEP) {
    const from = SOURCES[source] as (typeof SOURCES)[number];
    const wanted = SWEEP_STEP - found.length;
    const rows = (await db
      .select({ id: from.id, file: from.file, cursor: from.cursor })
      .from(from.table)
      .where(and(gt(from.cursor, after), missing(from)))
      .orderBy(asc(from.cursor))
      .limit(wanted)) as { id: number; file: string; cursor: number }[];
    for (const row of rows) found.push({ model: from.model, id: row.id, file: row.file });
    if (rows.length < wanted) {
      source += 1;
      after = 0;
    } else {
      after = rows[rows.length - 1]?.cursor ?? after;
    }
  }
  await db.transaction(async (tx) => {
    for (const image of found) await enqueue(tx, RENDITIONS_JOB, image);
    if (source < SOURCES.length) await enqueue(tx, RENDITIONS_SWEEP_JOB, { source, after });
  });
}

/**
 * Starts a sweep over every record image and gallery image (the CLI's `images:renditions`, the demo once it has
 * drawn its pictures) unless one is under way; answers how many images have no renditions yet.
 */
export async function startRenditionsSweep(db: Db): Promise<{ missing: number; started: boolean }> {
  let total = 0;
  for (const source of SOURCES) {
    const [row] = await db.select({ n: count() }).from(source.table).where(missing(source));
    total += Number(row?.n ?? 0);
  }
  const [waiting] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.kind, RENDITIONS_SWEEP_JOB), isNull(jobs.failed_at)));
  if (Number(waiting?.n ?? 0) > 0) return { missing: total, started: false };
  await enqueue(db, RENDITIONS_SWEEP_JOB, {});
  return { missing: total, started: true };
}

/** One rendition as the site and the delivery API give it: its address, pixel size and format. */
export interface Rendition {
  src: string;
  width: number;
  height: number;
  format: ImageFormat;
}

/** What is recorded for one original: its pixel size and its renditions. */
export interface MadeRenditions {
  width: number;
  height: number;
  renditions: Rendition[];
}

/**
 * The renditions recorded for stored images, by storage key, in one query: an image with none recorded (not made
 * yet, a folder without renditions, a name that is not ours) is not in the map; with no such image to look for,
 * nothing is asked of the database.
 */
export async function renditionsOf(
  ctx: { db: Db; config: StorageConfig },
  targets: readonly { model: string; id: number; file: string }[],
): Promise<Map<string, MadeRenditions>> {
  const storage = mediaStorage(ctx.config);
  const wanted = new Map<string, { model: string; id: number; file: string }>();
  for (const target of targets) {
    if (!hasRenditions(target.model)) continue;
    try {
      wanted.set(storage.keyOf(target.model, target.id, target.file), target);
    } catch (err) {
      if (!(err instanceof StoragePathError)) throw err;
    }
  }
  const found = new Map<string, MadeRenditions>();
  if (wanted.size === 0) return found;
  const rows = await ctx.db
    .select()
    .from(imageRenditions)
    .where(inArray(imageRenditions.key, [...wanted.keys()]));
  for (const row of rows) {
    const target = wanted.get(row.key);
    if (!target) continue;
    const { model, id, file } = target;
    found.set(row.key, {
      width: row.width,
      height: row.height,
      renditions: row.renditions.map((r) => ({
        ...r,
        src: storage.renditionUrl(model, id, file, r.width, IMAGE_FORMATS[r.format].ext),
      })),
    });
  }
  return found;
}

/**
 * The renditions recorded for a stored image, with the original's pixel size; undefined when none are recorded
 * (not made yet, or a folder without renditions), and then nothing was asked of the database either.
 */
export async function madeRenditions(
  ctx: { db: Db; config: StorageConfig },
  target: { model: string; id: number; file: string },
): Promise<MadeRenditions | undefined> {
  const { model, id, file } = target;
  if (!hasRenditions(model)) return undefined;
  const key = mediaStorage(ctx.config).keyOf(model, id, file);
  return (await renditionsOf(ctx, [target])).get(key);
}
