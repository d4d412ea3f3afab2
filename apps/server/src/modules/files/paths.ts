import { lstat, mkdir, realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { FILE_ERR, FILES, isValidFileName } from '@backoffice/shared';
import type { Config } from '../../config.js';
import { HttpError, invalid } from '../../http/errors.js';

/** The folder under MEDIA_DIR that the file manager may touch, and its address (docs/api.md File manager). */
export const FILES_FOLDER = 'files';
export const FILES_URL_PREFIX = '/gallery/files/';
/** Per folder, the thumbnails of its images; no user name can start with a dot, so none can collide with it. */
export const THUMBS_FOLDER = '.thumbs';

/** A path or name that would leave the root, or that is not a plain path: 400, and nothing is touched. */
export const badPath = () => new HttpError(400, 'http.badRequest');

/**
 * The segments of a path parameter (`''` is the root, `a/b` a folder or file under it). The value is checked as
 * it will be used AND after decoding: anything that decodes to something else (`%2e%2e%2f`), a malformed escape,
 * a backslash, a null byte, an absolute path, an empty segment, `.`, `..`, a hidden name or any other name that
 * isValidFileName refuses is a 400.
 */
export function parsePath(raw: string): string[] {
  if (typeof raw !== 'string' || raw.length > FILES.pathMax) throw badPath();
  const value = raw.normalize('NFC');
  if (value === '') return [];
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    throw badPath();
  }
  if (decoded !== value) throw badPath();
  if (value.includes('\0') || value.includes('\\') || value.startsWith('/') || /^[A-Za-z]:/.test(value)) {
    throw badPath();
  }
  const segments = value.split('/');
  if (!segments.every(isValidFileName)) throw badPath();
  return segments;
}

/** A path that must name an item (not the root itself). */
export function parseItemPath(raw: string): string[] {
  const segments = parsePath(raw);
  if (segments.length === 0) throw badPath();
  return segments;
}

/**
 * A new name (new folder, rename): one that reaches elsewhere (a separator, `..`, a null byte, an encoded
 * character) is a 400 like a bad path; one that only breaks the naming rule is a 422 on `name`.
 */
export function parseNewName(raw: string): string {
  const name = raw.normalize('NFC').trim();
  if (/[/\\\0]/.test(name) || name === '.' || name === '..' || /%[0-9A-Fa-f]{2}/.test(name)) throw badPath();
  if (!isValidFileName(name)) throw invalid({ name: [FILE_ERR.name] });
  return name;
}

/** The public address of a stored file (or of its thumbnail), every segment encoded. */
export function fileUrl(segments: readonly string[], thumb = false): string {
  const parts = thumb ? [...segments.slice(0, -1), THUMBS_FOLDER, segments.at(-1) ?? ''] : segments;
  return FILES_URL_PREFIX + parts.map(encodeURIComponent).join('/');
}

/**
 * `MEDIA_DIR/files`: turns checked segments into absolute paths and makes sure each stays under the root, also
 * through the file system (no symbolic link on the way leads out).
 */
export function filesRoot(config: Pick<Config, 'mediaDir'>) {
  const root = resolve(config.mediaDir, FILES_FOLDER);
  let realRoot: string | undefined;

  const inside = (path: string) => {
    const rel = relative(root, path);
    if (rel.startsWith('..') || isAbsolute(rel)) throw badPath();
    return path;
  };

  return {
    root,

    async ensure() {
      await mkdir(root, { recursive: true });
      realRoot = await realpath(root);
    },

    /** The absolute path of segments (which parsePath produced). */
    pathOf(segments: readonly string[]): string {
      return inside(resolve(root, ...segments));
    },

    /**
     * The kind of what exists at `segments` ('dir' | 'file'), or null when nothing does. A symbolic link, or a
     * path whose real location is not the same place under the root, counts as missing.
     */
    async kindOf(segments: readonly string[]): Promise<'dir' | 'file' | null> {
      const path = this.pathOf(segments);
      try {
        const stat = await lstat(path);
        if (stat.isSymbolicLink()) return null;
        realRoot ??= await realpath(root);
        if (relative(realRoot, await realpath(path)) !== relative(root, path)) return null;
        if (stat.isDirectory()) return 'dir';
        return stat.isFile() ? 'file' : null;
      } catch {
        return null;
      }
    },
  };
}

export type FilesRoot = ReturnType<typeof filesRoot>;
