import type { Locale } from '@backoffice/shared';
import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import { fallbackLanguage, getLanguage } from './language';
import sk from './sk.json';

/** A key of the message catalogue; a typo does not compile. */
export type I18nKey = ParseKeys;

/** Initialises i18next synchronously with the stored language and mirrors it into `<html lang>`. */
export function initI18n(): Locale {
  const language = getLanguage();
  void i18next.use(initReactI18next).init({
    resources: { sk: { translation: sk }, en: { translation: en } },
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
