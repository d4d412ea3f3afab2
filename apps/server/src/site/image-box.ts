import { extname } from 'node:path';
import { THUMBNAIL } from '@backoffice/shared';
import type { Db } from '../db/client.js';
import { IMAGE_FORMATS, type ImageFormat } from '../media/images.js';
import { madeRenditions, type Rendition, renditionsOf } from '../media/renditions.js';
import { sharp } from '../media/sharp.js';
import { mediaStorage, type StorageConfig, StoragePathError } from '../media/storage.js';
import { html, type SafeHtml } from './html.js';

/** An image shown at the top of a record, with its pixel size when known and its renditions once they are made. */
export interface Hero {
  src: string;
  size: { width: number; height: number } | null;
  /** The format of the original, from its stored name (the `<img>`'s own candidates are in it). */
  format: ImageFormat | null;
  /** Its responsive renditions (media/renditions.ts); none until the job has made them. */
  renditions: Rendition[];
}

/** Sizes already read, by storage key; a stored name is never reused for other bytes (newFileName). */
const SIZES = new Map<string, { width: number; height: number }>();
const SIZES_KEPT = 2_000;

const FORMAT_BY_EXT = Object.fromEntries(
  Object.entries(IMAGE_FORMATS).map(([format, { ext }]) => [ext, format as ImageFormat]),
);

/**
 * The hero of `model/id/file` with its pixel size and renditions: both from the renditions' row once they are made
 * (one lookup by key), else the size read from the stored original once per process (record images keep no size in
 * their rows) and no renditions; null for no file or a name that is not ours. A file that cannot be read (gone, a
 * storage failure) leaves the size unknown and the image linked as before.
 */
export function heroReader(ctx: { db: Db; config: StorageConfig }) {
  const storage = mediaStorage(ctx.config);
  return async (model: string, id: number, file: string | null): Promise<Hero | null> => {
    if (!file) return null;
    let key: string;
    try {
      key = storage.keyOf(model, id, file);
    } catch {
      return null;
    }
    const src = storage.url(model, id, file);
    const format = FORMAT_BY_EXT[extname(file).slice(1)] ?? null;
    const made = await madeRenditions(ctx, { model, id, file });
    if (made) return { src, format, size: { width: made.width, height: made.height }, renditions: made.renditions };
    let size = SIZES.get(key) ?? null;
    if (!size) {
      const meta = await storage.store
        .get(key)
        .then((bytes) => sharp(bytes).metadata())
        .catch(() => null);
      if (meta?.width && meta.height) {
        size = { width: meta.width, height: meta.pageHeight ?? meta.height };
        if (SIZES.size >= SIZES_KEPT) SIZES.delete(SIZES.keys().next().value as string);
        SIZES.set(key, size);
      }
    }
    return { src, format, size, renditions: [] };
  };
}

/** The hero's column: the site's `.wrap` is 60rem wide at most, less 1rem of padding on each side. */
const HERO_SIZES = '(min-width: 60rem) 58rem, calc(100vw - 2rem)';

/**
 * The `srcset` of one format: its renditions, and the original itself when it is of that format and no wider than
 * the widest rendition (it is then the full-size candidate the other formats have as renditions).
 */
function srcsetOf(hero: Hero, format: ImageFormat): string {
  const candidates = hero.renditions.filter((r) => r.format === format).map((r) => ({ src: r.src, width: r.width }));
  const full = hero.size?.width;
  if (format === hero.format && full && hero.renditions.some((r) => r.width === full))
    candidates.push({ src: hero.src, width: full });
  return candidates
    .sort((a, b) => a.width - b.width)
    .map((c) => `${c.src} ${c.width}w`)
    .join(', ');
}

/**
 * The hero's picture, the first image of its page and above the fold: loaded at once with a high priority. Its width
 * and height let the browser reserve the box before the image arrives (no layout shift). With renditions it is a
 * `<picture>`: AVIF, then WebP, then the `<img>` with the original's format, each a `srcset` of widths the browser
 * chooses from by `sizes`; the original stays the `src`. Without them (not made yet, an animated image), the original.
 * `alt` is the record's alternative text in the page's locale; empty, the image is decoration (WCAG 1.1.1).
 */
export const heroImage = (hero: Hero | null | undefined, alt: string): SafeHtml | false => {
  if (!hero) return false;
  const size = hero.size && html` width="${hero.size.width}" height="${hero.size.height}"`;
  const own = hero.format && hero.size ? srcsetOf(hero, hero.format) : '';
  if (hero.renditions.length === 0 || !own) {
    return html`<img class="hero" src="${hero.src}" alt="${alt}"${size} fetchpriority="high">`;
  }
  const sources = (['avif', 'webp'] as const).flatMap((format) => {
    const srcset = format === hero.format ? own : srcsetOf(hero, format);
    return srcset ? [html`<source type="${IMAGE_FORMATS[format].mime}" srcset="${srcset}" sizes="${HERO_SIZES}">`] : [];
  });
  return html`<picture>${sources}<img class="hero" src="${hero.src}" srcset="${own}" sizes="${HERO_SIZES}" alt="${alt}"${size} fetchpriority="high"></picture>`;
};

/**
 * A thumbnail of a list or a gallery, shown in a 150×120 box: its cover-cropped thumbnail file, and the original's
 * renditions (and pixel size) once they are made, its high-density sources.
 */
export interface Thumb extends Hero {
  /** The 150×120 thumbnail file, shown while the original has no renditions. */
  thumb: string;
}

/** One stored image to show as a thumbnail: its media folder, record id and file (none: no thumbnail). */
export interface ThumbRef {
  model: string;
  id: number;
  file: string | null;
}

/**
 * Reads the thumbnails of a list's or a gallery's images, their renditions in one query for all; null for no file
 * or a name that is not ours. Unlike a hero, nothing is read from the storage: the box has its size.
 */
export function thumbReader(ctx: { db: Db; config: StorageConfig }) {
  const storage = mediaStorage(ctx.config);
  return async (refs: readonly (ThumbRef | null | undefined)[]): Promise<(Thumb | null)[]> => {
    const shown = refs.map((ref) => {
      if (!ref?.file) return null;
      const { model, id, file } = ref;
      try {
        const key = storage.keyOf(model, id, file);
        return {
          model,
          id,
          file,
          key,
          src: storage.url(model, id, file),
          thumb: storage.url(model, id, file, 'thumb'),
        };
      } catch (err) {
        if (err instanceof StoragePathError) return null;
        throw err;
      }
    });
    const made = await renditionsOf(
      ctx,
      shown.flatMap((image) => (image ? [image] : [])),
    );
    return shown.map((image) => {
      if (!image) return null;
      const found = made.get(image.key);
      return {
        src: image.src,
        thumb: image.thumb,
        format: FORMAT_BY_EXT[extname(image.file).slice(1)] ?? null,
        size: found ? { width: found.width, height: found.height } : null,
        renditions: found?.renditions ?? [],
      };
    });
  };
}

/** The box is the image's layout width in CSS pixels (the stored thumbnails' size), whatever the crop. */
const THUMB_SIZES = `${THUMBNAIL.width}px`;
/**
 * The widest rendition a thumbnail offers: 320 covers the box at twice the density (a browser picks it up to about
 * three times, between 320 and 640), 640 a denser screen; the wider ones never.
 */
const THUMB_WIDEST = 640;

/**
 * A thumbnail in its 150×120 box, loaded lazily (below the fold). With the original's renditions it is a `<picture>`
 * of them up to THUMB_WIDEST (AVIF, WebP, then the original's format), drawn cover-cropped into the same box
 * (`.cover`: the crop looks like the thumbnail) at the screen's density; the thumbnail stays the `src`. Without them
 * (not made yet, an animated image), the thumbnail file alone. Either way `width` and `height` reserve the box.
 */
export function thumbImage(thumb: Thumb, alt: string): SafeHtml {
  const box = html` alt="${alt}" width="${THUMBNAIL.width}" height="${THUMBNAIL.height}" loading="lazy"`;
  const small: Thumb = { ...thumb, renditions: thumb.renditions.filter((r) => r.width <= THUMB_WIDEST) };
  const own = small.format && small.size ? srcsetOf(small, small.format) : '';
  if (small.renditions.length === 0 || !own) return html`<img src="${thumb.thumb}"${box}>`;
  const sources = (['avif', 'webp'] as const).flatMap((format) => {
    const srcset = format === small.format ? own : srcsetOf(small, format);
    return srcset
      ? [html`<source type="${IMAGE_FORMATS[format].mime}" srcset="${srcset}" sizes="${THUMB_SIZES}">`]
      : [];
  });
  return html`<picture>${sources}<img class="cover" src="${thumb.thumb}" srcset="${own}" sizes="${THUMB_SIZES}"${box}></picture>`;
}
