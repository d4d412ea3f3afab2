import { z } from 'zod';
import {
  PUBLISH_DOWN_ISSUE,
  publishingShape,
  publishWindowValid,
  zLangs,
  zOptionalIdList,
  zUpdatedAt,
} from '../zod-helpers.js';
import { type ArticleLikeLang, type CategoryBadge, type RecordStamps, zArticleLikeLang } from './article.js';
import type { Langs } from './common.js';

/**
 * Gallery (docs/spec-index.md S1.3 Gallery, S1.5): article-like fields per locale, status, categories (of the Gallery module)
 * and the publishing window; the image file travels beside the schema. Its images have their own screen.
 */
export const gallerySchema = z
  .object({
    langs: zLangs(zArticleLikeLang),
    ...publishingShape,
    categories: zOptionalIdList,
    updated_at: zUpdatedAt,
  })
  .refine(publishWindowValid, PUBLISH_DOWN_ISSUE);
export type GalleryInput = z.infer<typeof gallerySchema>;

/** The list's sortable columns (imageCount: by the number of images); the default is updated_at descending. */
export const GALLERY_SORTS = ['updated_at', 'title', 'status', 'imageCount', 'id'] as const;
export const GALLERY_DEFAULT_SORT = { sort: 'updated_at', order: 'desc' } as const;

export interface GalleryRow {
  id: number;
  title: string;
  status: boolean;
  categories: CategoryBadge[];
  imageCount: number;
  updated_at: string;
  deleted_at: string | null;
}

export interface GalleryRecord extends RecordStamps {
  id: number;
  status: boolean;
  image: string | null;
  publish_up: string | null;
  publish_down: string | null;
  langs: Langs<ArticleLikeLang>;
  categories: number[];
  imageCount: number;
}
