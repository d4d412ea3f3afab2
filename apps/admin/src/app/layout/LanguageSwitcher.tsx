import { LOCALE_NAMES, LOCALES } from '@backoffice/shared';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, getLanguage } from '../../i18n/language';

/**
 * Slovenčina / English, each named in itself; choosing one stores it and reloads the page (spec 2 §2 Language
 * switcher).
 * Two buttons rather than a dropdown keep the login route's code small.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = getLanguage();
  return (
    <Space.Compact data-testid="lang-switch" role="group" aria-label={t('language.switch')}>
      {LOCALES.map((locale) => (
        <Button
          key={locale}
          size="small"
          lang={locale}
          data-testid={`lang-${locale}`}
          type={locale === current ? 'primary' : 'default'}
          aria-pressed={locale === current}
          onClick={() => {
            if (locale !== current) changeLanguage(locale);
          }}
        >
          {LOCALE_NAMES[locale]}
        </Button>
      ))}
    </Space.Compact>
  );
}
