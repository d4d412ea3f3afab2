import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import type { WebhookDelivery } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveriesKey, resendDelivery, useWebhookDeliveries, webhookListKey } from '../../api/integrations';
import { getLanguage } from '../../i18n/language';
import { formatDateTime } from '../../kit/format';
import { ListError } from '../../kit/list/ListError';
import { notify, notifyFailure } from '../../kit/notifications';
import { DeliveryStatusTag, eventLabel } from './webhookLabels';

/** The first bytes of the answer and why a try failed: what a row opens to. */
function DeliveryDetail({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const language = getLanguage();
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      className="bo-delivery-detail"
      data-testid="delivery-detail"
      items={[
        {
          key: 'error',
          label: t('webhooks.log.error'),
          children: delivery.error ? <span data-testid="delivery-error">{delivery.error}</span> : none,
        },
        {
          key: 'answer',
          label: t('webhooks.log.answer'),
          children: delivery.response_excerpt ? (
            <pre className="bo-delivery-excerpt" data-testid="delivery-excerpt">
              {delivery.response_excerpt}
            </pre>
          ) : (
            none
          ),
        },
        {
          key: 'next',
          label: t('webhooks.log.nextAttempt'),
          children: delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at, language) : none,
        },
        {
          key: 'lastAttempt',
          label: t('webhooks.log.lastAttempt'),
          children: delivery.last_attempt_at ? formatDateTime(delivery.last_attempt_at, language) : none,
        },
        { key: 'id', label: t('webhooks.log.eventId'), children: <code>{delivery.event_id}</code> },
      ]}
    />
  );
}

/**
 * An endpoint's delivery log (docs/features/integrations.md), newest first, 25 a page: when, which event about which
 * record, its status, tries, the answer's code and time; a row opens to the error and the first bytes of the answer,
 * and any row can be sent again. Asked again every 2 s while a delivery waits for its answer.
 */
export function WebhookDeliveries({ webhookId }: { webhookId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(webhookId, page);
  const [resending, setResending] = useState<number | null>(null);
  const language = getLanguage();
  const none = <Typography.Text type="secondary">—</Typography.Text>;

  const resend = async (delivery: WebhookDelivery) => {
    setResending(delivery.id);
    try {
      notify('success', (await resendDelivery(webhookId, delivery.id)).message);
    } catch (error) {
      notifyFailure('webhooks.log.resendError', error);
    } finally {
      setResending(null);
      setPage(1);
      void queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) });
      void queryClient.invalidateQueries({ queryKey: webhookListKey });
    }
  };

  const columns: TableColumnsType<WebhookDelivery> = [
    {
      key: 'time',
      title: t('webhooks.log.time'),
      render: (_, row) => <span className="bo-nowrap">{formatDateTime(row.created_at, language)}</span>,
    },
    {
      key: 'event',
      title: t('webhooks.log.event'),
      render: (_, row) => <span data-testid="delivery-event">{eventLabel(row.event)}</span>,
    },
    {
      key: 'record',
      title: t('webhooks.log.record'),
      render: (_, row) =>
        row.resource ? (
          <span className="bo-nowrap">
            {row.resource}
            {row.record_id !== null && ` #${row.record_id}`}
          </span>
        ) : (
          none
        ),
    },
    { key: 'status', title: t('webhooks.log.status'), render: (_, row) => <DeliveryStatusTag status={row.status} /> },
    { key: 'attempts', title: t('webhooks.log.attempts'), align: 'right', dataIndex: 'attempts' },
    {
      key: 'code',
      title: t('webhooks.log.code'),
      align: 'right',
      render: (_, row) =>
        row.response_status === null ? none : <span data-testid="delivery-code">{row.response_status}</span>,
    },
    {
      key: 'duration',
      title: t('webhooks.log.duration'),
      align: 'right',
      render: (_, row) =>
        row.duration_ms === null ? (
          none
        ) : (
          <span className="bo-nowrap">{t('webhooks.log.ms', { n: row.duration_ms })}</span>
        ),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      align: 'right',
      // Kept in view at the end of a table wider than the screen, as the lists' row actions are.
      fixed: 'end',
      render: (_, row) => (
        <Button
          size="small"
          icon={<SendOutlined />}
          loading={resending === row.id}
          onClick={() => void resend(row)}
          data-testid="delivery-resend"
        >
          {t('webhooks.log.resend')}
        </Button>
      ),
    },
  ];

  return (
    <section className="bo-delivery-log" aria-labelledby={`delivery-log-${webhookId}`} data-testid="delivery-log">
      <Flex justify="space-between" align="center" wrap gap={8} className="bo-delivery-log-head">
        <Typography.Title level={2} id={`delivery-log-${webhookId}`} className="bo-delivery-log-title">
          {t('webhooks.log.title')}
        </Typography.Title>
        <Button
          icon={<ReloadOutlined spin={log.isFetching} />}
          onClick={() => void log.refetch()}
          data-testid="delivery-refresh"
        >
          {t('list.refresh')}
        </Button>
      </Flex>
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={log.isError ? [] : (log.data?.data ?? [])}
        loading={log.isLoading}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (row) => <DeliveryDetail delivery={row} /> }}
        onRow={(row) => ({ 'data-testid': 'delivery-row', 'data-status': row.status }) as object}
        locale={{
          emptyText: log.isError ? (
            <ListError error={log.error} retrying={log.isFetching} onRetry={() => void log.refetch()} />
          ) : (
            <span data-testid="delivery-empty">{t('webhooks.log.empty')}</span>
          ),
        }}
        pagination={
          log.data && log.data.meta.total > log.data.meta.per_page
            ? {
                current: log.data.meta.current_page,
                pageSize: log.data.meta.per_page,
                total: log.data.meta.total,
                showSizeChanger: false,
                onChange: setPage,
              }
            : false
        }
      />
    </section>
  );
}
