import { z } from 'zod';
import { INT4_MAX, isSiteSection, LOCALES } from '../constants.js';
import { ERR } from '../messages.js';
import {
  type PageLikeLang,
  pageLikeLangShape,
  zBool,
  zDateTimeOrNull,
  zLangs,
  zNullableId,
  zNullableText,
  zOptionalIdList,
  zPageLikeLang,
  zUpdatedAt,
} from '../zod-helpers.js';
import {
  keysOf,
  recordStampsShape,
  rowStampsShape,
  rowTranslationShape,
  zInstantOrNull,
  zInt,
  zStringFields,
} from './article.js';
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
  .refine((p) => !p.navigation.value || p.group_id !== null, { path: ['group_id'], message: ERR.requiredOption })
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

/** The page-like fields of one locale as a record answers them (pages, categories). */
export const pageLikeLangAnswer = zStringFields(keysOf(pageLikeLangShape)).meta({ id: 'PageLikeLang' });

/** A row of the page list (`GET /api/content/page`): `description` is the teaser as one line of plain text. */
export const pageRowSchema = z
  .object({
    id: zInt,
    title: z.string(),
    description: z.string(),
    status: z.boolean(),
    navigation: z.boolean().meta({ description: 'Whether the page has a node in a navigation group.' }),
    module_id: zInt.nullable(),
    module_title: z.string().nullable(),
    ...rowTranslationShape,
    ...rowStampsShape,
  })
  .meta({ id: 'PageRow' });
export type PageRow = z.output<typeof pageRowSchema>;

/**
 * A page as its form loads it (`GET /api/content/page/{id}`): its navigation placement (`navigation`, `group_id`),
 * the ids of its galleries and panels; `image` is the stored file name.
 */
export const pageRecordSchema = z
  .object({
    id: zInt,
    module_id: zInt.nullable(),
    category_id: zInt.nullable(),
    status: z.boolean(),
    redirect: z.string().nullable(),
    css_class: z.string().nullable(),
    image: z.string().nullable(),
    publish_up: zInstantOrNull,
    publish_down: zInstantOrNull,
    langs: zLangs(pageLikeLangAnswer),
    navigation: z.object({ value: z.boolean(), parent_id: zInt.nullable() }),
    group_id: zInt.nullable(),
    galleries: z.array(zInt),
    panels: z.array(zInt),
    ...recordStampsShape,
  })
  .meta({ id: 'PageRecord' });
export type PageRecord = z.output<typeof pageRecordSchema>;

// The answer's langs and the form's lang type agree (a compile-time check).
export const pageShapesAgree: [
  Langs<PageLikeLang> extends PageRecord['langs'] ? true : false,
  PageRecord['langs'] extends Langs<PageLikeLang> ? true : false,
] = [true, true];
