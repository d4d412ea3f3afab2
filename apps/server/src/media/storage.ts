import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import { localStore } from './local-store.js';
import { type ObjectStore, StorageWriteError } from './object-store.js';
import { s3Store } from './s3-store.js';

export { mediaDisk } from './local-store.js';

/** A model folder: lower-case, as in the URL (`settings`, `user`, `editor`). */
export const MODEL_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
/** A stored file name: one safe base name and one extension, no dots or slashes elsewhere. */
export const FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.[a-z0-9]{2,5}$/;
/** The public address of the media root (docs/features/media-storage.md). */
export const GALLERY_PREFIX = '/gallery';

export type Variant = 'original' | 'thumb';

export class StoragePathError extends Error {}

/** A random base name with the extension of the format found in the content; the client's name is never used. */
export const newFileName = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;

/** Error codes of a full disk or an exhausted quota. */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A failed write of media as its answer (SECURITY.md): 507 `http.diskFull` when the disk or the quota is full, 507
 * `http.storageFailed` when the storage refused the write otherwise (permissions, a read-only disk); the system
 * error stays as `cause` for the log. Anything that is not a system error (a bug) passes unchanged.
 */
export function storageFailure(err: unknown): unknown {
  if (err instanceof StorageWriteError) {
    const failure = new HttpError(507, err.kind === 'full' ? 'http.diskFull' : 'http.storageFailed');
    failure.cause = err.cause;
    return failure;
  }
  const system = err as NodeJS.ErrnoException | undefined;
  if (!(err instanceof Error) || typeof system?.syscall !== 'string') return err;
  const failure = new HttpError(507, DISK_FULL.has(system.code ?? '') ? 'http.diskFull' : 'http.storageFailed');
  failure.cause = err;
  return failure;
}

/** The system error behind a 507 of storageFailure, for the server log; undefined for any other error. */
export const storageFailureCause = (err: unknown): unknown =>
  err instanceof HttpError && err.status === 507 ? err.cause : undefined;

/** The storage settings a store is made from: MEDIA_DIR, and the bucket when S3_BUCKET is set. */
export type StorageConfig = Pick<Config, 'mediaDir'> & Partial<Pick<Config, 's3'>>;

/** One S3 driver (one connection pool) per configuration; the local driver holds nothing and is made anew. */
const s3Stores = new WeakMap<object, ObjectStore>();

/** The store every file of the server goes through (docs/DEPLOY.md): S3 when configured, else MEDIA_DIR. */
export function objectStore(config: StorageConfig): ObjectStore {
  if (!config.s3) return localStore(config.mediaDir);
  let store = s3Stores.get(config.s3);
  if (!store) {
    store = s3Store(config.s3);
    s3Stores.set(config.s3, store);
  }
  return store;
}

/** Releases the store's connections when its server closes. */
export async function closeObjectStore(config: StorageConfig) {
  const store = config.s3 && s3Stores.get(config.s3);
  if (!store || !config.s3) return;
  s3Stores.delete(config.s3);
  await store.close();
}

/** The folder under a record's media that holds each original's renditions (media/renditions.ts). */
export const RENDITIONS_FOLDER = 'renditions';

/**
 * The media layout over the object store (docs/features/media-storage.md): `<model>/<id>/<file>`,
 * `<model>/<id>/thumb/<file>` and the renditions `<model>/<id>/renditions/<file>/<width>.<ext>`.
 * Every key is built from checked parts (and checked again by the driver), so no name, a client's or a stale
 * database value, can reach another key.
 */
export function mediaStorage(config: StorageConfig) {
  const store = objectStore(config);

  const recordPrefix = (model: string, id: number) => {
    if (!MODEL_PATTERN.test(model)) throw new StoragePathError(`bad model folder: ${model}`);
    if (!Number.isSafeInteger(id) || id <= 0) throw new StoragePathError(`bad record id: ${id}`);
    return `${model}/${id}/`;
  };

  const keyOf = (model: string, id: number, file: string, variant: Variant = 'original') => {
    if (!FILE_PATTERN.test(file)) throw new StoragePathError(`bad file name: ${file}`);
    return `${recordPrefix(model, id)}${variant === 'thumb' ? 'thumb/' : ''}${file}`;
  };

  /** The folder of one original's renditions, `<model>/<id>/renditions/<file>/`. */
  const renditionPrefix = (model: string, id: number, file: string) => {
    if (!FILE_PATTERN.test(file)) throw new StoragePathError(`bad file name: ${file}`);
    return `${recordPrefix(model, id)}${RENDITIONS_FOLDER}/${file}/`;
  };

  /** One rendition of an original: `<model>/<id>/renditions/<file>/<width>.<ext>`. */
  const renditionKey = (model: string, id: number, file: string, width: number, ext: string) => {
    if (!Number.isSafeInteger(width) || width <= 0 || !/^[a-z0-9]{2,5}$/.test(ext))
      throw new StoragePathError(`bad rendition: ${width}.${ext}`);
    return `${renditionPrefix(model, id, file)}${width}.${ext}`;
  };

  /** Removes the files of one image, its renditions included; missing files are not an error. */
  const remove = async (model: string, id: number, file: string) => {
    await Promise.all([
      store.delete(keyOf(model, id, file, 'original')),
      store.delete(keyOf(model, id, file, 'thumb')),
      store.deletePrefix(renditionPrefix(model, id, file)),
    ]);
  };

  /** Whether an image's original is stored; a bad name or an unreachable store answers false. */
  const has = (model: string, id: number, file: string) =>
    Promise.resolve()
      .then(() => store.stat(keyOf(model, id, file)))
      .then(
        () => true,
        () => false,
      );

  return {
    store,
    has,
    keyOf,
    recordPrefix,
    renditionPrefix,
    renditionKey,

    /** The URL the admin and the public site load the file from. */
    url: (model: string, id: number, file: string, variant: Variant = 'original') =>
      `${GALLERY_PREFIX}/${keyOf(model, id, file, variant)}`,

    /** The URL of one rendition of an original. */
    renditionUrl: (model: string, id: number, file: string, width: number, ext: string) =>
      `${GALLERY_PREFIX}/${renditionKey(model, id, file, width, ext)}`,

    /** The bytes of a stored image (ObjectNotFoundError when it is gone). */
    read: (model: string, id: number, file: string, variant: Variant = 'original') =>
      store.get(keyOf(model, id, file, variant)),

    /**
     * Writes the original and its thumbnail; if either fails (a full disk, a refused put), neither stays and
     * the answer is the 507 of storageFailure.
     */
    async write(model: string, id: number, file: string, data: { original: Buffer; thumb: Buffer; mime?: string }) {
      const original = keyOf(model, id, file, 'original');
      const thumb = keyOf(model, id, file, 'thumb');
      try {
        // Not `exclusive`: 128 random bits never meet an existing name, and S3 would pay a request to check.
        await store.put(original, data.original, { contentType: data.mime });
        await store.put(thumb, data.thumb, { contentType: data.mime });
      } catch (err) {
        await remove(model, id, file).catch(() => {});
        throw storageFailure(err);
      }
    },

    remove,

    /** Removes a record's folders if they are empty (what a failed first write leaves); never an error. */
    async pruneRecord(model: string, id: number) {
      await store.pruneFolders(recordPrefix(model, id)).catch(() => {});
    },

    /** Removes everything stored for one record (its folder). */
    async removeRecord(model: string, id: number) {
      await store.deletePrefix(recordPrefix(model, id));
    },
  };
}

export type MediaStorage = ReturnType<typeof mediaStorage>;
