import { LOCALES, type Locale } from '@backoffice/shared';

/** A value per locale, built by `make`: `byLocale(() => ({title: ''}))` → `{sk: {title: ''}, en: {title: ''}}`. */
export function byLocale<T>(make: (locale: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as Record<Locale, T>;
}

/**
 * The form values of translated fields from a record's `langs`: every listed field of every locale, a missing
 * locale or field (or null) read as ''.
 */
export function langsFromRecord<F extends string>(
  langs: Partial<Record<Locale, Partial<Record<F, string | null>> | undefined>>,
  fields: readonly F[],
): Record<Locale, Record<F, string>> {
  return byLocale((locale) => {
    const source = langs[locale];
    return Object.fromEntries(fields.map((field) => [field, source?.[field] ?? ''])) as Record<F, string>;
  });
}

/** Empty translated fields: '' for every listed field of every locale. */
export function emptyLangs<F extends string>(fields: readonly F[]): Record<Locale, Record<F, string>> {
  return langsFromRecord({}, fields);
}
