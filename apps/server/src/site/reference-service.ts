import { LIMITS, type Locale } from '@backoffice/shared';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { referenceGalleries, referenceLangs, referenceSimilars, references } from '../db/schema.js';
import { extrasOf, linkedKind } from './extras-service.js';
import { isPublished, langJoin, plainTextOf, publishedAt, titleUrlsOf } from './service.js';

const REFERENCES = linkedKind(
  { owner: references, langs: referenceLangs, langOwner: referenceLangs.reference_id },
  [referenceGalleries, referenceGalleries.reference_id, referenceGalleries.gallery_id],
  [referenceSimilars, referenceSimilars.reference_id, referenceSimilars.similar_id],
);

/** How many references one page of the reference list shows. */
export const REFERENCES_PER_PAGE = 10;
const TEASER_MAX = 220;

/** A reference as the reference list shows it. */
export interface ReferenceItem {
  id: number;
  title: string;
  titleUrl: string;
  image: string | null;
  /** The image's alternative text in the locale (empty: the image only decorates). */
  imageAlt: string;
  teaser: string;
}

/** One page (1-based) of the published references in `locale`, by `order` ascending then newest; with the total. */
export async function listReferences(
  db: Db,
  locale: Locale,
  page: number,
  now = new Date(),
): Promise<{ items: ReferenceItem[]; total: number }> {
  const where = publishedAt(references, now);
  const [counted, rows] = await Promise.all([
    db.select({ total: count() }).from(references).where(where),
    db
      .select({
        id: references.id,
        title: referenceLangs.title,
        titleUrl: referenceLangs.title_url,
        image: references.image,
        imageAlt: referenceLangs.image_alt,
        panelText: referenceLangs.panel_text,
        content: referenceLangs.content,
      })
      .from(references)
      .innerJoin(referenceLangs, langJoin(REFERENCES, locale))
      .where(where)
      .orderBy(asc(references.order), desc(references.created_at), desc(references.id))
      .limit(REFERENCES_PER_PAGE)
      .offset((page - 1) * REFERENCES_PER_PAGE),
  ]);
  const items = rows.map(({ panelText, content, ...row }) => ({
    ...row,
    teaser: plainTextOf(panelText || content, TEASER_MAX),
  }));
  return { items, total: counted[0]?.total ?? 0 };
}

/** One reference as its own page shows it. */
export interface SiteReference {
  id: number;
  published: boolean;
  image: string | null;
  amount: number;
  title: string;
  titleUrl: string;
  content: string;
  contentRoad: string;
  contentRailway: string;
  panelText: string;
  metaTitle: string;
  metaDescription: string;
  /** The image's alternative text in the locale (empty: the image only decorates). */
  imageAlt: string;
  titleUrls: Partial<Record<Locale, string>>;
}

/** The live reference at title_url `where` in `locale` (or the one with `where.id`), published or not: the caller decides whether a preview shows it. */
export async function findReference(
  db: Db,
  locale: Locale,
  where: string | { id: number },
  now = new Date(),
): Promise<SiteReference | undefined> {
  const [row] = await db
    .select({
      id: references.id,
      published: isPublished(references, now),
      image: references.image,
      amount: references.amount,
      title: referenceLangs.title,
      titleUrl: referenceLangs.title_url,
      content: referenceLangs.content,
      contentRoad: referenceLangs.content_road,
      contentRailway: referenceLangs.content_railway,
      panelText: referenceLangs.panel_text,
      metaTitle: referenceLangs.meta_title,
      metaDescription: referenceLangs.meta_description,
      imageAlt: referenceLangs.image_alt,
    })
    .from(references)
    .innerJoin(referenceLangs, langJoin(REFERENCES, locale))
    .where(
      and(
        isNull(references.deleted_at),
        typeof where === 'string' ? eq(referenceLangs.title_url, where) : eq(references.id, where.id),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return {
    ...row,
    metaDescription: row.metaDescription || plainTextOf(row.panelText || row.content, LIMITS.metaDescriptionMax),
    titleUrls: await titleUrlsOf(db, REFERENCES, row.id),
  };
}

/** The galleries and similar references shown below a reference. */
export const referenceExtras = (db: Db, id: number, locale: Locale, now = new Date()) =>
  extrasOf(db, REFERENCES, id, locale, now);
