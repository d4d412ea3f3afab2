import { z } from 'zod';
import {
  imageAltLangShape,
  metaLangShape,
  PUBLISH_DOWN_ISSUE,
  publishingShape,
  publishWindowValid,
  titleUrlLangShape,
  zBool,
  zIdList,
  zLangs,
  zOptionalIdList,
  zRichText,
  zUpdatedAt,
} from '../zod-helpers.js';
import type { Langs } from './common.js';

/** The per-locale fields of a news article and of a gallery: title, title_url, content, meta_title, meta_description. */
export const articleLikeLangShape = {
  ...titleUrlLangShape,
  content: zRichText,
  ...metaLangShape,
  ...imageAltLangShape,
};
export const zArticleLikeLang = z.object(articleLikeLangShape);
export type ArticleLikeLang = z.infer<typeof zArticleLikeLang>;
/** The article-like fields that hold rich text and are sanitised on save. */
export const ARTICLE_LIKE_RICH_TEXT = ['content'] as const;

/**
 * News article (docs/spec-index.md S1.3 Blog article, S1.5): article-like fields per locale, status, primary, the required
 * categories (of the News module), linked galleries, similar articles and the publishing window. The image and
 * poster files travel beside the schema (docs/api.md Writes).
 */
export const articleSchema = z
  .object({
    langs: zLangs(zArticleLikeLang),
    ...publishingShape,
    primary: zBool.default(false),
    categories: zIdList,
    galleries: zOptionalIdList,
    similars: zOptionalIdList,
    updated_at: zUpdatedAt,
  })
  .refine(publishWindowValid, PUBLISH_DOWN_ISSUE);
export type ArticleInput = z.infer<typeof articleSchema>;

/** The list's sortable columns; the default is updated_at descending (docs/spec-index.md S1.9). */
export const ARTICLE_SORTS = ['updated_at', 'title', 'status', 'id'] as const;
export const ARTICLE_DEFAULT_SORT = { sort: 'updated_at', order: 'desc' } as const;

// The answers' pieces below are shared by the content resources' answer schemas (docs/api.md "OpenAPI document").

/** An instant as the answers carry it: `Date.toISOString()`, UTC. Named, so the document states its pattern once. */
export const zInstant = z.iso.datetime().meta({ id: 'Instant', description: 'An ISO 8601 instant in UTC.' });
/** An instant or null (a removal, a publishing bound that is not set). */
export const zInstantOrNull = z.iso
  .datetime()
  .nullable()
  .meta({ id: 'InstantOrNull', description: 'An ISO 8601 instant in UTC, or null.' });
/** A whole number as the answers carry ids, counts and orders. */
export const zInt = z.number().int();
/** An object of string fields: the translated fields of one locale as a record answers them. */
export const zStringFields = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.string()])) as Record<K, z.ZodString>);
/** The keys of a lang shape, as `zStringFields` takes them. */
export const keysOf = <S extends Record<string, unknown>>(shape: S) => Object.keys(shape) as (keyof S & string)[];

/** When a record was created, last changed and (softly) removed, as the API sends them. */
export interface RecordStamps {
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
/** `RecordStamps` as schema fields. */
export const recordStampsShape = { created_at: zInstant, updated_at: zInstant, deleted_at: zInstantOrNull };
/** A list row's stamps: the last change and the removal. */
export const rowStampsShape = { updated_at: zInstant, deleted_at: zInstantOrNull };
/** The publishing window of a record, as answered. */
export const publishingAnswerShape = { status: z.boolean(), publish_up: zInstantOrNull, publish_down: zInstantOrNull };

/**
 * Each locale's translation state in a row of a translated list (docs/features/translations.md). Optional in the
 * rows' schemas: the list helper adds it beside the selected fields, and its rows' type does not name it yet.
 */
export const translationStatusSchema = zLangs(z.enum(['complete', 'missing', 'outdated'])).meta({
  id: 'TranslationStatus',
  description: 'Per locale: complete, missing (a field the other locale fills is empty) or outdated.',
});
/** A translated list row's `translation` field. */
export const rowTranslationShape = { translation: translationStatusSchema.optional() };

/** A category badge of a list row: its id and title in the request language. */
export const categoryBadgeSchema = z.object({ id: zInt, title: z.string() }).meta({ id: 'CategoryBadge' });
export type CategoryBadge = z.output<typeof categoryBadgeSchema>;

/** The article-like fields of one locale as a record answers them (news articles, galleries). */
export const articleLikeLangAnswer = zStringFields(keysOf(articleLikeLangShape)).meta({ id: 'ArticleLikeLang' });

/** A row of the news list (`GET /api/blog`). */
export const articleRowSchema = z
  .object({
    id: zInt,
    title: z.string(),
    status: z.boolean(),
    primary: z.boolean(),
    categories: z.array(categoryBadgeSchema),
    ...rowTranslationShape,
    ...rowStampsShape,
  })
  .meta({ id: 'ArticleRow' });
export type ArticleRow = z.output<typeof articleRowSchema>;

/** A news article as its form loads it (`GET /api/blog/{id}`); `image` and `poster` are stored file names. */
export const articleRecordSchema = z
  .object({
    id: zInt,
    ...publishingAnswerShape,
    primary: z.boolean(),
    image: z.string().nullable(),
    poster: z.string().nullable(),
    langs: zLangs(articleLikeLangAnswer),
    categories: z.array(zInt),
    galleries: z.array(zInt),
    similars: z.array(zInt),
    ...recordStampsShape,
  })
  .meta({ id: 'ArticleRecord' });
export type ArticleRecord = z.output<typeof articleRecordSchema>;

// The answer types above and the form's lang type agree (a compile-time check).
export const articleShapesAgree: [
  Langs<ArticleLikeLang> extends ArticleRecord['langs'] ? true : false,
  ArticleRecord['langs'] extends Langs<ArticleLikeLang> ? true : false,
] = [true, true];
