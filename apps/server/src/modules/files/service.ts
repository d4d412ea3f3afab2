import type { Dirent } from 'node:fs';
import { mkdir as makeDirectory, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { extensionOf, FILE_ERR, type FileEntry, isImageName, isValidFileName } from '@backoffice/shared';
import type { Config } from '../../config.js';
import { invalid, notFound } from '../../http/errors.js';
import type { CheckedUpload } from './content.js';
import { filesRoot, fileUrl, THUMBS_FOLDER } from './paths.js';

const collator = new Intl.Collator('sk', { numeric: true, sensitivity: 'base' });
/** How many `name-N.ext` an upload tries when its name is taken. */
const MAX_SUFFIX = 999;

const isExists = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'EEXIST';

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
     * taken (an upload never replaces a file). The image's thumbnail is written with it; if that fails, neither
     * stays.
     */
    async upload(dir: readonly string[], file: CheckedUpload): Promise<FileEntry> {
      await requireDir(dir);
      for (let n = 0; n <= MAX_SUFFIX; n += 1) {
        const name = `${file.base}${n ? `-${n}` : ''}.${file.ext}`;
        const segments = [...dir, name];
        const path = root.pathOf(segments);
        try {
          await writeFile(path, file.data, { flag: 'wx' });
        } catch (err) {
          if (isExists(err)) continue;
          throw err;
        }
        if (file.thumb) {
          try {
            await makeDirectory(dirname(thumbPath(segments)), { recursive: true });
            await writeFile(thumbPath(segments), file.thumb);
          } catch (err) {
            await rm(path, { force: true });
            throw err;
          }
        }
        return entryOf(segments, 'file');
      }
      throw invalid({ file: [FILE_ERR.exists] });
    },

    async mkdir(dir: readonly string[], name: string): Promise<FileEntry> {
      await requireDir(dir);
      const segments = [...dir, name];
      try {
        await makeDirectory(root.pathOf(segments));
      } catch (err) {
        if (isExists(err)) throw invalid({ name: [FILE_ERR.exists] });
        throw err;
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
