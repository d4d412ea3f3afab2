import { z } from 'zod';
import { ERR } from '../messages.js';
import {
  type PageLikeLang,
  zBool,
  zDateTimeOrNull,
  zLangs,
  zNullableId,
  zNullableText,
  zPageLikeLang,
  zRequiredId,
  zUpdatedAt,
} from '../zod-helpers.js';
import type { Langs } from './common.js';

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

export interface CategoryRow {
  id: number;
  title: string;
  status: boolean;
  module_id: number;
  module_title: string | null;
  parent_id: number | null;
  updated_at: string;
  deleted_at: string | null;
}

export interface CategoryRecord {
  id: number;
  module_id: number;
  parent_id: number | null;
  status: boolean;
  redirect: string | null;
  css_class: string | null;
  image: string | null;
  publish_up: string | null;
  publish_down: string | null;
  langs: Langs<PageLikeLang>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
