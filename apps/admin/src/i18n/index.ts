import type { Locale } from '@backoffice/shared';
import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import { fallbackLanguage, getLanguage } from './language';
import sk from './sk.json';

/** A key of the message catalogue; a typo does not compile. */
export type I18nKey = ParseKeys;

function start(language: Locale, catalogues: Partial<Record<Locale, object>>): Locale {
  const resources = Object.fromEntries(Object.entries(catalogues).map(([l, c]) => [l, { translation: c }]));
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: fallbackLanguage(language),
    initAsync: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  document.documentElement.lang = language;
  document.title = i18next.t('app.name');
  return language;
}

/** Initialises i18next synchronously with both catalogues and the stored language (the unit tests). */
export function initI18n(): Locale {
  return start(getLanguage(), { sk, en });
}

/**
 * Initialises i18next with the stored language's catalogue only, fetched on its own (the admin's start): the
 * catalogues hold the same keys (catalogue.test.ts), so the other one is never needed as a fallback.
 */
export async function loadI18n(): Promise<Locale> {
  const language = getLanguage();
  const catalogue = language === 'sk' ? await import('./sk.json') : await import('./en.json');
  return start(language, { [language]: catalogue.default });
}

const KEY_LIKE = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/;

/**
 * Translates a message key that arrives at run time (server `errors`, zod issues): a known key is
 * translated, an unknown key becomes errors.invalid, and plain text (a server sentence) stays as it is.
 */
export function translateMessage(message: string): string {
  if (!KEY_LIKE.test(message)) return message;
  return i18next.exists(message) ? i18next.t(message as I18nKey) : i18next.t('errors.invalid');
}

/** Translates a key built at run time, falling back to the given text when the catalogue lacks it. */
export function translateOr(key: string, fallback: string): string {
  return i18next.exists(key) ? i18next.t(key as I18nKey) : fallback;
}
