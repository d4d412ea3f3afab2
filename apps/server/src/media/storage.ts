import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { Config } from '../config.js';

/** A model folder: lower-case, as in the URL (`settings`, `user`, `editor`). */
export const MODEL_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
/** A stored file name: one safe base name and one extension, no dots or slashes elsewhere. */
export const FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.[a-z0-9]{2,5}$/;
/** The public address of the media root (DESIGN §3, §5). */
export const GALLERY_PREFIX = '/gallery';

export type Variant = 'original' | 'thumb';

export class StoragePathError extends Error {}

/** A random base name with the extension of the format found in the content; the client's name is never used. */
export const newFileName = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;

/**
 * Local-disk storage under `config.mediaDir` (DESIGN §5): `<model>/<id>/<file>` and `<model>/<id>/thumb/<file>`.
 * Every path is built from checked parts, resolved and checked again to stay under the root, so no name
 * (a client's or a stale database value) can reach outside it. An S3-compatible driver would offer the same API.
 */
export function mediaStorage(config: Pick<Config, 'mediaDir'>) {
  const root = resolve(config.mediaDir);

  const inside = (path: string) => {
    const rel = relative(root, path);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) {
      throw new StoragePathError(`path escapes the media root: ${path}`);
    }
    return path;
  };

  const recordDir = (model: string, id: number) => {
    if (!MODEL_PATTERN.test(model)) throw new StoragePathError(`bad model folder: ${model}`);
    if (!Number.isSafeInteger(id) || id <= 0) throw new StoragePathError(`bad record id: ${id}`);
    return inside(resolve(root, model, String(id)));
  };

  const pathOf = (model: string, id: number, file: string, variant: Variant = 'original') => {
    if (!FILE_PATTERN.test(file)) throw new StoragePathError(`bad file name: ${file}`);
    const dir = recordDir(model, id);
    return inside(variant === 'thumb' ? resolve(dir, 'thumb', file) : resolve(dir, file));
  };

  /** Removes both files of one image; missing files are not an error. */
  const remove = async (model: string, id: number, file: string) => {
    await Promise.all([
      rm(pathOf(model, id, file, 'original'), { force: true }),
      rm(pathOf(model, id, file, 'thumb'), { force: true }),
    ]);
  };

  return {
    root,
    pathOf,
    recordDir,

    /** The URL the admin and the public site load the file from. */
    url: (model: string, id: number, file: string, variant: Variant = 'original') => {
      pathOf(model, id, file, variant);
      return `${GALLERY_PREFIX}/${model}/${id}/${variant === 'thumb' ? 'thumb/' : ''}${file}`;
    },

    /** Writes the original and its thumbnail; if either fails, neither stays. */
    async write(model: string, id: number, file: string, data: { original: Buffer; thumb: Buffer }) {
      const original = pathOf(model, id, file, 'original');
      const thumb = pathOf(model, id, file, 'thumb');
      try {
        await mkdir(dirname(thumb), { recursive: true });
        // `wx`: a random name never overwrites an existing file.
        await writeFile(original, data.original, { flag: 'wx' });
        await writeFile(thumb, data.thumb, { flag: 'wx' });
      } catch (err) {
        await remove(model, id, file).catch(() => {});
        throw err;
      }
    },

    remove,

    /** Removes everything stored for one record (its folder). */
    async removeRecord(model: string, id: number) {
      await rm(recordDir(model, id), { recursive: true, force: true });
    },
  };
}

export type MediaStorage = ReturnType<typeof mediaStorage>;
