import { LOCALES, type Locale } from '@backoffice/shared';
import { Badge, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface LocaleTabsProps {
  activeKey: Locale;
  onChange: (locale: Locale) => void;
  /** Locales whose fields have errors get a red dot on their tab. */
  errorLocales?: readonly Locale[];
  /** Shown beside a locale's name (its translation state, docs/features/translations.md). */
  extra?: (locale: Locale) => ReactNode;
  children: (locale: Locale) => ReactNode;
}

/** One tab per locale, sk first; every pane stays mounted so its fields keep values and errors. */
export function LocaleTabs({ activeKey, onChange, errorLocales = [], extra, children }: LocaleTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      activeKey={activeKey}
      onChange={(key) => onChange(key === 'en' ? 'en' : 'sk')}
      items={LOCALES.map((locale) => ({
        key: locale,
        forceRender: true,
        label: (
          <Badge dot={errorLocales.includes(locale)} offset={[6, 0]}>
            <span data-testid={`locale-tab-${locale}`}>{t(`language.${locale}`)}</span>
            {extra?.(locale)}
          </Badge>
        ),
        children: children(locale),
      }))}
    />
  );
}
