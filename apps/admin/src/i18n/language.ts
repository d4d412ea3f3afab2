import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@backoffice/shared';

const STORAGE_KEY = 'language';

/** The UI language kept in local storage (docs/spec-index.md S2.4); sk when nothing valid is stored. */
export function getLanguage(): Locale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** Stores the chosen language and reloads the page so every catalogue, locale and header follows it. */
export function changeLanguage(language: Locale): void {
  localStorage.setItem(STORAGE_KEY, language);
  window.location.reload();
}

/** The fallback of a language is the other locale (docs/spec-index.md S2.4). */
export function fallbackLanguage(language: Locale): Locale {
  return LOCALES.find((l) => l !== language) ?? DEFAULT_LOCALE;
}
