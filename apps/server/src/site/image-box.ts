import { sharp } from '../media/sharp.js';
import { mediaStorage, type StorageConfig } from '../media/storage.js';
import { html, type SafeHtml } from './html.js';

/** An image shown at the top of a record, with its pixel size when the stored file could be read. */
export interface Hero {
  src: string;
  size: { width: number; height: number } | null;
}

/** Sizes already read, by storage key; a stored name is never reused for other bytes (newFileName). */
const SIZES = new Map<string, { width: number; height: number }>();
const SIZES_KEPT = 2_000;

/**
 * The hero of `model/id/file` with its pixel size, read from the stored original once per process (record images
 * keep no size in their rows); null for no file or a name that is not ours. A file that cannot be read (gone, a
 * storage failure) leaves the size unknown and the image linked as before.
 */
export function heroReader(config: StorageConfig) {
  const storage = mediaStorage(config);
  return async (model: string, id: number, file: string | null): Promise<Hero | null> => {
    if (!file) return null;
    let key: string;
    try {
      key = storage.keyOf(model, id, file);
    } catch {
      return null;
    }
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
    return { src: storage.url(model, id, file), size };
  };
}

/** The hero's img: its width and height let the browser reserve the box before the image arrives (no layout shift). */
export const heroImage = (hero: Hero | null | undefined): SafeHtml | false =>
  !!hero &&
  html`<img class="hero" src="${hero.src}" alt=""${hero.size && html` width="${hero.size.width}" height="${hero.size.height}"`}>`;
