import { z } from 'zod';
import { DELAYS, INT4_MAX, LIMITS } from '../constants.js';
import { ERR } from '../messages.js';
import { zId, zLangs, zShortText } from '../zod-helpers.js';
import { zInstant, zInt } from './article.js';

/**
 * The gallery's chunked upload (docs/spec-index.md S1.9 Upload, docs/features/gallery-images.md). `chunkSize` is Dropzone's default
 * (2 000 000 bytes): a file at the 10000 KB limit travels in 6 chunks. The server takes any chunk size from
 * `minChunkSize` up to the whole file, which bounds one upload to 157 chunks.
 */
export const GALLERY_UPLOAD = {
  parallel: 2,
  chunkSize: 2_000_000,
  minChunkSize: 64 * 1024,
  maxBytes: LIMITS.imageMaxKb * 1024,
  /** A half-finished upload (cancelled, a closed tab) is removed this long after its last chunk arrived. */
  abandonedAfterMs: 10 * 60 * 1000,
  /**
   * The request assembling an upload renews its claim every fifth of this; a claim older than this was left by a
   * server that died, and the client's retry of a chunk takes the assembly over.
   */
  claimExpiresMs: 15 * 1000,
  /** A refused `dzuuid` stays refused this long (its later chunks and retries are 422). */
  refusedForMs: 24 * 60 * 60 * 1000,
  /** One request (a chunk) is given up after this long (docs/spec-index.md S1.9). */
  timeoutMs: DELAYS.uploadTimeout,
  /** Files waiting or under way at once on the image screen; more are refused (errors.uploadMaxFiles). */
  maxFiles: 50,
} as const;

/** Dropzone's `dzuuid` is a UUID; anything else (a path, `../`, an empty value) is refused before it is used. */
export const UPLOAD_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const zCount = (min: number, max: number) =>
  z.coerce.number({ error: ERR.invalid }).int(ERR.invalid).min(min, ERR.invalid).max(max, ERR.invalid);

/** The chunk fields Dropzone sends beside `file` (all or none: a file smaller than one chunk comes alone). */
const chunkFields = {
  dzuuid: z.string({ error: ERR.invalid }).regex(UPLOAD_UUID_PATTERN, ERR.invalid).optional(),
  dzchunkindex: zCount(0, GALLERY_UPLOAD.maxBytes).optional(),
  dztotalchunkcount: zCount(1, GALLERY_UPLOAD.maxBytes).optional(),
  dzchunksize: zCount(1, INT4_MAX).optional(),
  // Any size is read here; over the limit is answered as `file: errors.image` before a byte is kept.
  dztotalfilesize: zCount(1, Number.MAX_SAFE_INTEGER).optional(),
  dzchunkbyteoffset: zCount(0, Number.MAX_SAFE_INTEGER).optional(),
};

/** One chunk of a chunked upload, as the server works with it. */
export interface UploadChunk {
  uuid: string;
  index: number;
  count: number;
  chunkSize: number;
  totalSize: number;
}

/** The bytes chunk `index` of `chunk` must hold: `chunkSize`, except the last, which holds the rest. */
export const expectedChunkBytes = (chunk: UploadChunk) =>
  chunk.index < chunk.count - 1 ? chunk.chunkSize : chunk.totalSize - chunk.chunkSize * (chunk.count - 1);

/**
 * `POST /api/gallery/image/{galleryId}/upload` (Dropzone's chunk protocol): `file` and, when chunked, `dzuuid`,
 * `dzchunkindex`, `dztotalchunkcount`, `dzchunksize`, `dztotalfilesize` (and `dzchunkbyteoffset`, checked when
 * sent). A total over 10000 KB is `file: errors.image`; a count, index or offset that does not fit the sizes is
 * `errors.invalid` on that field. The output is `{file, chunk}`, `chunk` null for a file sent whole.
 * The file schema is the caller's (a Buffer on the server).
 */
export function galleryUploadSchema<F extends z.ZodType>(file: F) {
  return z
    .object({ file, ...chunkFields })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const given = (['dzuuid', 'dzchunkindex', 'dztotalchunkcount', 'dzchunksize', 'dztotalfilesize'] as const).filter(
        (k) => v[k] !== undefined,
      );
      if (given.length === 0) return;
      if (v.dztotalfilesize !== undefined && v.dztotalfilesize > GALLERY_UPLOAD.maxBytes) issue('file', ERR.image);
      for (const k of ['dzuuid', 'dzchunkindex', 'dztotalchunkcount', 'dzchunksize', 'dztotalfilesize'] as const) {
        if (v[k] === undefined) issue(k, ERR.invalid);
      }
      const { dzchunkindex: index, dztotalchunkcount: count, dzchunksize: size, dztotalfilesize: total } = v;
      if (index === undefined || count === undefined || size === undefined || total === undefined) return;
      if (total > GALLERY_UPLOAD.maxBytes) return;
      if (count > 1 && size < GALLERY_UPLOAD.minChunkSize) issue('dzchunksize', ERR.invalid);
      if (count !== Math.ceil(total / size)) issue('dztotalchunkcount', ERR.invalid);
      if (index >= count) issue('dzchunkindex', ERR.invalid);
      if (v.dzchunkbyteoffset !== undefined && v.dzchunkbyteoffset !== index * size) {
        issue('dzchunkbyteoffset', ERR.invalid);
      }
    })
    .transform((v) => ({
      // Generic shapes lose their keys in zod's types; `file` is the schema given, already validated.
      file: (v as { file: unknown }).file as z.output<F>,
      chunk:
        v.dzuuid === undefined
          ? null
          : ({
              uuid: v.dzuuid.toLowerCase(),
              index: v.dzchunkindex ?? 0,
              count: v.dztotalchunkcount ?? 1,
              chunkSize: v.dzchunksize ?? 0,
              totalSize: v.dztotalfilesize ?? 0,
            } satisfies UploadChunk),
    }));
}

/**
 * A title of one locale, optional (a caption), and the alternative text the site's `<img alt>` says (empty: the title
 * stands in), each at most 255 characters. An `alt` left out keeps the stored one.
 */
const zImageLang = z.object({ title: zShortText(255), alt: zShortText(255).optional() });

/**
 * `POST /api/gallery/image/{galleryId}/{imageId}`: the titles and alternative texts per locale,
 * `languages[sk][title]`, `languages[sk][alt]`. A locale left out keeps its texts.
 */
export const galleryImageTitlesSchema = z.object({
  languages: zLangs(zImageLang.optional()),
});
export type GalleryImageTitlesInput = z.infer<typeof galleryImageTitlesSchema>;

/**
 * `POST /api/gallery/image/{galleryId}/reorder`: the gallery's image ids in their new order, `images[0]=7` (or
 * image objects `images[0][id]=7`, as the list holds them). Images left out follow in their current order.
 */
export const galleryImageReorderSchema = z.object({
  images: z.preprocess(
    (v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.preprocess((item) => (item && typeof item === 'object' ? (item as { id?: unknown }).id : item), zId))
      .min(1, ERR.invalid)
      .max(10_000, ERR.invalid)
      .refine((ids) => new Set(ids).size === ids.length, ERR.invalid),
  ),
});
export type GalleryImageReorderInput = z.infer<typeof galleryImageReorderSchema>;

/** One image of a gallery as the image screen lists it (docs/spec-index.md S1.3 Gallery image). */
export const galleryImageSchema = z
  .object({
    id: zInt,
    gallery_id: zInt,
    file: z.string().meta({
      description: 'The stored name; a rotation gives a new one, so `path` and `thumbnail` change and caches refresh.',
    }),
    path: z.string().meta({ description: 'URL of the original.' }),
    thumbnail: z.string().meta({ description: 'URL of the 150×120 cover-cropped thumbnail.' }),
    width: zInt,
    height: zInt,
    status: z.boolean().meta({ description: 'true published, false hidden.' }),
    order: zInt.meta({ description: 'Place in the gallery, 1 first.' }),
    languages: zLangs(z.object({ title: z.string(), alt: z.string() })),
    created_at: zInstant,
    updated_at: zInstant,
  })
  .meta({ id: 'GalleryImage' });
export type GalleryImage = z.output<typeof galleryImageSchema>;

/** An upload request whose chunk was kept (200): how many of the file's chunks have arrived. */
export const galleryImageChunkSchema = z
  .object({ complete: z.literal(false), received: zInt, total: zInt })
  .meta({ id: 'GalleryImageChunkReceived' });
/** The upload request that completed the image (201). */
export const galleryImageUploadedSchema = z
  .object({ complete: z.literal(true), message: z.string(), data: galleryImageSchema })
  .meta({ id: 'GalleryImageUploaded' });

/** The answer to one upload request: a chunk was kept, or the last one completed the image. */
export type GalleryImageUploadResponse =
  | z.output<typeof galleryImageChunkSchema>
  | z.output<typeof galleryImageUploadedSchema>;
