import type { Locale } from '@backoffice/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { galleries, galleryImageLangs, galleryImages, galleryLangs } from '../db/schema.js';
import { isPublished, publishedAt, type TitledKind, titleUrlsOf } from './service.js';

const GALLERIES: TitledKind = { owner: galleries, langs: galleryLangs, langOwner: galleryLangs.gallery_id };

/** One shown image of a gallery: its stored file, its title and alternative text in the page's locale. */
export interface SiteImage {
  galleryId: number;
  file: string;
  title: string;
  alt: string;
  width: number;
  height: number;
}

/** A published gallery with its shown images, in image order. */
export interface SiteGallery {
  id: number;
  title: string;
  titleUrl: string;
  images: SiteImage[];
}

/** A link table from a record to its galleries (page_galleries, article_galleries, reference_galleries). */
export interface GalleryLink {
  table: PgTable;
  ownerColumn: AnyPgColumn;
  galleryColumn: AnyPgColumn;
}

/** The published images (status true; hidden ones never) of these galleries, in each gallery's image order. */
async function imagesOf(db: Db, galleryIds: number[], locale: Locale): Promise<Map<number, SiteImage[]>> {
  const byGallery = new Map<number, SiteImage[]>();
  if (galleryIds.length === 0) return byGallery;
  const rows = await db
    .select({
      galleryId: galleryImages.gallery_id,
      file: galleryImages.file,
      title: galleryImageLangs.title,
      alt: galleryImageLangs.alt,
      width: galleryImages.width,
      height: galleryImages.height,
    })
    .from(galleryImages)
    .leftJoin(
      galleryImageLangs,
      and(eq(galleryImageLangs.gallery_image_id, galleryImages.id), eq(galleryImageLangs.language_code, locale)),
    )
    .where(and(inArray(galleryImages.gallery_id, galleryIds), eq(galleryImages.status, true)))
    .orderBy(asc(galleryImages.gallery_id), asc(galleryImages.position), asc(galleryImages.id));
  for (const row of rows) {
    const image = { ...row, title: row.title ?? '', alt: row.alt ?? '' };
    byGallery.set(row.galleryId, [...(byGallery.get(row.galleryId) ?? []), image]);
  }
  return byGallery;
}

/** The published galleries a record links to through `link`, by title in `locale`, each with its shown images. */
export async function linkedGalleries(
  db: Db,
  link: GalleryLink,
  ownerId: number,
  locale: Locale,
  now = new Date(),
): Promise<SiteGallery[]> {
  const rows = await db
    .select({ id: galleries.id, title: galleryLangs.title, titleUrl: galleryLangs.title_url })
    .from(link.table)
    .innerJoin(galleries, eq(galleries.id, link.galleryColumn))
    .innerJoin(galleryLangs, and(eq(galleryLangs.gallery_id, galleries.id), eq(galleryLangs.language_code, locale)))
    .where(and(eq(link.ownerColumn, ownerId), publishedAt(galleries, now)))
    .orderBy(asc(galleryLangs.title), asc(galleries.id));
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
    locale,
  );
  return rows.map((row) => ({ ...row, images: images.get(row.id) ?? [] }));
}

/** One gallery as its own page shows it. */
export interface SiteGalleryPage extends SiteGallery {
  published: boolean;
  content: string;
  metaTitle: string;
  metaDescription: string;
  titleUrls: Partial<Record<Locale, string>>;
}

/** The live gallery at `titleUrl` in `locale`, published or not (galleries have no preview, so the caller 404s). */
export async function findGallery(
  db: Db,
  locale: Locale,
  titleUrl: string,
  now = new Date(),
): Promise<SiteGalleryPage | undefined> {
  const [row] = await db
    .select({
      id: galleries.id,
      published: isPublished(galleries, now),
      title: galleryLangs.title,
      titleUrl: galleryLangs.title_url,
      content: galleryLangs.content,
      metaTitle: galleryLangs.meta_title,
      metaDescription: galleryLangs.meta_description,
    })
    .from(galleries)
    .innerJoin(galleryLangs, and(eq(galleryLangs.gallery_id, galleries.id), eq(galleryLangs.language_code, locale)))
    .where(and(isNull(galleries.deleted_at), eq(galleryLangs.title_url, titleUrl)))
    .limit(1);
  if (!row) return undefined;
  const [images, titleUrls] = await Promise.all([imagesOf(db, [row.id], locale), titleUrlsOf(db, GALLERIES, row.id)]);
  return { ...row, images: images.get(row.id) ?? [], titleUrls };
}
