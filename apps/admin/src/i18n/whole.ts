// Both catalogues whole, each language's two parts together (index.ts): for the unit tests, which render any screen
// at once. The admin itself never imports this file, so its entry carries no catalogue.
import type { Locale } from '@backoffice/shared';
import en from './en.json';
import enPublic from './en.public.json';
import { startI18n } from './index';
import { getLanguage } from './language';
import sk from './sk.json';
import skPublic from './sk.public.json';

export const wholeCatalogues = { sk: { ...skPublic, ...sk }, en: { ...enPublic, ...en } };

/** Initialises i18next synchronously with both catalogues whole and the stored language. */
export function initI18n(): Locale {
  return startI18n(getLanguage(), wholeCatalogues);
}
