import {
  ARTICLE_LIKE_RICH_TEXT,
  articleLikeLangShape,
  GALLERY_DEFAULT_SORT,
  GALLERY_SORTS,
  type GalleryInput,
  type GalleryRecord,
  type GalleryRow,
  type ListResponse,
  type Locale,
  MODULES,
} from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { galleries, galleryCategories, galleryImages, galleryLangs } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { translations } from '../../resources/langs.js';
import { linkedTitlesColumn, links, relatedLinks } from '../../resources/links.js';
import { type ContentListQuery, iso, translatedList } from '../../resources/list.js';
import type { ContentWrites } from '../../resources/operations.js';
import { publishingValues, titledResource } from '../../resources/titled.js';
import { categoryLangRows } from '../categories/langs.js';
import { GALLERY_MEDIA } from './images-service.js';
import { canGallery } from './policy.js';

export const galleryLangRows = translations({
  owner: galleries,
  table: galleryLangs,
  ownerColumn: galleryLangs.gallery_id,
  fields: Object.keys(articleLikeLangShape) as (keyof typeof articleLikeLangShape)[],
  richText: ARTICLE_LIKE_RICH_TEXT,
  addressKind: 'gallery',
});

/** Categories of the Gallery module (docs/spec-index.md S1.3 Gallery). */
const related = relatedLinks({
  owner: galleries,
  categoryModule: MODULES.gallery,
  links: { categories: links(galleryCategories, galleryCategories.gallery_id, galleryCategories.category_id) },
});

/** The galleries' categories, for the list's bulk "assign a category" (resources/assign-category.ts). */
export const galleryCategorySpec = { links: related.links.categories, module: MODULES.gallery };

/**
 * How many images the gallery holds (the list's imageCount column, sortable). Both sides are qualified by hand:
 * drizzle leaves columns unqualified in a query of one table, where a bare "id" would mean gallery_images.id.
 */
const imageCount = sql<number>`(select count(*) from ${galleryImages}
  where ${galleryImages}.${sql.identifier('gallery_id')} = ${galleries}.${sql.identifier('id')})`.mapWith(Number);

export type GalleryFilters = ContentListQuery & { category_id?: number };

/** The gallery list in each language: the columns a page shows and the expression behind each sort. */
const galleryList = translatedList(galleryLangRows, {
  columns: (lang) => ({
    select: {
      id: galleries.id,
      categories: linkedTitlesColumn(related.links.categories, categoryLangRows, galleries.id, lang),
      title: galleryLangs.title,
      status: galleries.status,
      imageCount,
      updated_at: galleries.updated_at,
      deleted_at: galleries.deleted_at,
    },
    sorts: {
      updated_at: galleries.updated_at,
      title: galleryLangs.title,
      status: galleries.status,
      imageCount,
      id: galleries.id,
    },
  }),
  allowedSorts: GALLERY_SORTS,
  defaultSort: GALLERY_DEFAULT_SORT,
});

/** The gallery list: one page in the caller's language with category badges and image counts. */
export async function listGalleries(db: Db, query: GalleryFilters, lang: Locale): Promise<ListResponse<GalleryRow>> {
  const { rows, meta } = await galleryList(db, {
    query,
    lang,
    filters: [
      query.category_id === undefined ? undefined : related.links.categories.has(galleries.id, query.category_id),
    ],
  });
  return {
    data: rows.map((r) => ({
      ...r,
      updated_at: r.updated_at.toISOString(),
      deleted_at: iso(r.deleted_at),
    })),
    meta,
  };
}

/** One gallery with both language versions, its categories and image count; a removed one has deleted_at. */
export async function getGallery(db: Db, id: number): Promise<GalleryRecord> {
  const [row] = await db
    .select({
      id: galleries.id,
      status: galleries.status,
      image: galleries.image,
      publish_up: galleries.publish_up,
      publish_down: galleries.publish_down,
      imageCount,
      created_at: galleries.created_at,
      updated_at: galleries.updated_at,
      deleted_at: galleries.deleted_at,
    })
    .from(galleries)
    .where(eq(galleries.id, id))
    .limit(1);
  if (!row) throw notFound();
  return {
    id: row.id,
    status: row.status,
    image: row.image,
    publish_up: iso(row.publish_up),
    publish_down: iso(row.publish_down),
    langs: await galleryLangRows.read(db, id),
    ...(await related.read(db, id)),
    imageCount: row.imageCount,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
  };
}

/** Create, update, restore check and title_url check of galleries. */
export const galleryWrites = titledResource({
  tr: galleryLangRows,
  values: (input: GalleryInput) => publishingValues(input),
  errors: (tx, input, id) => related.errors(tx, input, id),
  details: (tx, id, input) => related.write(tx, id, input),
});

/** Gallery records as the operations write them (resources/operations.ts). */
export const galleryResource = (db: Db): ContentWrites<GalleryInput> => ({
  db,
  image: { media: GALLERY_MEDIA },
  table: galleries,
  model: 'Gallery',
  can: canGallery,
  read: getGallery,
  ...galleryWrites,
});
