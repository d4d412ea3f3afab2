import { z } from 'zod';
import {
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
export const articleLikeLangShape = { ...titleUrlLangShape, content: zRichText, ...metaLangShape };
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

/** When a record was created, last changed and (softly) removed, as the API sends them. */
export interface RecordStamps {
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A category badge of a list row: its id and title in the request language. */
export interface CategoryBadge {
  id: number;
  title: string;
}

export interface ArticleRow {
  id: number;
  title: string;
  status: boolean;
  primary: boolean;
  categories: CategoryBadge[];
  updated_at: string;
  deleted_at: string | null;
}

export interface ArticleRecord extends RecordStamps {
  id: number;
  status: boolean;
  primary: boolean;
  image: string | null;
  poster: string | null;
  publish_up: string | null;
  publish_down: string | null;
  langs: Langs<ArticleLikeLang>;
  categories: number[];
  galleries: number[];
  similars: number[];
}
