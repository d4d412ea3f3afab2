import { cleanFileName, ERR, extensionOf, FILE_ERR, FILES, type FileKind, fileKindOf } from '@backoffice/shared';
import { invalid } from '../../http/errors.js';
import { ImageRejectedError, processImage } from '../../media/images.js';

export const UPLOAD_MAX_BYTES = FILES.uploadMaxKb * 1024;

/** What an accepted upload stores: its name (the client's, cleaned, with the extension of its content). */
export interface CheckedUpload {
  base: string;
  ext: string;
  data: Buffer;
  /** The THUMBNAIL-sized image of an image; null for other files. */
  thumb: Buffer | null;
}

const startsWith = (data: Buffer, signature: string | number[]) => {
  const bytes = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return data.subarray(0, bytes.length).equals(bytes);
};

/** Text: no byte below 0x20 except tab, line feed, form feed and carriage return, and no DEL. */
const isText = (data: Buffer) =>
  !data.some((byte) => (byte < 0x20 && ![9, 10, 12, 13].includes(byte)) || byte === 0x7f);

/** Whether the bytes are what the extension promises (SECURITY.md: by content, never by name). */
function matchesKind(kind: Exclude<FileKind, 'image'>, ext: string, data: Buffer): boolean {
  switch (kind) {
    case 'pdf':
      return startsWith(data, '%PDF-');
    case 'office':
      return startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case 'zip':
      return startsWith(data, 'PK\x03\x04') || (ext === 'zip' && startsWith(data, 'PK\x05\x06'));
    case 'text':
      return isText(data);
  }
}

/**
 * Checks an upload before anything is written: the extension must be on FILE_TYPES' list and the content must be
 * of that kind; an image goes through the image pipeline (format from the bytes, orientation applied, metadata
 * dropped, ≤ LIMITS.imageMaxKb) and takes the extension of its real format. Refusals are 422 on `file`.
 */
export async function checkUpload(filename: string, data: Buffer): Promise<CheckedUpload> {
  const last = filename.split(/[\\/]/).pop() ?? '';
  const ext = extensionOf(last);
  const kind = fileKindOf(last);
  if (!kind || data.length === 0) throw invalid({ file: [FILE_ERR.type] });
  if (data.length > UPLOAD_MAX_BYTES) throw invalid({ file: [FILE_ERR.size] });
  const base = cleanFileName(last.slice(0, last.length - ext.length - 1)) || 'file';
  if (kind !== 'image') {
    if (!matchesKind(kind, ext, data)) throw invalid({ file: [FILE_ERR.type] });
    return { base, ext, data, thumb: null };
  }
  try {
    const image = await processImage(data);
    return { base, ext: image.ext, data: image.original, thumb: image.thumb };
  } catch (err) {
    if (err instanceof ImageRejectedError) {
      throw invalid({ file: [err.reason === 'tooLarge' ? FILE_ERR.size : ERR.image] });
    }
    throw err;
  }
}
