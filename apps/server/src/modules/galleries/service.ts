import type { LangOption, Locale } from '@backoffice/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { galleries, galleryLangs } from '../../db/schema.js';

/** The live galleries with their title in `lang` (spec 1 §7 Options: GET /api/gallery/list). */
export async function galleryOptions(db: Db, lang: Locale): Promise<LangOption[]> {
  const rows = await db
    .select({ id: galleries.id, title: galleryLangs.title })
    .from(galleries)
    .leftJoin(galleryLangs, and(eq(galleryLangs.gallery_id, galleries.id), eq(galleryLangs.language_code, lang)))
    .where(isNull(galleries.deleted_at))
    .orderBy(asc(galleryLangs.title), asc(galleries.id));
  return rows.map((r) => ({ id: r.id, lang: { title: r.title ?? '' } }));
}
