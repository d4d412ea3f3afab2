import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { WebhookItem } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Table, type TableColumnsType, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useWebhooks, type WebhookCreated, webhookListKey } from '../../api/integrations';
import { getLanguage } from '../../i18n/language';
import { formatDateTime } from '../../kit/format';
import { ListError } from '../../kit/list/ListError';
import { notify } from '../../kit/notifications';
import { ShownOnce } from '../../kit/ShownOnce';
import { routePath } from '../../routes/paths';
import { WebhookDrawer } from './WebhookDrawer';
import { DeliveryStatusTag, eventLabel, WebhookStateTag } from './webhookLabels';
import './integrations.css';

function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Settings → Webhooks (route settingsWebhooks, role 1; docs/features/integrations.md): the endpoints told of changes,
 * each with its state (an endpoint the server switched off stands out) and last delivery. The route's `:id` opens one
 * in the slide-up panel with its delivery log; a signing secret is shown once, when made or replaced.
 */
export default function WebhooksScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rawId = useParams().id;
  const openId = parseId(rawId);
  const webhooks = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<WebhookCreated | null>(null);
  const language = getLanguage();

  const open = (id: number) => navigate(routePath('settingsWebhooks', { id }));
  const close = useCallback(() => {
    setCreating(false);
    // The deliveries made while it was open (a test, "send again") change its row's last delivery and state.
    void queryClient.invalidateQueries({ queryKey: webhookListKey });
    if (rawId !== undefined) navigate(routePath('settingsWebhooks'));
  }, [navigate, rawId, queryClient]);
  // An id that is no number names no endpoint: "Not found" and back to the list, as a list's bad address does.
  const badId = rawId !== undefined && openId === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per bad address
  useEffect(() => {
    if (!badId) return;
    notify('danger', t('errors.notFound'));
    navigate(routePath('settingsWebhooks'), { replace: true });
  }, [badId]);

  const switchedOff = (webhooks.data ?? []).filter((webhook) => webhook.switched_off_at);

  const columns: TableColumnsType<WebhookItem> = [
    {
      key: 'name',
      title: t('webhooks.fields.name'),
      render: (_, webhook) => (
        <span className="bo-cell-title" data-testid="cell-name">
          {webhook.name}
        </span>
      ),
    },
    { key: 'state', title: t('webhooks.state'), render: (_, webhook) => <WebhookStateTag webhook={webhook} /> },
    {
      key: 'url',
      title: t('webhooks.fields.url'),
      render: (_, webhook) => (
        <code className="bo-webhook-url" data-testid="cell-url">
          {webhook.url}
        </code>
      ),
    },
    {
      key: 'events',
      title: t('webhooks.fields.events'),
      render: (_, webhook) => (
        <span className="bo-webhook-event-list">{webhook.events.map((event) => eventLabel(event)).join(', ')}</span>
      ),
    },
    {
      key: 'last',
      title: t('webhooks.lastDelivery'),
      render: (_, webhook) =>
        webhook.last_delivery ? (
          <div data-testid="cell-last-delivery">
            <span className="bo-nowrap">
              <DeliveryStatusTag status={webhook.last_delivery.status} />
              {webhook.last_delivery.response_status}
            </span>
            <div className="bo-nowrap">
              <Typography.Text type="secondary">{formatDateTime(webhook.last_delivery.at, language)}</Typography.Text>
            </div>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('webhooks.noDelivery')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      align: 'right',
      // Kept in view at the end of a table wider than the screen, as the lists' row actions are.
      fixed: 'end',
      render: (_, webhook) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => open(webhook.id)} data-testid="row-edit">
          {t('webhooks.open')}
        </Button>
      ),
    },
  ];

  return (
    <div className="bo-integrations">
      <Card
        title={t('webhooks.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="webhook-create">
            {t('webhooks.create')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary" className="bo-integrations-help">
          {t('webhooks.help')}
        </Typography.Paragraph>
        {switchedOff.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="bo-form-alert"
            data-testid="webhooks-switched-off"
            title={t('webhooks.switchedOffCount', { count: switchedOff.length })}
            description={t('webhooks.switchedOffHelp')}
          />
        )}
        <Table<WebhookItem>
          rowKey="id"
          size="middle"
          data-testid="webhook-list"
          loading={webhooks.isFetching}
          columns={columns}
          dataSource={webhooks.isError ? [] : (webhooks.data ?? [])}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowClassName={(webhook) => (webhook.switched_off_at ? 'bo-webhook-row-off' : '')}
          onRow={(webhook) => ({ 'data-testid': `webhook-row-${webhook.id}` }) as object}
          locale={{
            emptyText: webhooks.isError ? (
              <ListError
                error={webhooks.error}
                retrying={webhooks.isFetching}
                onRetry={() => void webhooks.refetch()}
              />
            ) : (
              <span data-testid="list-empty">{t('webhooks.empty')}</span>
            ),
          }}
        />
      </Card>
      <WebhookDrawer
        id={openId}
        creating={creating}
        onClose={close}
        onCreated={(created) => {
          setCreating(false);
          setSecret(created);
          // The new endpoint opens at once: its test event and delivery log are one click away.
          open(created.id);
        }}
        onNewSecret={setSecret}
      />
      <ShownOnce
        value={secret?.secret ?? null}
        title={t('webhooks.secretTitle', { name: secret?.name ?? '' })}
        label={t('webhooks.secret')}
        help={t('webhooks.secretHelp')}
        testId="secret-shown"
        onClose={() => setSecret(null)}
      />
    </div>
  );
}
