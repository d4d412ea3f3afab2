import { LOCALES, ROLES, SETTINGS, SETTINGS_REQUIRED, type SettingsName } from '@backoffice/shared';
import { Card, List, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../api/session';
import { useSettings } from '../../api/settings';
import type { RouteName } from '../../routes/paths';
import { routePath } from '../../routes/paths';

const SCREENS: Record<SettingsName, RouteName> = {
  main: 'settingsMain',
  contact: 'settingsContact',
  email: 'settingsEmail',
  social: 'settingsSocial',
};

const NAMES = (Object.keys(SETTINGS_REQUIRED) as SettingsName[]).filter((name) => SETTINGS_REQUIRED[name].length > 0);

/**
 * The settings a new site still lacks (SETTINGS_REQUIRED: what a save requires, empty on a new site), for the
 * administrator alone, who may save them: each record with its empty fields and the languages they are empty in,
 * linking to its screen. Nothing shows once every one is filled in.
 */
export function SettingsToFillCard() {
  const me = useUser();
  return me?.role_id === ROLES.admin ? <Missing /> : null;
}

function Missing() {
  const { t } = useTranslation();
  const records = {
    main: useSettings(SETTINGS.main.id),
    contact: useSettings(SETTINGS.contact.id),
    email: useSettings(SETTINGS.email.id),
  } as const;
  const rows = NAMES.flatMap((name) => {
    const data = records[name as keyof typeof records]?.data?.data;
    if (!data) return [];
    const empty = SETTINGS_REQUIRED[name].flatMap((key) => {
      const locales = LOCALES.filter((locale) => {
        const value = data[key]?.[locale];
        return value === null || value === undefined || String(value).trim() === '';
      });
      return locales.length ? [{ key, locales }] : [];
    });
    return empty.length ? [{ name, empty }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <Card title={t('dashboard.settingsToFill.title')} data-testid="dashboard-settings-to-fill">
      <p>{t('dashboard.settingsToFill.intro')}</p>
      <List
        size="small"
        dataSource={rows}
        renderItem={(row) => (
          <List.Item key={row.name} data-testid={`settings-to-fill-${row.name}`}>
            <Link to={routePath(SCREENS[row.name])}>{t(`nav.${SCREENS[row.name]}` as 'nav.settingsMain')}</Link>
            <Space size={4} wrap>
              {row.empty.map(({ key, locales }) => (
                <Tag key={key} color="orange">
                  {t(`settings.fields.${key}` as 'settings.fields.meta_title')}
                  {locales.length < LOCALES.length ? ` (${locales.map((l) => l.toUpperCase()).join(', ')})` : ''}
                </Tag>
              ))}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
