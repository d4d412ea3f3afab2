import { z } from 'zod';
import { INT4_MAX, LIMITS } from '../constants.js';
import { ERR } from '../messages.js';
import { zId } from '../zod-helpers.js';

/**
 * The values of a translated list's `translation` filter: a locale missing a field, either locale outdated, or one
 * named locale outdated (docs/features/translations.md).
 */
export const TRANSLATION_FILTERS = ['missing_sk', 'missing_en', 'outdated', 'outdated_sk', 'outdated_en'] as const;
export type TranslationFilter = (typeof TRANSLATION_FILTERS)[number];

/** Query of every paged list (docs/api.md): page, per_page ≤ 100, sort, order, search, trashed. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.perPageMax)
    .catch(LIMITS.perPageDefault)
    .default(LIMITS.perPageDefault),
  sort: z.string().max(64).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  search: z.string().trim().max(200).optional().catch(undefined),
  trashed: z.enum(['only', 'with']).optional().catch(undefined),
  /**
   * The translated lists' filter by translation state (docs/features/translations.md): a locale missing a field
   * the other fills, either locale outdated, or the Slovak or the English; other lists ignore it. Any other value is
   * refused (422 naming the filter), so that a mistyped filter does not answer the whole list as if it were filtered.
   */
  translation: z.enum(TRANSLATION_FILTERS, { error: ERR.invalid }).optional(),
  /** The `meta.cursors.after` of the previous page: the next page starts after its last row (docs/api.md Lists). */
  after: z.string().max(LIMITS.cursorMax).optional().catch(undefined),
  /** The `meta.cursors.before` of the next page: the previous page ends before its first row. */
  before: z.string().max(LIMITS.cursorMax).optional().catch(undefined),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** A filter value `1|0` → boolean; anything else means "no filter". */
export const zFilterBool = z
  .enum(['1', '0'])
  .transform((v) => v === '1')
  .optional()
  .catch(undefined);

/**
 * A filter by id: a whole number beyond the database's id range is refused (422 naming the filter, SECURITY.md);
 * anything else that is not a positive whole number (blank, `abc`, `-1`) means "no filter".
 */
export const zFilterId = z.preprocess((v) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}, z.number().max(INT4_MAX, ERR.invalid).optional());

export const bulkSchema = z.object({
  rows: z.preprocess((v) => (Array.isArray(v) ? v : v == null ? [] : [v]), z.array(zId).min(1).max(1000)),
});
export type BulkInput = z.infer<typeof bulkSchema>;

export const BULK_ACTIONS = ['publish', 'hide', 'destroy'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * `POST <base>/array/category`: the category to add to the selected records of a list whose records have
 * categories (docs/features/lists.md "Duplicate and assign a category"); `array/duplicate` takes `bulkSchema`.
 */
export const bulkCategorySchema = bulkSchema.extend({
  category_id: z.coerce
    .number({ error: ERR.requiredOption })
    .int(ERR.requiredOption)
    .positive(ERR.requiredOption)
    .max(INT4_MAX, ERR.requiredOption),
});
export type BulkCategoryInput = z.infer<typeof bulkCategorySchema>;
