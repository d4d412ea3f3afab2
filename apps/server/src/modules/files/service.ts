import { mkdir as makeDirectory, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { extensionOf, FILE_ERR, type FileEntry, isImageName, isValidFileName } from '@backoffice/shared';
import type { Config } from '../../config.js';
import { invalid, notFound } from '../../http/errors.js';
import { FOLDER_MARKER, ObjectExistsError, ObjectNotFoundError, type StoredObject } from '../../media/object-store.js';
import { objectStore, storageFailure } from '../../media/storage.js';
import type { CheckedUpload } from './content.js';
import { FILES_FOLDER, filesRoot, fileUrl, THUMBS_FOLDER } from './paths.js';

const collator = new Intl.Collator('sk', { numeric: true, sensitivity: 'base' });
/** How many `name-N.ext` an upload tries when its name is taken. */
const MAX_SUFFIX = 999;
/**
 * The hidden folder under the local root where uploads were written before they took their name (now the local
 * driver writes beside the target): what a stopped process left there is still swept at start.
 */
const TEMP_FOLDER = '.uploads';
/** A temporary file older than this was left by a process that stopped mid-write. */
const TEMP_MAX_AGE_MS = 60 * 60 * 1000;
/** A folder on S3 whose marker is missing (made by another tool) has no time of its own. */
const NO_TIME = new Date(0);

/**
 * The file manager's work under the storage prefix `files/` (docs/features/file-manager.md), through the object store, so every
 * server process sees the same tree: a folder is a directory on the local disk and a prefix on S3 (with a
 * `.folder` marker while it is empty). Every operation takes segments that paths.ts checked; it checks what must
 * exist (404) and what must not (422 `exists`) before it touches anything. An image's thumbnail lives in
 * `<folder>/.thumbs/<name>` and follows the image on rename, move and delete.
 */
export function fileManager(config: Pick<Config, 'mediaDir' | 's3'>) {
  const root = filesRoot(config);
  const store = objectStore(config);
  const local = store.driver === 'local';

  const keyOf = (segments: readonly string[]) => [FILES_FOLDER, ...segments].join('/');
  const prefixOf = (segments: readonly string[]) => `${keyOf(segments)}/`;
  const thumbKey = (segments: readonly string[]) =>
    keyOf([...segments.slice(0, -1), THUMBS_FOLDER, segments.at(-1) ?? '']);

  /**
   * What is at `segments`: 'dir', 'file' or null. On the local disk through the file system (a symbolic link, or
   * a path whose real location is elsewhere, counts as missing); on S3 an object is a file and a prefix with
   * anything under it a folder.
   */
  const kindOf = async (segments: readonly string[]): Promise<'dir' | 'file' | null> => {
    if (local) return root.kindOf(segments);
    if (segments.length === 0) return 'dir';
    const found = await store.stat(keyOf(segments)).then(
      () => true,
      (err: unknown) => {
        if (err instanceof ObjectNotFoundError) return false;
        throw err;
      },
    );
    if (found) return 'file';
    const under = await store.list(prefixOf(segments));
    return under.objects.length || under.prefixes.length ? 'dir' : null;
  };

  /** When a folder changed: the directory's time on disk, its marker's on S3. */
  const folderTime = async (segments: readonly string[]): Promise<Date> => {
    if (local) return (await stat(root.pathOf(segments))).mtime;
    return store.stat(`${prefixOf(segments)}${FOLDER_MARKER}`).then(
      (marker) => marker.modifiedAt,
      () => NO_TIME,
    );
  };

  const entry = (
    segments: readonly string[],
    type: 'dir' | 'file',
    info: { size: number; modifiedAt: Date },
    hasThumb: boolean,
  ): FileEntry => ({
    name: segments.at(-1) ?? '',
    path: segments.join('/'),
    type,
    size: type === 'file' ? info.size : null,
    url: type === 'file' ? fileUrl(segments) : null,
    thumbnail: type === 'file' && hasThumb && isImageName(segments.at(-1) ?? '') ? fileUrl(segments, true) : null,
    modified_at: info.modifiedAt.toISOString(),
  });

  async function entryOf(segments: readonly string[], type: 'dir' | 'file'): Promise<FileEntry> {
    if (type === 'dir') return entry(segments, 'dir', { size: 0, modifiedAt: await folderTime(segments) }, false);
    const info = await store.stat(keyOf(segments));
    const hasThumb =
      isImageName(segments.at(-1) ?? '') &&
      (await store.stat(thumbKey(segments)).then(
        () => true,
        () => false,
      ));
    return entry(segments, 'file', info, hasThumb);
  }

  const requireDir = async (segments: readonly string[]) => {
    if ((await kindOf(segments)) !== 'dir') throw notFound();
  };

  const requireItem = async (segments: readonly string[]) => {
    const kind = await kindOf(segments);
    if (!kind) throw notFound();
    return kind;
  };

  /** Moves an item (and an image's thumbnail) to another path; the target was checked to be free. */
  const relocate = async (from: readonly string[], to: readonly string[], kind: 'dir' | 'file') => {
    if (kind === 'dir') return store.movePrefix(prefixOf(from), prefixOf(to));
    await store.move(keyOf(from), keyOf(to));
    if (isImageName(from.at(-1) ?? '')) await store.move(thumbKey(from), thumbKey(to)).catch(() => {});
  };

  return {
    root,

    /** A folder's folders and files, folders first, each by name; hidden and unusable names are left out. */
    async list(dir: readonly string[]): Promise<FileEntry[]> {
      await requireDir(dir);
      const prefix = prefixOf(dir);
      const [listing, thumbs] = await Promise.all([
        store.list(prefix),
        store
          .list(`${prefix}${THUMBS_FOLDER}/`)
          .then((l) => new Set(l.objects.map((o) => o.key.slice(prefix.length + THUMBS_FOLDER.length + 1)))),
      ]);
      const usable = (name: string) => isValidFileName(name) && name === name.normalize('NFC');
      const files = listing.objects
        .map((object): [string, StoredObject] => [object.key.slice(prefix.length), object])
        .filter(([name]) => usable(name))
        .map(([name, object]) => entry([...dir, name], 'file', object, thumbs.has(name)));
      const folders = await Promise.all(
        listing.prefixes
          .map((sub) => sub.slice(prefix.length, -1))
          .filter(usable)
          .map((name) => entryOf([...dir, name], 'dir').catch(() => null)),
      );
      return [...folders.filter((e): e is FileEntry => e !== null), ...files].sort((a, b) =>
        a.type === b.type ? collator.compare(a.name, b.name) : a.type === 'dir' ? -1 : 1,
      );
    },

    /**
     * Stores a checked upload in a folder under its own name, or `name-1.ext`, `name-2.ext` … when that is
     * taken (an upload never replaces a file: each name is taken with an exclusive put). The file is written
     * whole before it takes its name (a temporary name on the local disk, one PutObject on S3) and the thumbnail
     * after it; a write that fails (a full disk, a refused put) leaves nothing listed or served: the answer is
     * the 507 of storageFailure.
     */
    async upload(dir: readonly string[], file: CheckedUpload): Promise<FileEntry> {
      await requireDir(dir);
      let stored: string[] | undefined;
      for (let n = 0; n <= MAX_SUFFIX && !stored; n += 1) {
        const segments = [...dir, `${file.base}${n ? `-${n}` : ''}.${file.ext}`];
        // A folder of that name takes the name too (on S3 a key and a prefix of one name could both exist).
        if (!local && (await kindOf(segments)) === 'dir') continue;
        try {
          await store.put(keyOf(segments), file.data, { exclusive: true });
        } catch (err) {
          if (err instanceof ObjectExistsError) continue;
          throw storageFailure(err);
        }
        if (file.thumb) {
          try {
            await store.put(thumbKey(segments), file.thumb);
          } catch (err) {
            await store.delete(keyOf(segments)).catch(() => {});
            await store.pruneFolders(prefixOf([...dir, THUMBS_FOLDER])).catch(() => {});
            throw storageFailure(err);
          }
        }
        stored = segments;
      }
      if (!stored) throw invalid({ file: [FILE_ERR.exists] });
      return entryOf(stored, 'file');
    },

    /**
     * Makes the local root and removes what a stopped process left in the old temporary folder (files older than
     * an hour: no upload still writes them). Run at start; S3 has nothing to prepare.
     */
    async prepareTemporary(now = Date.now()) {
      if (!local) return;
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
      if (!local && (await kindOf(segments))) throw invalid({ name: [FILE_ERR.exists] });
      try {
        await store.createFolder(prefixOf(segments));
      } catch (err) {
        if (err instanceof ObjectExistsError || (err as NodeJS.ErrnoException)?.code === 'EEXIST') {
          throw invalid({ name: [FILE_ERR.exists] });
        }
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
        if (await kindOf(target)) throw invalid({ name: [FILE_ERR.exists] });
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
        if (await kindOf(target)) throw invalid({ to: [FILE_ERR.exists] });
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
        if (kinds[index] === 'dir') await store.deletePrefix(prefixOf(item));
        else {
          await store.delete(keyOf(item));
          await store.delete(thumbKey(item));
        }
      }
      return unique.length;
    },
  };
}

export type FileManager = ReturnType<typeof fileManager>;
