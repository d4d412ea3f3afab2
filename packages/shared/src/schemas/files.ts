import { z } from 'zod';

/** Limits of the file manager (docs/api.md File manager). */
export const FILES = {
  /** Any uploaded file; images are further held to LIMITS.imageMaxKb by the image pipeline. */
  uploadMaxKb: 20 * 1024,
  /** Characters of one file or folder name. */
  nameMax: 120,
  /** Characters of a path (folders and the name, separated by `/`). */
  pathMax: 1024,
  /** Paths of one delete. */
  deleteMax: 100,
  /** How long a token of the file manager's address opens it. */
  tokenTtlMinutes: 60,
} as const;

/** How the server checks the content of an allowed extension (by its bytes, never by name: SECURITY.md). */
export type FileKind = 'image' | 'pdf' | 'office' | 'zip' | 'text';

/**
 * The extensions an upload may have, with the content check each one must pass: images by the image pipeline
 * (re-encoded, metadata dropped, a thumbnail), PDF by its header, old Office files by the OLE signature, new
 * Office and OpenDocument files and zip archives by the zip signature, text without binary bytes. Nothing that
 * a browser could run (HTML, SVG, scripts) is on the list.
 */
export const FILE_TYPES: Readonly<Record<string, FileKind>> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  pdf: 'pdf',
  doc: 'office',
  xls: 'office',
  ppt: 'office',
  docx: 'zip',
  xlsx: 'zip',
  pptx: 'zip',
  odt: 'zip',
  ods: 'zip',
  odp: 'zip',
  zip: 'zip',
  txt: 'text',
  csv: 'text',
};

/** Message keys of the file manager's field errors (the admin translates them). */
export const FILE_ERR = {
  name: 'filemanager.errors.name',
  exists: 'filemanager.errors.exists',
  extension: 'filemanager.errors.extension',
  type: 'filemanager.errors.type',
  size: 'filemanager.errors.size',
  target: 'filemanager.errors.target',
} as const;

/**
 * Characters no file or folder name may hold: separators, characters Windows refuses, `%` (so no name can
 * look encoded), control characters and the bidirectional controls that disguise an extension.
 */
const FORBIDDEN = /[\\/:*?"<>|%\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** The lower-case extension of a name without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The kind of content a name's extension stands for; undefined when the extension is not allowed. */
export function fileKindOf(name: string): FileKind | undefined {
  const ext = extensionOf(name);
  return Object.hasOwn(FILE_TYPES, ext) ? FILE_TYPES[ext] : undefined;
}

/** Whether the name's extension is one of the image formats (so the file has a thumbnail). */
export const isImageName = (name: string) => fileKindOf(name) === 'image';

/**
 * Whether a file or folder name is acceptable: 1 to FILES.nameMax characters, none of the forbidden ones,
 * no leading dot (so no `.`, `..` or hidden file), no trailing dot or space, no surrounding white space.
 */
export function isValidFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= FILES.nameMax &&
    name === name.trim() &&
    !FORBIDDEN.test(name) &&
    !name.startsWith('.') &&
    !name.endsWith('.')
  );
}

/**
 * A client's file name made acceptable (uploads keep what the user called the file): the last path part,
 * forbidden characters turned into `-`, white space collapsed, leading dots and trailing dots or spaces dropped,
 * shortened to leave room for the extension and a `-N` suffix. '' when nothing usable is left.
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  return last
    .normalize('NFC')
    .replace(new RegExp(FORBIDDEN.source, 'gu'), '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .slice(0, FILES.nameMax - 16)
    .replace(/[\s.]+$/, '');
}

/** A name typed in the admin (new folder, rename): trimmed, then held to isValidFileName. */
export const fileNameSchema = z
  .string()
  .transform((value) => value.normalize('NFC').trim())
  .refine(isValidFileName, FILE_ERR.name);

const pathField = z.string().max(FILES.pathMax);

/** `GET /api/files?path=` (the folder, '' for the root) and the token of the file manager's address. */
export const fileListQuerySchema = z.object({
  path: pathField.default(''),
  token: z.string().max(200).optional(),
});
/** `POST /api/files/mkdir` */
export const fileMkdirSchema = z.object({ path: pathField.default(''), name: z.string().max(1000) });
/** `POST /api/files/rename`: the item's path and its new name. */
export const fileRenameSchema = z.object({ path: pathField, name: z.string().max(1000) });
/** `POST /api/files/move`: the item's path and the folder it goes into ('' for the root). */
export const fileMoveSchema = z.object({ from: pathField, to: pathField });
/** `POST /api/files/delete` */
export const fileDeleteSchema = z.object({ paths: z.array(pathField).min(1).max(FILES.deleteMax) });

/** One entry of a folder's list. `url` and `thumbnail` are null for folders; `thumbnail` only for images. */
export interface FileEntry {
  name: string;
  /** The path from the root, `/`-separated: what the write endpoints take. */
  path: string;
  type: 'dir' | 'file';
  /** Bytes; null for folders. */
  size: number | null;
  url: string | null;
  thumbnail: string | null;
  modified_at: string;
}

/** `GET /api/files/token` */
export interface FileToken {
  token: string;
  expires_at: string;
}

/* ── Answers of /api/files (docs/features/file-manager.md): the server serializes through these. ── */

/** `FileEntry` as answered. */
export const fileEntrySchema = z
  .object({
    name: z.string(),
    path: z.string().meta({ description: 'From the root, `/`-separated: what the write endpoints take.' }),
    type: z.enum(['dir', 'file']),
    size: z.number().int().nullable().meta({ description: 'Bytes; null for folders.' }),
    url: z.string().nullable(),
    thumbnail: z.string().nullable().meta({ description: 'Images only; null for folders and other files.' }),
    modified_at: z.iso.datetime(),
  })
  .meta({ id: 'FileEntry' });

/** `GET /api/files?path=`: the folder's folders and files (folders first, by name) and the folder's path. */
export const fileListResponseSchema = z.object({ data: z.array(fileEntrySchema), path: z.string() });

/** `GET /api/files/token`: the signed-in user's own file-manager token and when it expires. */
export const fileTokenResponseSchema = z.object({
  data: z.object({ token: z.string(), expires_at: z.iso.datetime() }).meta({ id: 'FileToken' }),
});
