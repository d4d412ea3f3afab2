import { z } from 'zod';
import { LOCALES, type Locale } from './constants.js';
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
export const zId = z.coerce.number({ error: ERR.invalid }).int(ERR.invalid).positive(ERR.invalid);

/** A required list of ids, at least one (errors.requiredSelect). */
export const zIdList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(zId).min(1, ERR.requiredSelect),
);

/** Optional rich text: missing, null and empty all become the empty string. */
export const zRichText = z.preprocess((v) => (v == null ? '' : v), z.string({ error: ERR.invalid }).max(200_000));

export const zTitle = z.string({ error: ERR.min3 }).trim().min(3, ERR.min3).max(255);

/** The same shape for every locale: `{sk: T, en: T}`. */
export function zLangs<T extends z.ZodType>(shape: T) {
  return z.object(Object.fromEntries(LOCALES.map((l) => [l, shape])) as Record<Locale, T>);
}

/** The timestamp a form loaded; an update that carries a stale one is refused with 409. */
export const zUpdatedAt = z.string().datetime({ offset: true }).optional();
