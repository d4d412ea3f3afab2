import { LOCALE_NAMES, LOCALES } from '@backoffice/shared';
import { useTranslation } from 'react-i18next';
import { changeLanguage, getLanguage } from '../../i18n/language';
import './languageSwitcher.css';

/**
 * Slovenčina / English, each named in itself; choosing one stores it and reloads the page (docs/spec-index.md S2.2 Language
 * switcher). Two plain buttons, styled like antd's small ones: the login route shows them and loads no antd.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = getLanguage();
  return (
    <fieldset className="bo-lang-switch" data-testid="lang-switch" aria-label={t('language.switch')}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          data-testid={`lang-${locale}`}
          className={locale === current ? 'bo-lang bo-lang-current' : 'bo-lang'}
          aria-pressed={locale === current}
          onClick={() => {
            if (locale !== current) changeLanguage(locale);
          }}
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
    </fieldset>
  );
}
