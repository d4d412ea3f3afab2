import { z } from 'zod';
import { ERR } from '../messages.js';
import {
  PUBLISH_DOWN_ISSUE,
  publishingShape,
  publishWindowValid,
  titleUrlLangShape,
  zLangs,
  zNonNegativeInt,
  zRichText,
  zUpdatedAt,
} from '../zod-helpers.js';
import type { RecordStamps } from './article.js';
import type { Langs } from './common.js';

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
export const partnerLangShape = { ...titleUrlLangShape, content: zRichText, url: zWebUrl };
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

export interface PartnerRow {
  id: number;
  title: string;
  status: boolean;
  order: number;
  updated_at: string;
  deleted_at: string | null;
}

export interface PartnerRecord extends RecordStamps {
  id: number;
  status: boolean;
  image: string | null;
  order: number;
  publish_up: string | null;
  publish_down: string | null;
  langs: Langs<PartnerLang>;
}
