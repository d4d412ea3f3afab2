// The translation workflow's shared rules (docs/features/translations.md): the server keeps each locale's state
// with them and the admin's form shows the same state while the user types.
import { z } from 'zod';
import { LOCALES, type Locale } from './constants.js';

/** The other locale of a bilingual record. */
export const otherLocale = (locale: Locale): Locale => (locale === 'sk' ? 'en' : 'sk');

/**
 * Whether a translated field counts as empty: blank once tags (other than images) and non-breaking spaces are
 * removed, so an editor's `<p><br></p>` is empty and an image alone is not.
 */
export function isEmptyTranslation(value: unknown): boolean {
  return (
    String(value ?? '')
      .replace(/<(?!img\b)[^>]*>|&nbsp;/gi, '')
      .trim() === ''
  );
}

/** The fields empty in `locale` that the other locale fills. */
export function missingFields(langs: Partial<Record<Locale, Record<string, unknown>>>, locale: Locale): string[] {
  const mine = langs[locale] ?? {};
  const theirs = langs[otherLocale(locale)] ?? {};
  return Object.keys(theirs).filter((f) => isEmptyTranslation(mine[f]) && !isEmptyTranslation(theirs[f]));
}

/** Both locales' missing fields. */
export const missingByLocale = (langs: Partial<Record<Locale, Record<string, unknown>>>) =>
  Object.fromEntries(LOCALES.map((l) => [l, missingFields(langs, l)])) as Record<Locale, string[]>;

/** A translated resource's count of live records per translation problem (`GET /api/stats/translations`). */
export const translationSummaryRowSchema = z
  .object({
    model: z.enum(['Page', 'Text', 'Panel', 'Category', 'Blog', 'Gallery', 'Reference', 'Partner', 'MailTemplate']),
    missing_sk: z.number().int(),
    missing_en: z.number().int(),
    outdated: z.number().int(),
  })
  .meta({ id: 'TranslationSummaryRow' });
export type TranslationSummaryRow = z.infer<typeof translationSummaryRowSchema>;
export const translationSummarySchema = z.object({ data: z.array(translationSummaryRowSchema) });
