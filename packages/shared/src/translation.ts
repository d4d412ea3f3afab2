// The translation workflow's shared rules (docs/features/translations.md): the server keeps each locale's state
// with them and the admin's form shows the same state while the user types.
import { z } from 'zod';
import { LOCALES, type Locale } from './constants.js';
import { ERR } from './messages.js';

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
    outdated_sk: z.number().int(),
    outdated_en: z.number().int(),
  })
  .meta({ id: 'TranslationSummaryRow' });
export type TranslationSummaryRow = z.infer<typeof translationSummaryRowSchema>;
export const translationSummarySchema = z.object({ data: z.array(translationSummaryRowSchema) });

/** "Mark as up to date": the locale that is current now, its text unchanged (`POST {id}/translation/current`). */
export const translationCurrentSchema = z.object({ locale: z.enum(LOCALES, { error: ERR.invalid }) });
export type TranslationCurrentInput = z.infer<typeof translationCurrentSchema>;

/** The locale asked about by `GET {id}/translation/changes`. */
export const translationChangesQuerySchema = translationCurrentSchema;

/** One field of the other locale as it was when this one was last current, and as it is now. */
export const translationChangeSchema = z
  .object({ field: z.string(), before: z.string(), after: z.string() })
  .meta({ id: 'TranslationChange' });
export type TranslationChange = z.infer<typeof translationChangeSchema>;

/**
 * What changed in the other locale since `locale` was last current (docs/features/translations.md): `current_at`,
 * the revision the comparison starts from (null when the history holds none from then), and the fields that differ
 * between that revision's other locale and the record's now. A locale that is not outdated has no changes.
 */
export const translationChangesSchema = z
  .object({
    locale: z.enum(LOCALES),
    outdated: z.boolean(),
    current_at: z.string().nullable(),
    revision: z.object({ id: z.number().int(), created_at: z.string(), action: z.string() }).nullable(),
    changes: z.array(translationChangeSchema),
  })
  .meta({ id: 'TranslationChanges' });
export type TranslationChanges = z.infer<typeof translationChangesSchema>;
