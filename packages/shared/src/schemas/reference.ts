import { z } from 'zod';
import { MODULES } from '../constants.js';
import {
  imageAltLangShape,
  metaLangShape,
  PUBLISH_DOWN_ISSUE,
  publishingShape,
  publishWindowValid,
  titleUrlLangShape,
  zLangs,
  zNonNegativeInt,
  zOptionalIdList,
  zRichText,
  zUpdatedAt,
} from '../zod-helpers.js';
import {
  keysOf,
  publishingAnswerShape,
  recordStampsShape,
  rowStampsShape,
  rowTranslationShape,
  zInt,
  zStringFields,
} from './article.js';

/**
 * The per-locale fields of a reference (docs/spec-index.md S2.3): title, title_url, content (the building part), content_road,
 * content_railway, meta_title, meta_description and panel_text.
 */
export const referenceLangShape = {
  ...titleUrlLangShape,
  content: zRichText,
  content_road: zRichText,
  content_railway: zRichText,
  ...metaLangShape,
  panel_text: zRichText,
  ...imageAltLangShape,
};
export const zReferenceLang = z.object(referenceLangShape);
export type ReferenceLang = z.infer<typeof zReferenceLang>;
export const REFERENCE_RICH_TEXT = ['content', 'content_road', 'content_railway', 'panel_text'] as const;

/**
 * The module whose categories a reference may carry. The specification defines no module of its own for
 * references (modules: 1 panels and blog, 2 galleries), so they share the general module 1.
 */
export const REFERENCE_CATEGORY_MODULE = MODULES.blog;

/**
 * Reference (docs/spec-index.md S2.3, S2.5): per-locale fields, status, categories, galleries, similar references, amount and
 * order (whole numbers ≥ 0) and the publishing window; the image file travels beside the schema.
 */
export const referenceSchema = z
  .object({
    langs: zLangs(zReferenceLang),
    ...publishingShape,
    categories: zOptionalIdList,
    galleries: zOptionalIdList,
    similars: zOptionalIdList,
    amount: zNonNegativeInt.default(0),
    order: zNonNegativeInt.default(0),
    updated_at: zUpdatedAt,
  })
  .refine(publishWindowValid, PUBLISH_DOWN_ISSUE);
export type ReferenceInput = z.infer<typeof referenceSchema>;

/** The list's sortable columns; the default is updated_at descending (docs/spec-index.md S2.9). */
export const REFERENCE_SORTS = ['updated_at', 'title', 'status', 'amount', 'order', 'id'] as const;
export const REFERENCE_DEFAULT_SORT = { sort: 'updated_at', order: 'desc' } as const;

/** A row of the reference list (`GET /api/reference`). */
export const referenceRowSchema = z
  .object({
    id: zInt,
    title: z.string(),
    status: z.boolean(),
    amount: zInt,
    order: zInt,
    ...rowTranslationShape,
    ...rowStampsShape,
  })
  .meta({ id: 'ReferenceRow' });
export type ReferenceRow = z.output<typeof referenceRowSchema>;

/** A reference as its form loads it (`GET /api/reference/{id}`); `image` is the stored file name. */
export const referenceRecordSchema = z
  .object({
    id: zInt,
    ...publishingAnswerShape,
    image: z.string().nullable(),
    amount: zInt,
    order: zInt,
    langs: zLangs(zStringFields(keysOf(referenceLangShape)).meta({ id: 'ReferenceLang' })),
    categories: z.array(zInt),
    galleries: z.array(zInt),
    similars: z.array(zInt),
    ...recordStampsShape,
  })
  .meta({ id: 'ReferenceRecord' });
export type ReferenceRecord = z.output<typeof referenceRecordSchema>;
