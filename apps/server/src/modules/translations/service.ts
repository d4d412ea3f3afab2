import type { TranslationSummaryRow } from '@backoffice/shared';
import { and, countDistinct, eq, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  articleLangs,
  articles,
  categories,
  categoryLangs,
  galleries,
  galleryLangs,
  mailTemplateLangs,
  mailTemplates,
  pageLangs,
  pages,
  panelLangs,
  panels,
  partnerLangs,
  partners,
  referenceLangs,
  references,
  textLangs,
  texts,
} from '../../db/schema.js';

type Owner = PgTable & { id: AnyPgColumn; deleted_at: AnyPgColumn };
type Langs = PgTable & {
  language_code: AnyPgColumn;
  missing: AnyPgColumn;
  outdated: AnyPgColumn;
};

/** Every translated resource (docs/features/translations.md): its records, their language rows, the link column. */
const TRANSLATED: { model: TranslationSummaryRow['model']; owner: Owner; langs: Langs; ownerColumn: AnyPgColumn }[] = [
  { model: 'Page', owner: pages, langs: pageLangs, ownerColumn: pageLangs.page_id },
  { model: 'Text', owner: texts, langs: textLangs, ownerColumn: textLangs.text_id },
  { model: 'Panel', owner: panels, langs: panelLangs, ownerColumn: panelLangs.panel_id },
  { model: 'Category', owner: categories, langs: categoryLangs, ownerColumn: categoryLangs.category_id },
  { model: 'Blog', owner: articles, langs: articleLangs, ownerColumn: articleLangs.article_id },
  { model: 'Gallery', owner: galleries, langs: galleryLangs, ownerColumn: galleryLangs.gallery_id },
  { model: 'Reference', owner: references, langs: referenceLangs, ownerColumn: referenceLangs.reference_id },
  { model: 'Partner', owner: partners, langs: partnerLangs, ownerColumn: partnerLangs.partner_id },
  {
    model: 'MailTemplate',
    owner: mailTemplates,
    langs: mailTemplateLangs,
    ownerColumn: mailTemplateLangs.template_id,
  },
];

/**
 * How many live records of each translated resource miss a Slovak or an English field, or have an outdated
 * locale: the dashboard's translation card. Each count reads only the flagged language rows (partial indexes).
 */
export async function translationSummary(db: Db): Promise<TranslationSummaryRow[]> {
  return Promise.all(
    TRANSLATED.map(async ({ model, owner, langs, ownerColumn }) => {
      const flagged = (which: 'sk' | 'en' | 'outdated') =>
        which === 'outdated' ? eq(langs.outdated, true) : and(eq(langs.language_code, which), eq(langs.missing, true));
      const [row] = await db
        .select({
          missing_sk: sql<number>`count(*) filter (where ${flagged('sk')})`.mapWith(Number),
          missing_en: sql<number>`count(*) filter (where ${flagged('en')})`.mapWith(Number),
          outdated: countDistinct(sql`case when ${langs.outdated} then ${ownerColumn} end`),
        })
        .from(langs)
        .innerJoin(owner, eq(owner.id, ownerColumn))
        .where(and(or(eq(langs.missing, true), eq(langs.outdated, true)), isNull(owner.deleted_at)));
      return {
        model,
        missing_sk: row?.missing_sk ?? 0,
        missing_en: row?.missing_en ?? 0,
        outdated: Number(row?.outdated ?? 0),
      };
    }),
  );
}
