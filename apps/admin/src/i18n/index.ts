import type { Locale } from '@backoffice/shared';
import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage, getLanguage } from './language';

/** A key of the message catalogue; a typo does not compile. */
export type I18nKey = ParseKeys;

/** Initialises i18next synchronously in `language` with the catalogues given (whole.ts gives the tests both whole). */
export function startI18n(language: Locale, catalogues: Partial<Record<Locale, object>>): Locale {
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

/**
 * Each language's catalogue comes in two parts (docs/features/admin-ui.md "Message catalogues"): the sign-in
 * screens' namespaces (`sk.public.json`), loaded at the start, and everything else (`sk.json`), loaded with the
 * first screen beyond them (`loadSignedInCatalogue`, app/screens.ts). These are the first part's namespaces.
 */
export const PUBLIC_NAMESPACES = ['app', 'language', 'auth', 'twoFactor', 'errors', 'message'] as const;

/**
 * Initialises i18next with the public part of the stored language's catalogue only, fetched on its own (the admin's
 * start): the catalogues hold the same keys (catalogue.test.ts), so the other language is never needed as a fallback.
 */
export async function loadI18n(): Promise<Locale> {
  const language = getLanguage();
  const catalogue = language === 'sk' ? await import('./sk.public.json') : await import('./en.public.json');
  return startI18n(language, { [language]: catalogue.default });
}

let signedIn: Promise<void> | undefined;

/**
 * Adds the rest of the language's catalogue, once: every screen but the sign-in ones waits for it with its code
 * (app/screens.ts). A failed fetch is tried again by the next screen that asks.
 */
export function loadSignedInCatalogue(): Promise<void> {
  const language = i18next.language === 'en' ? 'en' : 'sk';
  signedIn ??= (language === 'sk' ? import('./sk.json') : import('./en.json')).then(
    (catalogue) => {
      i18next.addResourceBundle(language, 'translation', catalogue.default, true, false);
    },
    (error: unknown) => {
      signedIn = undefined;
      throw error;
    },
  );
  return signedIn;
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
