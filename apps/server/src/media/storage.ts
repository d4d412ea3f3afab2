import { randomBytes } from 'node:crypto';
import { mkdir, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';

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
 * The file writes of media, in one object so that a test can make them fail the way a full disk does (the tests
 * may run as root, where a read-only folder does not stop a write).
 */
export const mediaDisk = {
  writeFile: (path: string, data: Buffer, options: { flag: string }) => writeFile(path, data, options),
};

/** Error codes of a full disk or an exhausted quota. */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A failed write of media as its answer (DESIGN §8): 507 `http.diskFull` when the disk or the quota is full, 507
 * `http.storageFailed` when the storage refused the write otherwise (permissions, a read-only disk); the system
 * error stays as `cause` for the log. Anything that is not a system error (a bug) passes unchanged.
 */
export function storageFailure(err: unknown): unknown {
  const system = err as NodeJS.ErrnoException | undefined;
  if (!(err instanceof Error) || typeof system?.syscall !== 'string') return err;
  const failure = new HttpError(507, DISK_FULL.has(system.code ?? '') ? 'http.diskFull' : 'http.storageFailed');
  failure.cause = err;
  return failure;
}

/** The system error behind a 507 of storageFailure, for the server log; undefined for any other error. */
export const storageFailureCause = (err: unknown): unknown =>
  err instanceof HttpError && err.status === 507 ? err.cause : undefined;

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

    /**
     * Writes the original and its thumbnail; if either fails (a full disk: a truncated file), neither stays and
     * the answer is the 507 of storageFailure.
     */
    async write(model: string, id: number, file: string, data: { original: Buffer; thumb: Buffer }) {
      const original = pathOf(model, id, file, 'original');
      const thumb = pathOf(model, id, file, 'thumb');
      try {
        await mkdir(dirname(thumb), { recursive: true });
        // `wx`: a random name never overwrites an existing file.
        await mediaDisk.writeFile(original, data.original, { flag: 'wx' });
        await mediaDisk.writeFile(thumb, data.thumb, { flag: 'wx' });
      } catch (err) {
        await remove(model, id, file).catch(() => {});
        throw storageFailure(err);
      }
    },

    remove,

    /** Removes a record's folders if they are empty (what a failed first write leaves); never an error. */
    async pruneRecord(model: string, id: number) {
      const dir = recordDir(model, id);
      await rmdir(resolve(dir, 'thumb')).catch(() => {});
      await rmdir(dir).catch(() => {});
    },

    /** Removes everything stored for one record (its folder). */
    async removeRecord(model: string, id: number) {
      await rm(recordDir(model, id), { recursive: true, force: true });
    },
  };
}

export type MediaStorage = ReturnType<typeof mediaStorage>;
