import { z } from 'zod';
import { ERR } from '../messages.js';
import {
  imageAltLangShape,
  PUBLISH_DOWN_ISSUE,
  publishingShape,
  publishWindowValid,
  titleUrlLangShape,
  zLangs,
  zNonNegativeInt,
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
 * A web address the public site links to: blank, or an absolute http(s) URL (never `javascript:` or `data:`),
 * at most 255 characters; anything else is errors.invalid.
 */
export const zWebUrl = z.preprocess(
  (v) => (v == null ? '' : v),
  z
    .string({ error: ERR.invalid })
    .trim()
    .max(255, ERR.invalid)
    .refine((s) => s === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(s), ERR.invalid),
);

/** The per-locale fields of a partner (docs/spec-index.md S2.3): title, title_url, content and the partner's url. */
export const partnerLangShape = { ...titleUrlLangShape, content: zRichText, url: zWebUrl, ...imageAltLangShape };
export const zPartnerLang = z.object(partnerLangShape);
export type PartnerLang = z.infer<typeof zPartnerLang>;
export const PARTNER_RICH_TEXT = ['content'] as const;

/** Partner (docs/spec-index.md S2.3, S2.5): per-locale fields, status, order (a whole number ≥ 0) and the publishing window. */
export const partnerSchema = z
  .object({
    langs: zLangs(zPartnerLang),
    ...publishingShape,
    order: zNonNegativeInt.default(0),
    updated_at: zUpdatedAt,
  })
  .refine(publishWindowValid, PUBLISH_DOWN_ISSUE);
export type PartnerInput = z.infer<typeof partnerSchema>;

/** The list's sortable columns; the default is order ascending (docs/spec-index.md S2.9). */
export const PARTNER_SORTS = ['order', 'title', 'status', 'updated_at', 'id'] as const;
export const PARTNER_DEFAULT_SORT = { sort: 'order', order: 'asc' } as const;

/** A row of the partner list (`GET /api/partner`). */
export const partnerRowSchema = z
  .object({ id: zInt, title: z.string(), status: z.boolean(), order: zInt, ...rowTranslationShape, ...rowStampsShape })
  .meta({ id: 'PartnerRow' });
export type PartnerRow = z.output<typeof partnerRowSchema>;

/** A partner as its form loads it (`GET /api/partner/{id}`); `image` is the stored file name of its logo. */
export const partnerRecordSchema = z
  .object({
    id: zInt,
    ...publishingAnswerShape,
    image: z.string().nullable(),
    order: zInt,
    langs: zLangs(zStringFields(keysOf(partnerLangShape)).meta({ id: 'PartnerLang' })),
    ...recordStampsShape,
  })
  .meta({ id: 'PartnerRecord' });
export type PartnerRecord = z.output<typeof partnerRecordSchema>;
