import type { TranslationSummaryRow } from '@backoffice/shared';
import { and, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  articles,
  categories,
  galleries,
  mailTemplates,
  pages,
  panels,
  partners,
  references,
  texts,
} from '../../db/schema.js';

type Owner = PgTable & {
  id: AnyPgColumn;
  deleted_at: AnyPgColumn;
  translation_missing_sk: AnyPgColumn;
  translation_missing_en: AnyPgColumn;
  translation_outdated: AnyPgColumn;
  translation_outdated_sk: AnyPgColumn;
  translation_outdated_en: AnyPgColumn;
};

/** Every translated resource (docs/features/translations.md): its records, which carry their translation flags. */
const TRANSLATED: { model: TranslationSummaryRow['model']; owner: Owner }[] = [
  { model: 'Page', owner: pages },
  { model: 'Text', owner: texts },
  { model: 'Panel', owner: panels },
  { model: 'Category', owner: categories },
  { model: 'Blog', owner: articles },
  { model: 'Gallery', owner: galleries },
  { model: 'Reference', owner: references },
  { model: 'Partner', owner: partners },
  { model: 'MailTemplate', owner: mailTemplates },
];

/**
 * How many live records of each translated resource miss a Slovak or an English field, have an outdated locale,
 * an outdated Slovak, an outdated English: the dashboard's translation card. Each count reads only the flagged records (the flags' partial indexes).
 */
export async function translationSummary(db: Db): Promise<TranslationSummaryRow[]> {
  return Promise.all(
    TRANSLATED.map(async ({ model, owner }) => {
      const [row] = await db
        .select({
          missing_sk: sql<number>`count(*) filter (where ${owner.translation_missing_sk})`.mapWith(Number),
          missing_en: sql<number>`count(*) filter (where ${owner.translation_missing_en})`.mapWith(Number),
          outdated: sql<number>`count(*) filter (where ${owner.translation_outdated})`.mapWith(Number),
          outdated_sk: sql<number>`count(*) filter (where ${owner.translation_outdated_sk})`.mapWith(Number),
          outdated_en: sql<number>`count(*) filter (where ${owner.translation_outdated_en})`.mapWith(Number),
        })
        .from(owner)
        .where(
          and(
            or(owner.translation_missing_sk, owner.translation_missing_en, owner.translation_outdated),
            isNull(owner.deleted_at),
          ),
        );
      return {
        model,
        missing_sk: row?.missing_sk ?? 0,
        missing_en: row?.missing_en ?? 0,
        outdated: row?.outdated ?? 0,
        outdated_sk: row?.outdated_sk ?? 0,
        outdated_en: row?.outdated_en ?? 0,
      };
    }),
  );
}
