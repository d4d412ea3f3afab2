// What a saved version of a record changes against the current one (docs/features/revisions.md), field by field
// and locale by locale, as text (image fields as their stored file names): the history drawer shows it.
import { LOCALES, type Locale } from '@backoffice/shared';

type Fields = Record<string, unknown>;
export type RecordLike = Fields & { langs?: Partial<Record<Locale, Fields>>; updated_at?: string };

/** Fields that say when or what, not content: left out of the comparison. */
const NOT_CONTENT = new Set([
  'id',
  'langs',
  'created_at',
  'updated_at',
  'deleted_at',
  'translation',
  'models',
  'event',
]);

/** A value as the text the comparison reads: rich text without its tags, lists and flags as written. */
const asText = (value: unknown) =>
  typeof value === 'string'
    ? value
        .replace(/<\/(p|h\d|li|tr)>/g, '\n')
        .replace(/<[^>]*>/g, '')
        .replace(/&nbsp;/g, ' ')
        .trim()
    : JSON.stringify(value ?? '');

/** One field that differs: its text in the saved version (`before`) and in the current record (`after`). */
export interface Difference {
  key: string;
  field: string;
  locale?: Locale;
  before: string;
  after: string;
  /** An image field: `before` and `after` are the stored file names, '' when there is none. */
  image?: true;
}

/** The stored file name of an image field, '' when there is none. */
const fileName = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The fields in which `version` differs from `current`: each translated field per locale, then the others.
 * `images` names the fields that hold a stored image file (`image`, `poster`): they compare by file name.
 */
export function differences(version: RecordLike, current: RecordLike, images: readonly string[] = []) {
  const rows: Difference[] = [];
  for (const locale of LOCALES) {
    const a = version.langs?.[locale] ?? {};
    const b = current.langs?.[locale] ?? {};
    for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
      // An image per locale (the settings' og_image, favicon) compares as one on its own.
      if (images.includes(field)) {
        const [before, after] = [fileName(a[field]), fileName(b[field])];
        if (before !== after) rows.push({ key: `${locale}.${field}`, field, locale, before, after, image: true });
        continue;
      }
      const [before, after] = [asText(a[field]), asText(b[field])];
      if (before !== after) rows.push({ key: `${locale}.${field}`, field, locale, before, after });
    }
  }
  for (const field of new Set([...Object.keys(version), ...Object.keys(current)])) {
    if (NOT_CONTENT.has(field)) continue;
    if (images.includes(field)) {
      const [before, after] = [fileName(version[field]), fileName(current[field])];
      if (before !== after) rows.push({ key: field, field, before, after, image: true });
      continue;
    }
    const [before, after] = [asText(version[field]), asText(current[field])];
    if (before !== after) rows.push({ key: field, field, before, after });
  }
  return rows;
}
