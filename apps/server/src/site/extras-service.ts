import type { Locale } from '@backoffice/shared';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { type GalleryLink, linkedGalleries } from './gallery-service.js';
import { publishedSimilars, type SimilarLink, type TitledKind } from './service.js';

/** A kind of record shown with galleries and similar records below it (news articles, references). */
export interface LinkedKind extends TitledKind {
  galleries: GalleryLink;
  similars: SimilarLink;
}

/** A kind's link tables, each as `[table, column of the record, column of the linked row]`. */
export const linkedKind = (
  kind: TitledKind,
  [galleryTable, galleryOwner, galleryColumn]: [PgTable, AnyPgColumn, AnyPgColumn],
  [similarTable, similarOwner, similarColumn]: [PgTable, AnyPgColumn, AnyPgColumn],
): LinkedKind => ({
  ...kind,
  galleries: { table: galleryTable, ownerColumn: galleryOwner, galleryColumn },
  similars: { table: similarTable, ownerColumn: similarOwner, similarColumn },
});

/** The published galleries and similar records shown below one record. */
export async function extrasOf(db: Db, kind: LinkedKind, id: number, locale: Locale, now = new Date()) {
  const [galleries, similars] = await Promise.all([
    linkedGalleries(db, kind.galleries, id, locale, now),
    publishedSimilars(db, kind, kind.similars, id, locale, now),
  ]);
  return { galleries, similars };
}
