import { z } from 'zod';
import { INT4_MAX, isSiteSection, LOCALES } from '../constants.js';
import { ERR } from '../messages.js';
import {
  type PageLikeLang,
  zBool,
  zDateTimeOrNull,
  zLangs,
  zNullableId,
  zNullableText,
  zOptionalIdList,
  zPageLikeLang,
  zUpdatedAt,
} from '../zod-helpers.js';
import type { Langs } from './common.js';

/** The navigation panel of the page form: whether the page is in navigation and under which node. */
const zPageNavigation = z
  .object({ value: zBool.default(false), parent_id: zNullableId.default(null) })
  .default({ value: false, parent_id: null });

/**
 * Page (docs/spec-index.md S1.2 Page form, S1.3 Page, S1.5): page-like fields per locale, an optional hosted module narrowed to
 * one of its categories, the publishing window, the navigation placement and the linked galleries and panels.
 * `image` is accepted and ignored until the image pipeline handles it.
 */
export const pageSchema = z
  .object({
    langs: zLangs(zPageLikeLang),
    module_id: zNullableId.default(null),
    category_id: zNullableId.default(null),
    status: zBool.default(true),
    redirect: zNullableText(255).default(null),
    css_class: zNullableText(128).default(null),
    publish_up: zDateTimeOrNull.default(null),
    publish_down: zDateTimeOrNull.default(null),
    navigation: zPageNavigation,
    group_id: zNullableId.default(null),
    galleries: zOptionalIdList,
    panels: zOptionalIdList,
    updated_at: zUpdatedAt,
  })
  .refine((p) => !p.publish_up || !p.publish_down || Date.parse(p.publish_down) > Date.parse(p.publish_up), {
    path: ['publish_down'],
    message: ERR.publishDown,
  })
  .refine((p) => !p.navigation.value || p.group_id !== null, { path: ['group_id'], message: ERR.requiredSelect })
  .superRefine((p, ctx) => {
    for (const locale of LOCALES) {
      if (isSiteSection(p.langs[locale].title_url)) {
        ctx.addIssue({ code: 'custom', path: ['langs', locale, 'title_url'], message: ERR.titleUrlReserved });
      }
    }
  });
export type PageInput = z.infer<typeof pageSchema>;

/** `POST /api/content/page/validate/module_id`: the module, the page being edited (0 = new) and its category. */
export const moduleCheckSchema = z.object({
  value: zNullableId,
  id: z.preprocess(
    (v) => (v === '' || v == null || v === 'null' ? 0 : v),
    z.coerce.number({ error: ERR.invalid }).int(ERR.invalid).min(0, ERR.invalid).max(INT4_MAX, ERR.invalid),
  ),
  category_id: zNullableId.default(null),
});
export type ModuleCheck = z.infer<typeof moduleCheckSchema>;

/** The list's sortable columns; the default is title ascending (docs/spec-index.md S1.9). */
export const PAGE_SORTS = ['title', 'status', 'module_title', 'updated_at', 'id'] as const;
export const PAGE_DEFAULT_SORT = { sort: 'title', order: 'asc' } as const;
/** The teaser shown under a page's title in the list, as plain text of at most this many characters. */
export const PAGE_DESCRIPTION_MAX = 120;

export interface PageRow {
  id: number;
  title: string;
  description: string;
  status: boolean;
  navigation: boolean;
  module_id: number | null;
  module_title: string | null;
  updated_at: string;
  deleted_at: string | null;
}

export interface PageRecord {
  id: number;
  module_id: number | null;
  category_id: number | null;
  status: boolean;
  redirect: string | null;
  css_class: string | null;
  image: string | null;
  publish_up: string | null;
  publish_down: string | null;
  langs: Langs<PageLikeLang>;
  navigation: { value: boolean; parent_id: number | null };
  group_id: number | null;
  galleries: number[];
  panels: number[];
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
