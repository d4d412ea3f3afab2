import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { loadI18n, loadSignedInCatalogue } from './index';
import { initI18n } from './whole';

afterAll(() => {
  initI18n();
});

describe('the catalogue in two parts', () => {
  it('starts with the public part only, and the rest arrives with the first screen beyond the sign-in ones', async () => {
    localStorage.setItem('language', 'sk');
    // A fresh i18next, as a page load starts it (the test setup gave this one both catalogues whole).
    i18next.services.resourceStore.data = {};
    await loadI18n();
    expect(i18next.language).toBe('sk');
    expect(i18next.t('auth.loginTitle')).toBe('Prihlásenie');
    expect(i18next.exists('nav.dashboard')).toBe(false);

    await Promise.all([loadSignedInCatalogue(), loadSignedInCatalogue()]);
    expect(i18next.t('nav.dashboard')).toBe('Prehľad');
    expect(i18next.t('auth.loginTitle')).toBe('Prihlásenie');
    expect(Object.keys(i18next.getResourceBundle('sk', 'translation')).length).toBeGreaterThan(30);
    localStorage.setItem('language', 'en');
  });
});
