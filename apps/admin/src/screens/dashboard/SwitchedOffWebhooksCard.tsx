import { ROLES } from '@backoffice/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWebhooks } from '../../api/integrations';
import { useUser } from '../../api/session';
import { getLanguage } from '../../i18n/language';
import { formatDateTime } from '../../kit/format';
import { routePath } from '../../routes/paths';

/**
 * The webhooks the server switched off after a day of failures (docs/features/integrations.md), for the administrator
 * alone, who manages them: each links to its endpoint. Any other role asks nothing; nothing shows while all are well.
 */
export function SwitchedOffWebhooksCard() {
  const me = useUser();
  const isAdmin = me?.role_id === ROLES.admin;
  const webhooks = useWebhooks(isAdmin);
  const { t } = useTranslation();
  const off = isAdmin ? (webhooks.data ?? []).filter((webhook) => webhook.switched_off_at) : [];
  if (off.length === 0) return null;
  const language = getLanguage();
  return (
    <Alert
      type="error"
      showIcon
      data-testid="dashboard-webhooks-off"
      title={t('webhooks.switchedOffCount', { count: off.length })}
      description={
        <>
          <p>{t('webhooks.switchedOffHelp')}</p>
          <ul className="bo-dashboard-webhooks">
            {off.map((webhook) => (
              <li key={webhook.id}>
                <Link to={routePath('settingsWebhooks', { id: webhook.id })} data-testid={`webhook-off-${webhook.id}`}>
                  {webhook.name}
                </Link>{' '}
                ({t('webhooks.switchedOffAt', { at: formatDateTime(webhook.switched_off_at, language) })})
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
