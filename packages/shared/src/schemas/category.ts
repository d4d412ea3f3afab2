import { z } from 'zod';
import { ERR } from '../messages.js';
import {
  zBool,
  zDateTimeOrNull,
  zLangs,
  zNullableId,
  zNullableText,
  zPageLikeLang,
  zRequiredId,
  zUpdatedAt,
} from '../zod-helpers.js';
import { recordStampsShape, rowStampsShape, rowTranslationShape, zInstantOrNull, zInt } from './article.js';
import { pageLikeLangAnswer } from './page.js';

/**
 * Category (docs/spec-index.md S1.2 Category form, S1.3 "same fields as a page", S1.5): page-like fields per locale, the module
 * it belongs to, an optional parent in the same module, and the publishing window. `image` is accepted and
 * ignored until the image pipeline handles it.
 */
export const categorySchema = z
  .object({
    langs: zLangs(zPageLikeLang),
    module_id: zRequiredId,
    parent_id: zNullableId.default(null),
    status: zBool.default(true),
    redirect: zNullableText(255).default(null),
    css_class: zNullableText(128).default(null),
    publish_up: zDateTimeOrNull.default(null),
    publish_down: zDateTimeOrNull.default(null),
    updated_at: zUpdatedAt,
  })
  .refine((c) => !c.publish_up || !c.publish_down || Date.parse(c.publish_down) > Date.parse(c.publish_up), {
    path: ['publish_down'],
    message: ERR.publishDown,
  });
export type CategoryInput = z.infer<typeof categorySchema>;

/** The list's sortable columns; the default is title ascending (docs/spec-index.md S1.9). */
export const CATEGORY_SORTS = ['title', 'status', 'module_title', 'updated_at', 'id'] as const;
export const CATEGORY_DEFAULT_SORT = { sort: 'title', order: 'asc' } as const;

/** A row of the category list (`GET /api/content/category`), with its module's title in the request language. */
export const categoryRowSchema = z
  .object({
    id: zInt,
    title: z.string(),
    status: z.boolean(),
    module_id: zInt,
    module_title: z.string().nullable(),
    parent_id: zInt.nullable(),
    ...rowTranslationShape,
    ...rowStampsShape,
  })
  .meta({ id: 'CategoryRow' });
export type CategoryRow = z.output<typeof categoryRowSchema>;

/** A category as its form loads it (`GET /api/content/category/{id}`); `image` is the stored file name. */
export const categoryRecordSchema = z
  .object({
    id: zInt,
    module_id: zInt,
    parent_id: zInt.nullable(),
    status: z.boolean(),
    redirect: z.string().nullable(),
    css_class: z.string().nullable(),
    image: z.string().nullable(),
    publish_up: zInstantOrNull,
    publish_down: zInstantOrNull,
    langs: zLangs(pageLikeLangAnswer),
    ...recordStampsShape,
  })
  .meta({ id: 'CategoryRecord' });
export type CategoryRecord = z.output<typeof categoryRecordSchema>;
