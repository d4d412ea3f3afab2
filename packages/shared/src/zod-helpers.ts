import { z } from 'zod';
import { INT4_MAX, LIMITS, LOCALES, type Locale } from './constants.js';
import { ERR } from './messages.js';

/** A boolean that also accepts the multipart spellings 1/0 and true/false. */
export const zBool = z.preprocess(
  (v) => {
    if (v === '1' || v === 'true' || v === 1) return true;
    if (v === '0' || v === 'false' || v === 0 || v === '') return false;
    return v;
  },
  z.boolean({ error: ERR.invalid }),
);

/** A positive integer id that also accepts its string form. */
export const zId = z.coerce
  .number({ error: ERR.invalid })
  .int(ERR.invalid)
  .positive(ERR.invalid)
  .max(INT4_MAX, ERR.invalid);

/** A path parameter id (`{id}`, `{galleryId}` …). It carries no message: a malformed one answers 404. */
export const zPathId = z.coerce.number().int().positive().max(INT4_MAX);

/** A path or query id where 0 names a record not saved yet (the parents offered to a new page). */
export const zPathIdOrNew = z.coerce.number().int().min(0).max(INT4_MAX);

/** The record a remote uniqueness check is about: 0, blank, 'null' or missing for a new record. */
export const zCheckedRecordId = z.preprocess((v) => (v === '' || v == null || v === 'null' ? 0 : v), zPathIdOrNew);

/** An optional list of ids (galleries, panels, similars): missing or blank is the empty list, duplicates are dropped. */
export const zOptionalIdList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(zId)
    .max(1000)
    .transform((ids) => [...new Set(ids)]),
);

/** A required list of ids, at least one (errors.requiredSelect). */
export const zIdList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(zId).min(1, ERR.requiredSelect),
);

/** Optional rich text: missing, null and empty all become the empty string. */
export const zRichText = z.preprocess((v) => (v == null ? '' : v), z.string({ error: ERR.invalid }).max(200_000));

export const zTitle = z.string({ error: ERR.min3 }).trim().min(LIMITS.titleMin, ERR.min3).max(255);

/** The address segment of a page-like record: required, at least 3 characters (uniqueness is the server's). */
export const zTitleUrl = z.string({ error: ERR.min3 }).trim().min(LIMITS.titleUrlMin, ERR.min3).max(255);

/** Optional plain text of at most `max` characters, reported with `key`; missing and null become ''. */
export const zShortText = (max: number, key: string = ERR.invalid) =>
  z.preprocess((v) => (v == null ? '' : v), z.string({ error: key }).trim().max(max, key));

/** An optional one-line value (redirect, css_class): blank becomes null. */
export const zNullableText = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v == null ? null : v),
    z
      .string({ error: ERR.invalid })
      .trim()
      .max(max, ERR.invalid)
      .transform((s) => s || null)
      .nullable(),
  );

/** An optional reference to another row: '', 0, null and missing all mean "none". */
export const zNullableId = z.preprocess(
  (v) => (v === '' || v == null || v === 0 || v === '0' || v === 'null' ? null : v),
  z.coerce.number({ error: ERR.invalid }).int(ERR.invalid).positive(ERR.invalid).max(INT4_MAX, ERR.invalid).nullable(),
);

/** A required choice from a select (module_id): a positive id, else errors.requiredOption. */
export const zRequiredId = z.coerce
  .number({ error: ERR.requiredOption })
  .int(ERR.requiredOption)
  .positive(ERR.requiredOption)
  .max(INT4_MAX, ERR.requiredOption);

/** The instants a `timestamptz` column takes from an ISO text: years 1 to 9999 in UTC (year 0 is refused). */
const STORABLE_FROM = Date.parse('0001-01-01T00:00:00Z');
const STORABLE_UNTIL = Date.parse('9999-12-31T23:59:59.999Z');
/** Whether an ISO date-time falls inside what the database stores. */
export const isStorableInstant = (iso: string) => {
  const at = Date.parse(iso);
  return at >= STORABLE_FROM && at <= STORABLE_UNTIL;
};
/** An ISO date-time with offset that the database can store. */
const zIsoInstant = z.iso.datetime({ offset: true, error: ERR.invalid }).refine(isStorableInstant, ERR.invalid);

/** An ISO date-time with offset, or null when blank (publish_up, publish_down). */
export const zDateTimeOrNull = z.preprocess(
  (v) => (v === '' || v == null || v === 'null' ? null : v),
  zIsoInstant.nullable(),
);

/** Per-locale title and rich-text content (texts, panels). */
export const zTitleContentLang = z.object({ title: zTitle, content: zRichText });

/** Per-locale title and address of a record with its own public page (title_url unique: the server's check). */
export const titleUrlLangShape = { title: zTitle, title_url: zTitleUrl };
/** Per-locale SEO fields: meta_title ≤ 60 (errors.max60), meta_description ≤ 160 (errors.max160). */
export const metaLangShape = {
  meta_title: zShortText(LIMITS.metaTitleMax, ERR.max60),
  meta_description: zShortText(LIMITS.metaDescriptionMax, ERR.max160),
};

/**
 * The record image's alternative text in one locale, at most 255 characters: what the site's `<img alt>` says (empty
 * for an image that only decorates). Every record with an image has it beside its other translated fields.
 */
export const imageAltLangShape = { image_alt: zShortText(255) };

/**
 * The per-locale fields of a page-like record (pages, categories; docs/spec-index.md S1.2 Page form): title, title_url,
 * the rich texts content, teaser and page_text, meta_title ≤ 60, meta_description ≤ 160, claim.
 */
export const pageLikeLangShape = {
  ...titleUrlLangShape,
  content: zRichText,
  teaser: zRichText,
  page_text: zRichText,
  ...metaLangShape,
  claim: zShortText(10_000),
  ...imageAltLangShape,
};
export const zPageLikeLang = z.object(pageLikeLangShape);
export type PageLikeLang = z.infer<typeof zPageLikeLang>;
/** The page-like fields that hold rich text and are sanitised on save. */
export const PAGE_LIKE_RICH_TEXT = ['content', 'teaser', 'page_text'] as const;

/** The same shape for every locale: `{sk: T, en: T}`. */
export function zLangs<T extends z.ZodType>(shape: T) {
  return z.object(Object.fromEntries(LOCALES.map((l) => [l, shape])) as Record<Locale, T>);
}

/** The timestamp a form loaded; an update that carries a stale one is refused with 409. */
export const zUpdatedAt = zIsoInstant.optional();

/** A whole number ≥ 0 (a reference's amount, an order); blank or anything else is errors.invalid. */
export const zNonNegativeInt = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: ERR.invalid }).int(ERR.invalid).min(0, ERR.invalid).max(INT4_MAX, ERR.invalid),
);

/** The inline order change of a list row (references, partners; docs/features/content.md): `{order}`. */
export const orderSchema = z.object({ order: zNonNegativeInt });
export type OrderInput = z.infer<typeof orderSchema>;

/** The publishing window every schedulable record shares: status (default published), publish_up, publish_down. */
export const publishingShape = {
  status: zBool.default(true),
  publish_up: zDateTimeOrNull.default(null),
  publish_down: zDateTimeOrNull.default(null),
};
/** Whether a publishing window is in order: publish_down follows publish_up when both are set. */
export const publishWindowValid = (v: { publish_up: string | null; publish_down: string | null }) =>
  !v.publish_up || !v.publish_down || Date.parse(v.publish_down) > Date.parse(v.publish_up);
/** Where and how a reversed window is reported: `.refine(publishWindowValid, PUBLISH_DOWN_ISSUE)`. */
export const PUBLISH_DOWN_ISSUE = { path: ['publish_down'], message: ERR.publishDown };

/**
 * Whether both password fields hold text (the object's other fields may still be invalid): the `when` of a
 * passwords-equal refinement, which zod would otherwise skip while any other field has an error.
 */
export const passwordsTyped = (payload: { value: unknown }) => {
  const v = payload.value as { password?: unknown; password_2?: unknown } | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v.password ?? '') === 'string' &&
    typeof (v.password_2 ?? '') === 'string'
  );
};
