import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { languageCode, timestamps, ts } from './base.js';
import { galleries } from './content.js';
import { users } from './people.js';

/* ── Gallery images and their chunked upload (docs/spec-index.md S1.2 Gallery detail, docs/features/gallery-images.md, S1.7) ── */

/** One image of a gallery: its stored file (docs/features/media-storage.md), pixel size, place and publish status. */
export const galleryImages = pgTable(
  'gallery_images',
  {
    id: serial('id').primaryKey(),
    gallery_id: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    /** The stored name (random hex + detected extension); a rotation stores a new name so caches refresh. */
    file: varchar('file', { length: 255 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Order within the gallery, ascending; drag reorder rewrites it. */
    position: integer('position').notNull().default(0),
    status: boolean('status').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('gallery_images_gallery_idx').on(t.gallery_id, t.position)],
);

export const galleryImageLangs = pgTable(
  'gallery_image_langs',
  {
    gallery_image_id: integer('gallery_image_id')
      .notNull()
      .references(() => galleryImages.id, { onDelete: 'cascade' }),
    language_code: languageCode(),
    title: varchar('title', { length: 255 }).notNull().default(''),
    /** What the site's `<img alt>` says in this locale; empty: the title stands in (docs/features/gallery-images.md). */
    alt: varchar('alt', { length: 255 }).notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.gallery_image_id, t.language_code] })],
);

/** Raw bytes; PGlite hands back a Uint8Array and pg a Buffer, both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A chunked upload in progress (Dropzone's `dzuuid`), kept in the database rather than in memory so any server
 * behind a load balancer can take the next chunk (docs/DEPLOY.md). `updated_at` is when its last chunk arrived: an
 * upload quiet for GALLERY_UPLOAD.abandonedAfterMs is removed with its chunks. The request that assembles it holds
 * the claim (`claimed_by`, renewed in `claimed_at`); a claim not renewed for GALLERY_UPLOAD.claimExpiresMs was left
 * by a process that died, and the next chunk of the upload takes it over.
 */
export const galleryUploads = pgTable(
  'gallery_uploads',
  {
    id: serial('id').primaryKey(),
    uuid: varchar('uuid', { length: 64 }).notNull(),
    gallery_id: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    total_chunks: integer('total_chunks').notNull(),
    total_size: integer('total_size').notNull(),
    claimed_by: varchar('claimed_by', { length: 32 }),
    claimed_at: ts('claimed_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('gallery_uploads_key_unique').on(t.gallery_id, t.user_id, t.uuid),
    index('gallery_uploads_updated_idx').on(t.updated_at),
  ],
);

/**
 * A `dzuuid` whose file was refused (not an image): its later chunks, and the client's retries, are refused too
 * instead of opening a new upload. Kept GALLERY_UPLOAD.refusedForMs, then swept.
 */
export const galleryUploadRefusals = pgTable(
  'gallery_upload_refusals',
  {
    gallery_id: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uuid: varchar('uuid', { length: 64 }).notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gallery_id, t.user_id, t.uuid] }),
    index('gallery_upload_refusals_created_idx').on(t.created_at),
  ],
);

/** One received chunk; a chunk sent again after a failure replaces itself (primary key upsert). */
export const galleryUploadChunks = pgTable(
  'gallery_upload_chunks',
  {
    upload_id: integer('upload_id')
      .notNull()
      .references(() => galleryUploads.id, { onDelete: 'cascade' }),
    chunk_index: integer('chunk_index').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.upload_id, t.chunk_index] })],
);

/*
 * ── Responsive renditions of record images (docs/features/media-storage.md "Renditions") ──
 */

/** One rendition made of an original: its pixel size and its format (sharp's name: avif, webp, jpeg, png, gif). */
export interface StoredRendition {
  width: number;
  height: number;
  format: 'avif' | 'webp' | 'jpeg' | 'png' | 'gif';
}

/**
 * The renditions made of one original, by its storage key (`page/7/ab12….jpg`): the original's pixel size and the
 * renditions stored under `<model>/<id>/renditions/<file>/`. A row is written once they are all stored, so the
 * site reads what exists from here (one primary-key lookup) instead of asking the storage; no row means none yet,
 * and the site shows the original. Stored names are never reused, so a row never goes stale; a replaced image's row
 * is removed with it.
 */
export const imageRenditions = pgTable('image_renditions', {
  key: varchar('key', { length: 400 }).primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  renditions: jsonb('renditions').$type<StoredRendition[]>().notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
