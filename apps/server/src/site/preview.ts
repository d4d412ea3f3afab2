// The preview of a form's values before they are saved (docs/features/drafts.md "Preview"): the admin posts what the
// form holds, the site renders the record with it in its real templates. The record as saved (or a blank one, for a
// record not created yet) gives everything the form does not hold; the typed values replace its texts.
import { LOCALES } from '@backoffice/shared';
import { z } from 'zod';
import type { SiteArticle } from './news-service.js';
import type { SiteReference } from './reference-service.js';
import type { SitePage } from './service.js';

/** The kinds the site previews, by the path segment of the preview route. */
export const PREVIEW_KINDS = ['page', 'article', 'reference'] as const;
export type TypedKind = (typeof PREVIEW_KINDS)[number];

/**
 * What the admin posts: the form's values as its save would send them, read leniently (a half-typed form is
 * previewed as it is; the templates escape text and sanitise rich text). Only text and number fields are used.
 */
export const typedRecordSchema = z.looseObject({
  langs: z.partialRecord(z.enum(LOCALES), z.record(z.string().max(64), z.unknown())).default({}),
});
export type TypedRecord = z.output<typeof typedRecordSchema>;

const camelCase = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** `base` with each of `typed`'s fields (snake_case) that it holds as text or a number (camelCase) replaced. */
function over<R extends object>(base: R, typed: Record<string, unknown>): R {
  const next: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(typed)) {
    const field = camelCase(key);
    if (
      field in next &&
      (typeof value === 'string' || typeof value === 'number') &&
      typeof next[field] === typeof value
    )
      next[field] = value;
  }
  return next as R;
}

/** The record as the site would show it in `locale` once `typed` is saved. */
export function typedOver<R extends object>(base: R, typed: TypedRecord, locale: (typeof LOCALES)[number]): R {
  const { langs, ...fields } = typed;
  return over(over(base, fields), langs[locale] ?? {});
}

/** The record a create form starts from: nothing saved yet, so no image, galleries or panels. */
export function blankRecord(kind: 'page'): SitePage;
export function blankRecord(kind: 'article'): SiteArticle;
export function blankRecord(kind: 'reference'): SiteReference;
export function blankRecord(kind: TypedKind): SitePage | SiteArticle | SiteReference {
  const texts = {
    id: 0,
    published: false,
    title: '',
    titleUrl: '',
    metaTitle: '',
    metaDescription: '',
    imageAlt: '',
    titleUrls: {},
  };
  if (kind === 'page') {
    const none = { image: null, redirect: null, moduleId: null, categoryId: null, cssClass: null };
    return { ...texts, ...none, claim: '', content: '', pageText: '' };
  }
  if (kind === 'article') {
    const now = new Date();
    return { ...texts, updatedAt: now, date: now, image: null, poster: null, content: '', categories: [] };
  }
  return { ...texts, image: null, amount: 0, content: '', contentRoad: '', contentRailway: '', panelText: '' };
}
