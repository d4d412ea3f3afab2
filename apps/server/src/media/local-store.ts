import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import {
  access,
  constants,
  copyFile,
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import {
  type ByteRange,
  keySegments,
  type Listing,
  ObjectExistsError,
  ObjectNotFoundError,
  type ObjectStore,
  type PutOptions,
  prefixSegments,
  StorageKeyError,
  StorageUnavailableError,
  type StoredObject,
} from './object-store.js';

/**
 * The file writes of the local driver, in one object so that a test can make them fail the way a full disk does
 * (the tests may run as root, where a read-only folder does not stop a write): `test/media-faults.ts`.
 */
export const mediaDisk = {
  writeFile: (path: string, data: Buffer, options: { flag: string }) => writeFile(path, data, options),
};

/** A put in progress: written whole under this hidden name in the target's folder, then linked or renamed. */
const TEMP_NAME = /^\.put-[0-9a-f]{16}\.tmp$/;
const tempName = () => `.put-${randomBytes(8).toString('hex')}.tmp`;

/** Errors of a path that is not there as a file (a missing file, a folder where a file was asked for). */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isMissing = (err: unknown) => MISSING.has((err as NodeJS.ErrnoException)?.code ?? '');
/** A file system that has no hard links: an exclusive write then checks and renames instead. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'ENOSYS']);

const describe = (key: string, info: Stats): StoredObject => ({
  key,
  size: info.size,
  modifiedAt: info.mtime,
  etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs * 1000).toString(16)}"`,
});

/**
 * The local-directory driver: every key is a file under `root` (MEDIA_DIR). Keys are checked segment by segment
 * (`keySegments`), resolved, and checked again to stay under the root, so no key reaches outside it. A put is
 * written whole to a hidden temporary name beside its target and then renamed (or hard-linked, when it must not
 * replace anything), so no reader ever sees a part of a file.
 */
export function localStore(rootDir: string): ObjectStore & { root: string; pathOf(key: string): string } {
  const root = resolve(rootDir);

  const inside = (path: string) => {
    const rel = relative(root, path);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) {
      throw new StorageKeyError(`path escapes the storage root: ${path}`);
    }
    return path;
  };
  const pathOf = (key: string) => inside(resolve(root, ...keySegments(key)));
  const folderOf = (prefix: string) => {
    const segments = prefixSegments(prefix);
    return segments.length ? inside(resolve(root, ...segments)) : root;
  };

  /** Puts the finished temporary file `temp` at `path`: a rename, or a hard link that never replaces a file. */
  const place = async (temp: string, path: string, key: string, exclusive: boolean | undefined) => {
    if (!exclusive) return rename(temp, path);
    try {
      await link(temp, path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') throw new ObjectExistsError(key);
      if (!NO_LINKS.has(code)) throw err;
      const taken = await stat(path).then(
        () => true,
        () => false,
      );
      if (taken) throw new ObjectExistsError(key);
      return rename(temp, path);
    }
    await rm(temp, { force: true });
  };

  const store = {
    driver: 'local' as const,
    root,
    pathOf,

    async put(key: string, data: Buffer, options: PutOptions = {}) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = join(dirname(path), tempName());
      try {
        await mediaDisk.writeFile(temp, data, { flag: 'wx' });
        await place(temp, path, key, options.exclusive);
      } finally {
        await rm(temp, { force: true }).catch(() => {});
      }
    },

    async get(key: string) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if (isMissing(err)) throw new ObjectNotFoundError(key);
        throw err;
      }
    },

    async stream(key: string, range?: ByteRange) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (err) {
        if (isMissing(err)) throw new ObjectNotFoundError(key);
        throw err;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw new ObjectNotFoundError(key);
        const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        return { body, object: describe(key, info) };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async stat(key: string) {
      const info = await stat(pathOf(key)).catch((err: unknown) => {
        throw isMissing(err) ? new ObjectNotFoundError(key) : err;
      });
      if (!info.isFile()) throw new ObjectNotFoundError(key);
      return describe(key, info);
    },

    async list(prefix: string, options: { recursive?: boolean } = {}): Promise<Listing> {
      const listing: Listing = { objects: [], prefixes: [] };
      const walk = async (dir: string, keyPrefix: string) => {
        let entries: import('node:fs').Dirent[];
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (err) {
          if (isMissing(err)) return;
          throw err;
        }
        for (const entry of entries) {
          const key = `${keyPrefix}${entry.name}`;
          // Symbolic links are neither listed nor followed; a put in progress is no object yet.
          if (entry.isDirectory()) {
            if (options.recursive) await walk(join(dir, entry.name), `${key}/`);
            else listing.prefixes.push(`${key}/`);
          } else if (entry.isFile() && !TEMP_NAME.test(entry.name)) {
            const info = await stat(join(dir, entry.name)).catch(() => undefined);
            if (info?.isFile()) listing.objects.push(describe(key, info));
          }
        }
      };
      await walk(folderOf(prefix), prefix);
      listing.objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      listing.prefixes.sort();
      return listing;
    },

    async delete(key: string) {
      await unlink(pathOf(key)).catch((err: unknown) => {
        if (!isMissing(err)) throw err;
      });
    },

    async deletePrefix(prefix: string) {
      if (prefix === '') throw new StorageKeyError('refusing to delete the whole storage');
      await rm(folderOf(prefix), { recursive: true, force: true });
    },

    async copy(from: string, to: string, options: { exclusive?: boolean } = {}) {
      const source = pathOf(from);
      const target = pathOf(to);
      await mkdir(dirname(target), { recursive: true });
      const temp = join(dirname(target), tempName());
      try {
        await copyFile(source, temp, constants.COPYFILE_EXCL).catch((err: unknown) => {
          throw isMissing(err) ? new ObjectNotFoundError(from) : err;
        });
        await place(temp, target, to, options.exclusive);
      } finally {
        await rm(temp, { force: true }).catch(() => {});
      }
    },

    async move(from: string, to: string, options: { exclusive?: boolean } = {}) {
      const source = pathOf(from);
      const target = pathOf(to);
      await store.stat(from);
      await mkdir(dirname(target), { recursive: true });
      try {
        await place(source, target, to, options.exclusive);
      } catch (err) {
        throw isMissing(err) ? new ObjectNotFoundError(from) : err;
      }
    },

    async createFolder(prefix: string) {
      if (prefix === '') return;
      await mkdir(folderOf(prefix)).catch((err: unknown) => {
        throw (err as NodeJS.ErrnoException).code === 'EEXIST' ? new ObjectExistsError(prefix) : err;
      });
    },

    async movePrefix(from: string, to: string) {
      if (from === '' || to === '') throw new StorageKeyError('the root cannot move');
      const target = folderOf(to);
      await mkdir(dirname(target), { recursive: true });
      await rename(folderOf(from), target).catch((err: unknown) => {
        throw isMissing(err) ? new ObjectNotFoundError(from) : err;
      });
    },

    async pruneFolders(prefix: string) {
      const prune = async (dir: string) => {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) if (entry.isDirectory()) await prune(join(dir, entry.name));
        await rmdir(dir).catch(() => {});
      };
      const dir = folderOf(prefix);
      if (dir !== root) await prune(dir);
    },

    async close() {},

    async check() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
      } catch (err) {
        throw new StorageUnavailableError('unwritable', { cause: err });
      }
    },
  };
  return store;
}
