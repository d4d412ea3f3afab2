import type { Readable } from 'node:stream';
import { HttpError } from '../http/errors.js';

/*
 * The one storage interface of every file the server keeps (docs/DEPLOY.md): media images and thumbnails, editor
 * uploads, assembled gallery uploads, and the file manager's tree. Two drivers implement it: the local directory
 * (`local-store.ts`, MEDIA_DIR, the default) and S3-compatible object storage (`s3-store.ts`, when S3_BUCKET is
 * set), so every server process reads and writes the same files.
 *
 * Keys are `/`-separated paths relative to the storage root (`page/7/thumb/ab12….png`, `files/Docs/report.pdf`);
 * a prefix is '' (everything) or a key followed by `/`. Folders do not exist as such: a prefix lists whatever
 * keys start with it (on the local disk an empty directory is listed as a prefix as well; on S3 a folder that
 * must exist empty holds a marker object of its own choosing).
 */

/** What a stored object is: its key, size in bytes, last change and a strong validator. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
  /** A quoted entity tag (`"…"`), the same for the same bytes at the same time of change. */
  etag: string;
}

/** An inclusive byte range of an object (`bytes=start-end`), both ends inside it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  /** The content type kept with the object (S3); the local disk keeps none. */
  contentType?: string;
  /** Refuse to replace an existing object (ObjectExistsError); otherwise a put replaces it whole. */
  exclusive?: boolean;
}

export interface Listing {
  /** The objects right under the prefix (or every object below it when `recursive`), sorted by key. */
  objects: StoredObject[];
  /** The sub-prefixes right under the prefix (`a/b/`), sorted; empty when `recursive`. */
  prefixes: string[];
}

export interface ObjectStore {
  readonly driver: 'local' | 's3';
  /**
   * Stores `data` under `key` all or nothing: a reader sees the previous object or the whole new one, never a
   * part, and a failed put leaves nothing new behind. Throws the driver's error (see `storageFailure`).
   */
  put(key: string, data: Buffer, options?: PutOptions): Promise<void>;
  /** The whole object in memory (images to re-encode: at most a few MB). */
  get(key: string): Promise<Buffer>;
  /** The object (or one range of it) as a stream, with its description. */
  stream(key: string, range?: ByteRange): Promise<{ body: Readable; object: StoredObject }>;
  stat(key: string): Promise<StoredObject>;
  list(prefix: string, options?: { recursive?: boolean }): Promise<Listing>;
  /** Removes one object; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Removes every object under the prefix (and, on the local disk, its folders). */
  deletePrefix(prefix: string): Promise<void>;
  /** Copies an object to another key, replacing what is there unless `exclusive`. */
  copy(from: string, to: string, options?: { exclusive?: boolean }): Promise<void>;
  /** Moves an object to another key (a rename on the local disk; copy then delete on S3). */
  move(from: string, to: string, options?: { exclusive?: boolean }): Promise<void>;
  /**
   * Makes an empty folder exist at the prefix: a directory on the local disk (its parent must exist), the marker
   * object `<prefix>.folder` on S3, where a folder is otherwise only the prefix of what is in it. ObjectExistsError
   * when the directory or the marker exists.
   */
  createFolder(prefix: string): Promise<void>;
  /** Moves everything under one prefix to another: one rename on the local disk, copies then deletes on S3. */
  movePrefix(from: string, to: string): Promise<void>;
  /** Removes the folders under the prefix that hold nothing (the local disk; object stores have no folders). */
  pruneFolders(prefix: string): Promise<void>;
  /** Releases connections (S3); the store is not used afterwards. */
  close(): Promise<void>;
  /**
   * Whether the store can serve and take files now (the readiness check, `GET /api/health`): throws a
   * StorageUnavailableError saying why not.
   */
  check(): Promise<void>;
}

/** The name of the object that keeps an empty folder on S3 (hidden: the file manager never lists dot names). */
export const FOLDER_MARKER = '.folder';

/** A key or prefix that is not a plain relative path: never reaches a driver. */
export class StorageKeyError extends Error {}

/** The object does not exist; routes answer it as 404. */
export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no stored object: ${key}`);
  }
}

/** An exclusive put, copy or move met an existing object. */
export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`a stored object already exists: ${key}`);
  }
}

/**
 * A write the object storage refused or could not take (an S3 error answer, a network failure): `full` when the
 * storage said it is out of space or quota. storageFailure turns it into the 507 answer.
 */
/**
 * Why the store cannot serve files now: its bucket is missing, its server does not answer, it refuses us. A request
 * that meets it answers 507 `http.storageFailed` (SECURITY.md), the cause in the server's log; the readiness check
 * reports `reason`.
 */
export class StorageUnavailableError extends HttpError {
  constructor(
    readonly reason: 'missing-bucket' | 'unreachable' | 'refused' | 'unwritable',
    options: { cause: unknown },
  ) {
    super(507, 'http.storageFailed');
    this.cause = options.cause;
  }
}

export class StorageWriteError extends Error {
  constructor(
    readonly kind: 'full' | 'failed',
    options: { cause: unknown },
  ) {
    super(`object storage write failed (${kind})`, options);
  }
}

/** Control characters, and the characters no file system or URL should see in a stored name. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const BAD_SEGMENT = /[\u0000-\u001f\u007f\\]/;

/**
 * The segments of a key, checked: no empty, `.` or `..` segment, no backslash, no control character, no leading
 * or trailing `/`, at most 1,024 bytes (S3's limit). Every driver calls it before it touches anything.
 */
export function keySegments(key: string): string[] {
  if (typeof key !== 'string' || key === '' || Buffer.byteLength(key) > 1024) {
    throw new StorageKeyError(`bad key: ${JSON.stringify(key)}`);
  }
  const segments = key.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || BAD_SEGMENT.test(segment)) {
      throw new StorageKeyError(`bad key: ${JSON.stringify(key)}`);
    }
  }
  return segments;
}

/** The segments of a prefix ('' → none; otherwise a key followed by `/`). */
export function prefixSegments(prefix: string): string[] {
  if (prefix === '') return [];
  if (!prefix.endsWith('/')) throw new StorageKeyError(`a prefix ends with '/': ${JSON.stringify(prefix)}`);
  return keySegments(prefix.slice(0, -1));
}
