import { z } from 'zod';
import {
  PUBLISH_DOWN_ISSUE,
  publishingShape,
  publishWindowValid,
  zLangs,
  zOptionalIdList,
  zUpdatedAt,
} from '../zod-helpers.js';
import {
  articleLikeLangAnswer,
  categoryBadgeSchema,
  publishingAnswerShape,
  recordStampsShape,
  rowStampsShape,
  rowTranslationShape,
  zArticleLikeLang,
  zInt,
} from './article.js';

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

/** A row of the gallery list (`GET /api/gallery`); `imageCount` is the number of its images. */
export const galleryRowSchema = z
  .object({
    id: zInt,
    title: z.string(),
    status: z.boolean(),
    categories: z.array(categoryBadgeSchema),
    imageCount: zInt,
    ...rowTranslationShape,
    ...rowStampsShape,
  })
  .meta({ id: 'GalleryRow' });
export type GalleryRow = z.output<typeof galleryRowSchema>;

/** A gallery as its form loads it (`GET /api/gallery/{id}`); `image` is the stored file name of its cover. */
export const galleryRecordSchema = z
  .object({
    id: zInt,
    ...publishingAnswerShape,
    image: z.string().nullable(),
    langs: zLangs(articleLikeLangAnswer),
    categories: z.array(zInt),
    imageCount: zInt,
    ...recordStampsShape,
  })
  .meta({ id: 'GalleryRecord' });
export type GalleryRecord = z.output<typeof galleryRecordSchema>;
