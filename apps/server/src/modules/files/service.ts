import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { link, mkdir as makeDirectory, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { extensionOf, FILE_ERR, type FileEntry, isImageName, isValidFileName } from '@backoffice/shared';
import type { Config } from '../../config.js';
import { invalid, notFound } from '../../http/errors.js';
import { mediaDisk, storageFailure } from '../../media/storage.js';
import type { CheckedUpload } from './content.js';
import { filesRoot, fileUrl, THUMBS_FOLDER } from './paths.js';

const collator = new Intl.Collator('sk', { numeric: true, sensitivity: 'base' });
/** How many `name-N.ext` an upload tries when its name is taken. */
const MAX_SUFFIX = 999;
/**
 * The hidden folder under the root where an upload is written before it takes its name: a hidden name is never
 * listed, served or reachable through the API, so a write that fails midway is never seen.
 */
const TEMP_FOLDER = '.uploads';
/** A temporary file older than this was left by a process that stopped mid-write. */
const TEMP_MAX_AGE_MS = 60 * 60 * 1000;

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException)?.code;
const isExists = (err: unknown) => codeOf(err) === 'EEXIST';
/** A file system that has no hard links. */
const noLinks = (err: unknown) => ['EPERM', 'ENOTSUP', 'EOPNOTSUPP'].includes(codeOf(err) ?? '');

/**
 * The file manager's work on disk under `MEDIA_DIR/files` (DESIGN §4). Every operation takes segments that
 * paths.ts checked; it checks what must exist (404) and what must not (422 `exists`) before it touches anything.
 * An image's thumbnail lives in `<folder>/.thumbs/<name>` and follows the image on rename, move and delete.
 */
export function fileManager(config: Pick<Config, 'mediaDir'>) {
  const root = filesRoot(config);

  const thumbPath = (segments: readonly string[]) =>
    join(root.pathOf(segments.slice(0, -1)), THUMBS_FOLDER, segments.at(-1) ?? '');

  async function entryOf(segments: readonly string[], type: 'dir' | 'file', thumbs?: Set<string>): Promise<FileEntry> {
    const info = await stat(root.pathOf(segments));
    const name = segments.at(-1) ?? '';
    let thumbnail: string | null = null;
    if (type === 'file' && isImageName(name)) {
      const hasThumb = thumbs
        ? thumbs.has(name)
        : await stat(thumbPath(segments)).then(
            () => true,
            () => false,
          );
      if (hasThumb) thumbnail = fileUrl(segments, true);
    }
    return {
      name,
      path: segments.join('/'),
      type,
      size: type === 'file' ? info.size : null,
      url: type === 'file' ? fileUrl(segments) : null,
      thumbnail,
      modified_at: info.mtime.toISOString(),
    };
  }

  const requireDir = async (segments: readonly string[]) => {
    if ((await root.kindOf(segments)) !== 'dir') throw notFound();
  };

  const requireItem = async (segments: readonly string[]) => {
    const kind = await root.kindOf(segments);
    if (!kind) throw notFound();
    return kind;
  };

  /** Moves an item (and an image's thumbnail) to another path; the target was checked to be free. */
  const relocate = async (from: readonly string[], to: readonly string[], kind: 'dir' | 'file') => {
    await rename(root.pathOf(from), root.pathOf(to));
    if (kind === 'file' && isImageName(from.at(-1) ?? '')) {
      const thumb = thumbPath(to);
      await makeDirectory(dirname(thumb), { recursive: true });
      await rename(thumbPath(from), thumb).catch(() => {});
    }
  };

  /** Writes bytes to a new temporary file; a failed write leaves nothing. */
  const writeTemporary = async (data: Buffer) => {
    const path = join(root.root, TEMP_FOLDER, `.upload-${randomBytes(16).toString('hex')}`);
    await makeDirectory(dirname(path), { recursive: true });
    try {
      await mediaDisk.writeFile(path, data, { flag: 'wx' });
    } catch (err) {
      await rm(path, { force: true });
      throw err;
    }
    return path;
  };

  /** Gives a complete temporary file the name `segments`, never replacing a file: false when the name is taken. */
  const claim = async (temp: string, segments: readonly string[]) => {
    const path = root.pathOf(segments);
    try {
      await link(temp, path);
      return true;
    } catch (err) {
      if (isExists(err)) return false;
      if (!noLinks(err)) throw err;
    }
    if (await root.kindOf(segments)) return false;
    await rename(temp, path);
    return true;
  };

  return {
    root,

    /** A folder's folders and files, folders first, each by name; hidden and unusable names are left out. */
    async list(dir: readonly string[]): Promise<FileEntry[]> {
      await requireDir(dir);
      const path = root.pathOf(dir);
      const dirents: Dirent[] = await readdir(path, { withFileTypes: true });
      const thumbs = new Set(await readdir(join(path, THUMBS_FOLDER)).catch(() => [] as string[]));
      const shown = dirents.filter(
        (d) => (d.isDirectory() || d.isFile()) && isValidFileName(d.name) && d.name === d.name.normalize('NFC'),
      );
      const entries = await Promise.all(
        shown.map((d) => entryOf([...dir, d.name], d.isDirectory() ? 'dir' : 'file', thumbs).catch(() => null)),
      );
      return entries
        .filter((entry): entry is FileEntry => entry !== null)
        .sort((a, b) => (a.type === b.type ? collator.compare(a.name, b.name) : a.type === 'dir' ? -1 : 1));
    },

    /**
     * Stores a checked upload in a folder under its own name, or `name-1.ext`, `name-2.ext` … when that is
     * taken (an upload never replaces a file). The file and an image's thumbnail are written whole to temporary
     * names first and only then take their names, so a write that fails midway (a full disk) leaves nothing
     * listed or served: the answer is the 507 of storageFailure, and the temporary files are gone.
     */
    async upload(dir: readonly string[], file: CheckedUpload): Promise<FileEntry> {
      await requireDir(dir);
      const temporary: string[] = [];
      let stored: string[] | undefined;
      try {
        const data = await writeTemporary(file.data);
        temporary.push(data);
        const thumb = file.thumb ? await writeTemporary(file.thumb) : null;
        if (thumb) temporary.push(thumb);
        for (let n = 0; n <= MAX_SUFFIX && !stored; n += 1) {
          const segments = [...dir, `${file.base}${n ? `-${n}` : ''}.${file.ext}`];
          if (!(await claim(data, segments))) continue;
          if (thumb) {
            try {
              await makeDirectory(dirname(thumbPath(segments)), { recursive: true });
              await rename(thumb, thumbPath(segments));
            } catch (err) {
              await rm(root.pathOf(segments), { force: true });
              throw err;
            }
          }
          stored = segments;
        }
      } catch (err) {
        throw storageFailure(err);
      } finally {
        await Promise.all(temporary.map((path) => rm(path, { force: true })));
      }
      if (!stored) throw invalid({ file: [FILE_ERR.exists] });
      return entryOf(stored, 'file');
    },

    /**
     * Makes the temporary folder of uploads and removes what a stopped process left in it (files older than an
     * hour: no upload still writes them). Run at start.
     */
    async prepareTemporary(now = Date.now()) {
      const dir = join(root.root, TEMP_FOLDER);
      await makeDirectory(dir, { recursive: true });
      const names = await readdir(dir);
      for (const name of names) {
        const path = join(dir, name);
        const info = await stat(path).catch(() => null);
        if (info && now - info.mtimeMs > TEMP_MAX_AGE_MS) await rm(path, { recursive: true, force: true });
      }
    },

    async mkdir(dir: readonly string[], name: string): Promise<FileEntry> {
      await requireDir(dir);
      const segments = [...dir, name];
      try {
        await makeDirectory(root.pathOf(segments));
      } catch (err) {
        if (isExists(err)) throw invalid({ name: [FILE_ERR.exists] });
        throw storageFailure(err);
      }
      return entryOf(segments, 'dir');
    },

    /** Renames a file or folder in its folder; a file keeps its extension (its content was checked for it). */
    async rename(item: readonly string[], name: string): Promise<FileEntry> {
      const kind = await requireItem(item);
      const current = item.at(-1) ?? '';
      if (kind === 'file' && extensionOf(name) !== extensionOf(current)) {
        throw invalid({ name: [FILE_ERR.extension] });
      }
      const target = [...item.slice(0, -1), name];
      if (name !== current) {
        if (await root.kindOf(target)) throw invalid({ name: [FILE_ERR.exists] });
        await relocate(item, target, kind);
      }
      return entryOf(target, kind);
    },

    /** Moves a file or folder into another folder (never into itself or below itself). */
    async move(item: readonly string[], toDir: readonly string[]): Promise<FileEntry> {
      const kind = await requireItem(item);
      await requireDir(toDir);
      const inside = toDir.length >= item.length && item.every((segment, i) => toDir[i] === segment);
      if (inside) throw invalid({ to: [FILE_ERR.target] });
      const target = [...toDir, item.at(-1) ?? ''];
      if (target.join('/') !== item.join('/')) {
        if (await root.kindOf(target)) throw invalid({ to: [FILE_ERR.exists] });
        await relocate(item, target, kind);
      }
      return entryOf(target, kind);
    },

    /**
     * Removes files and folders (a folder with everything in it). Every path must exist before anything is
     * removed; a path inside another one of the list goes with it. Answers how many items were named.
     */
    async remove(items: readonly (readonly string[])[]): Promise<number> {
      const unique = [...new Map(items.map((item) => [item.join('/'), item])).values()];
      const kinds = await Promise.all(unique.map((item) => requireItem(item)));
      const keys = unique.map((item) => item.join('/'));
      for (const [index, item] of unique.entries()) {
        const key = keys[index] ?? '';
        if (keys.some((other) => other !== key && key.startsWith(`${other}/`))) continue;
        await rm(root.pathOf(item), { recursive: kinds[index] === 'dir', force: true });
        if (kinds[index] === 'file') await rm(thumbPath(item), { force: true });
      }
      return unique.length;
    },
  };
}

export type FileManager = ReturnType<typeof fileManager>;
