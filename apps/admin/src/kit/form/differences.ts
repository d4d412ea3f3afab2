// What a saved version of a record changes against the current one (docs/features/revisions.md), field by field
// and locale by locale, as text: the history drawer shows it.
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

/** The fields in which `version` differs from `current`: each translated field per locale, then the others. */
export function differences(version: RecordLike, current: RecordLike) {
  const rows: { key: string; field: string; locale?: Locale; before: string; after: string }[] = [];
  for (const locale of LOCALES) {
    const a = version.langs?.[locale] ?? {};
    const b = current.langs?.[locale] ?? {};
    for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const [before, after] = [asText(a[field]), asText(b[field])];
      if (before !== after) rows.push({ key: `${locale}.${field}`, field, locale, before, after });
    }
  }
  for (const field of new Set([...Object.keys(version), ...Object.keys(current)])) {
    if (NOT_CONTENT.has(field)) continue;
    const [before, after] = [asText(version[field]), asText(current[field])];
    if (before !== after) rows.push({ key: field, field, before, after });
  }
  return rows;
}
