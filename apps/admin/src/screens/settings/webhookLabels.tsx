import type { WebhookDeliveryStatus, WebhookItem } from '@backoffice/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateOr } from '../../i18n';

/** An event's label (`content.created` → "Content created"); an event the catalogue does not know keeps its name. */
export const eventLabel = (event: string) => translateOr(`webhooks.events.${event}`, event);

export type WebhookState = 'switchedOff' | 'failing' | 'off' | 'on';

/** Where an endpoint stands: switched off by the server, failing, turned off by hand, or on. */
export function webhookState(webhook: Pick<WebhookItem, 'active' | 'failing_since' | 'switched_off_at'>): WebhookState {
  if (webhook.switched_off_at) return 'switchedOff';
  if (!webhook.active) return 'off';
  return webhook.failing_since ? 'failing' : 'on';
}

const STATE_COLORS: Record<WebhookState, string> = {
  switchedOff: 'red',
  failing: 'orange',
  off: 'default',
  on: 'green',
};

export function WebhookStateTag({ webhook }: { webhook: WebhookItem }) {
  const { t } = useTranslation();
  const state = webhookState(webhook);
  return (
    <Tag color={STATE_COLORS[state]} data-testid="webhook-state" data-state={state}>
      {t(`webhooks.states.${state}`)}
    </Tag>
  );
}

const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = { pending: 'blue', delivered: 'green', failed: 'red' };

/** A delivery's status as a coloured tag (pending, delivered, failed). */
export function DeliveryStatusTag({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="delivery-status" data-status={status}>
      {t(`webhooks.statuses.${status}`)}
    </Tag>
  );
}
