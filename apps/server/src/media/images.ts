import { stat } from 'node:fs/promises';
import { DELETE_MARKER, ERR, LIMITS, THUMBNAIL } from '@backoffice/shared';
import type { Metadata, Sharp } from 'sharp';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { invalid } from '../http/errors.js';
import { sharp } from './sharp.js';
import { mediaStorage, newFileName } from './storage.js';

/** Formats accepted by content (docs/features/media-storage.md): sharp's format name → the stored extension. SVG never. */
export const IMAGE_FORMATS = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'gif', mime: 'image/gif' },
  avif: { ext: 'avif', mime: 'image/avif' },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

/** Extension → content type of the formats we store; the gallery serves everything else as an attachment. */
export const IMAGE_MIME_BY_EXT: Record<string, string> = Object.fromEntries(
  Object.values(IMAGE_FORMATS).map((f) => [f.ext, f.mime]),
);

export const IMAGE_MAX_BYTES = LIMITS.imageMaxKb * 1024;
/**
 * Decoded size limit: a small file can still unpack into a huge bitmap (a "decompression bomb").
 * 70 megapixels covers the 50 MP mode of current phone cameras.
 */
export const IMAGE_MAX_PIXELS = 70_000_000;

/** Why an upload was refused; routes answer it as 422 `errors.image` on the field. */
export class ImageRejectedError extends Error {
  constructor(readonly reason: 'empty' | 'tooLarge' | 'format' | 'corrupt' | 'animated') {
    super(`image rejected: ${reason}`);
  }
}

export interface ProcessedImage {
  format: ImageFormat;
  ext: string;
  /** The content type of both files. */
  mime: string;
  width: number;
  height: number;
  /** Re-encoded in the detected format, orientation applied, no metadata. */
  original: Buffer;
  /** THUMBNAIL.width × THUMBNAIL.height, cover-cropped, same format. */
  thumb: Buffer;
}

/** The input of the pipeline: the bytes, or the path of a file that is never read into memory as a whole. */
type ImageInput = Buffer | string;

/** What the content says it is: the format (never the name's), its frames and its pixel size; refused otherwise. */
export const inspectImage = async (
  input: ImageInput,
): Promise<{ format: ImageFormat; pages: number; width: number; height: number }> => {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
  } catch {
    throw new ImageRejectedError('format');
  }
  // sharp names AVIF "heif" with AV1 compression; HEIC (HEVC) and everything else is refused.
  const format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : undefined) : meta.format;
  if (!format || !(format in IMAGE_FORMATS)) throw new ImageRejectedError('format');
  if (!meta.width || !meta.height) throw new ImageRejectedError('corrupt');
  return {
    format: format as ImageFormat,
    pages: meta.pages ?? 1,
    width: meta.width,
    height: meta.pageHeight ?? meta.height,
  };
};

/** The encoder settings of each stored format (originals, thumbnails, renditions in the original's format). */
export const encode = (image: Sharp, format: ImageFormat) => {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'webp':
      return image.webp({ quality: 85 });
    case 'gif':
      return image.gif();
    case 'avif':
      return image.avif({ quality: 60, effort: 3 });
  }
};

/**
 * Checks an upload by content and produces what is stored (docs/features/media-storage.md): the format comes from the bytes
 * (never the name or the client's content type), EXIF orientation is applied, metadata is dropped (sharp
 * writes none unless asked with withMetadata/keepExif, which this code never calls), animation of GIF and
 * WebP is kept in the original, and the thumbnail is the first frame cover-cropped to THUMBNAIL.
 */
export async function processImage(buffer: Buffer): Promise<ProcessedImage> {
  if (!Buffer.isBuffer(buffer) || buffer.length === 0) throw new ImageRejectedError('empty');
  if (buffer.length > IMAGE_MAX_BYTES) throw new ImageRejectedError('tooLarge');
  return produce(buffer, (await inspectImage(buffer)).format, 0);
}

/**
 * processImage for a file on disk (an assembled chunked upload): the same checks and outputs, with sharp reading
 * the file itself, so the upload is never held in memory as a whole.
 */
export async function processImageFile(path: string): Promise<ProcessedImage> {
  const size = await stat(path).then(
    (s) => s.size,
    () => 0,
  );
  if (size === 0) throw new ImageRejectedError('empty');
  if (size > IMAGE_MAX_BYTES) throw new ImageRejectedError('tooLarge');
  return produce(path, (await inspectImage(path)).format, 0);
}

/**
 * A stored image turned 90° clockwise: the original re-encoded in its format, a new thumbnail cropped from the
 * turned image, width and height swapped. sharp turns images of several frames only by 180°, so an animated GIF
 * or WebP is refused ('animated').
 */
export async function rotateImage(input: ImageInput): Promise<ProcessedImage> {
  const { format, pages } = await inspectImage(input);
  if (pages > 1) throw new ImageRejectedError('animated');
  return produce(input, format, 90);
}

/** The end of the image work last queued: each produce starts after it (see oneAtATime). */
let lastQueued: Promise<unknown> = Promise.resolve();

/**
 * Runs the image work one call at a time per process. Re-encoding a 6 MP JPEG holds about 45 MB of native memory
 * until it ends (the whole-image coefficient buffer that optimised Huffman coding and progressive output need), so
 * two uploads finishing together held twice that; one at a time keeps one core for HTTP and the database.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = lastQueued.then(work);
  lastQueued = run.catch(() => {});
  return run;
}

/** The original (EXIF orientation applied, then `angle`) and its thumbnail, both encoded in `format`. */
function produce(input: ImageInput, format: ImageFormat, angle: 0 | 90): Promise<ProcessedImage> {
  return oneAtATime(() => encodeBoth(input, format, angle));
}

async function encodeBoth(input: ImageInput, format: ImageFormat, angle: 0 | 90): Promise<ProcessedImage> {
  const animated = format === 'gif' || format === 'webp';
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' as const };
  const turn = (image: Sharp) => (angle ? image.rotate(angle) : image.rotate());
  try {
    const [original, thumb] = await Promise.all([
      encode(turn(sharp(input, { ...options, animated })), format).toBuffer({ resolveWithObject: true }),
      encode(
        turn(sharp(input, options)).resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'cover', position: 'centre' }),
        format,
      ).toBuffer(),
    ]);
    return {
      format,
      ext: IMAGE_FORMATS[format].ext,
      mime: IMAGE_FORMATS[format].mime,
      width: original.info.width,
      height: original.info.pageHeight ?? original.info.height,
      original: original.data,
      thumb,
    };
  } catch {
    throw new ImageRejectedError('corrupt');
  }
}

/**
 * The value of an image field in a write body: a new file (Buffer), the delete marker, or absent (keep).
 * Anything else (a text where a file belongs) is `errors.image`.
 */
export const imageFieldSchema = z
  .union([z.custom<Buffer>((v) => Buffer.isBuffer(v), { message: ERR.image }), z.literal(DELETE_MARKER)], {
    error: ERR.image,
  })
  .optional();

/**
 * Route options for every route that takes image files in multipart bodies. The global multipart limit would
 * throw FST_REQ_FILE_TOO_LARGE (answered 413) and abort the body; here an oversized file is cut one byte past
 * the limit instead, so processImage sees it is too large and the answer is 422 `errors.image` on that field.
 * Use: `app.post('/:id', { config: imageUploadConfig, schema: ... }, handler)`.
 */
export const imageUploadConfig = {
  multipartOptions: { throwFileSizeLimit: false, limits: { fileSize: IMAGE_MAX_BYTES + 1 } },
};

/** Processes an upload, turning a refusal into 422 `{errors: {[field]: ['errors.image']}}`. */
export async function processImageField(field: string, buffer: Buffer): Promise<ProcessedImage> {
  try {
    return await processImage(buffer);
  } catch (err) {
    if (err instanceof ImageRejectedError) throw invalid({ [field]: [ERR.image] }, 'http.notAnImage');
    throw err;
  }
}

/**
 * Writes processed images under `<model>/<id>/`, each with a fresh name (undefined in, undefined out): all or none.
 * When one cannot be written (a full disk), those already written are removed and the answer is the 507 of
 * storageFailure, so a save can write its media before it changes its record and stop with nothing changed.
 */
export async function writeImages(
  ctx: Pick<AppContext, 'config'>,
  target: { model: string; id: number },
  images: readonly (ProcessedImage | undefined)[],
): Promise<(string | undefined)[]> {
  const storage = mediaStorage(ctx.config);
  const written: (string | undefined)[] = [];
  try {
    for (const image of images) {
      const file = image ? newFileName(image.ext) : undefined;
      if (image && file) await storage.write(target.model, target.id, file, image);
      written.push(file);
    }
  } catch (err) {
    await removeImages(ctx, target, written, { prune: true });
    throw err;
  }
  return written;
}

/**
 * Removes the files of each named image; a failure to remove is no error (the name is no longer used). `prune`
 * (after a failed save) also removes the record's folders when that left them empty.
 */
export async function removeImages(
  ctx: Pick<AppContext, 'config'>,
  target: { model: string; id: number },
  files: readonly (string | null | undefined)[],
  options: { prune?: boolean } = {},
) {
  const storage = mediaStorage(ctx.config);
  await Promise.all(
    files.map((file) => (file ? storage.remove(target.model, target.id, file).catch(() => {}) : undefined)),
  );
  if (options.prune) await storage.pruneRecord(target.model, target.id);
}

/** Stores a processed image under `<model>/<id>/` with a fresh name; answers that name (507 when it cannot). */
export async function storeImage(
  ctx: Pick<AppContext, 'config'>,
  target: { model: string; id: number; field: string; buffer: Buffer },
): Promise<string> {
  const image = await processImageField(target.field, target.buffer);
  const [file] = await writeImages(ctx, target, [image]);
  if (!file) throw new Error('image not written');
  return file;
}

/** Removes both files of an image (e.g. after a failed row update, or when a record is purged). */
export async function removeImage(
  ctx: Pick<AppContext, 'config'>,
  target: { model: string; id: number; file: string | null | undefined },
) {
  if (target.file) await mediaStorage(ctx.config).remove(target.model, target.id, target.file);
}
