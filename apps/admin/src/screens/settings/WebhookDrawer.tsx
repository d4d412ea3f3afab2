import { DeleteOutlined, KeyOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { WEBHOOK_EVENTS, type WebhookItem, webhookSchema } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Drawer, Flex, Form, Input, Popconfirm, Space, Switch, Typography } from 'antd';
import { type ComponentProps, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createWebhook,
  deliveriesKey,
  newWebhookSecret,
  pingWebhook,
  removeWebhook,
  updateWebhook,
  useWebhook,
  type WebhookCreated,
  webhookKey,
  webhookListKey,
} from '../../api/integrations';
import { getLanguage } from '../../i18n/language';
import { StaleAlert } from '../../kit/form/StaleAlert';
import { useSaveCycle } from '../../kit/form/useSaveCycle';
import { formatDateTime } from '../../kit/format';
import { confirmPopProps } from '../../kit/list/confirm';
import { notify, notifyFailure } from '../../kit/notifications';
import { usePreloader } from '../../kit/preloader';
import { zodRules } from '../../kit/zodForm';
import { WebhookDeliveries } from './WebhookDeliveries';
import { eventLabel, WebhookStateTag } from './webhookLabels';

interface WebhookValues {
  name: string;
  url: string;
  events: string[];
  active: boolean;
}

const EMPTY: WebhookValues = { name: '', url: '', events: [], active: true };

const valuesOf = (webhook: WebhookItem): WebhookValues => ({
  name: webhook.name,
  url: webhook.url,
  events: [...webhook.events],
  active: webhook.active,
});

type GroupProps = ComponentProps<typeof Checkbox.Group> & { 'aria-required'?: string };

/**
 * The events as a group of checkboxes with their translated labels, the group named by the field's label (the
 * form's `aria-required` is left out: a group may not carry it).
 */
function EventChoices({ 'aria-required': _required, ...props }: GroupProps) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      {...props}
      data-testid="field-events"
      className="bo-webhook-events"
      role="group"
      aria-label={t('webhooks.fields.events')}
      options={WEBHOOK_EVENTS.map((event) => ({
        value: event,
        label: (
          <span data-testid={`field-events-${event}`}>
            {eventLabel(event)} <Typography.Text type="secondary">({event})</Typography.Text>
          </span>
        ),
      }))}
    />
  );
}

export interface WebhookDrawerProps {
  /** The endpoint to show; null shows none, or a new one's form while `creating`. */
  id: number | null;
  creating: boolean;
  onClose: () => void;
  /** A new endpoint was made: its answer carries the secret, shown once. */
  onCreated: (webhook: WebhookCreated) => void;
  /** The endpoint got a new secret, shown once. */
  onNewSecret: (webhook: WebhookCreated) => void;
}

/**
 * One webhook endpoint in a slide-up panel (docs/features/integrations.md): its name, address, events and switch,
 * checked with the shared schema before anything is sent (a 422 marks its field, a 409 offers a reload); once made,
 * a test event, a new secret and removal, and its delivery log.
 */
export function WebhookDrawer({ id: requestedId, creating, onClose, onCreated, onNewSecret }: WebhookDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WebhookValues>();
  const queryClient = useQueryClient();
  const open = creating || requestedId !== null;
  // A closing panel keeps the endpoint it showed, so its content does not change while it slides away.
  const [shownId, setShownId] = useState(requestedId);
  if (open && !creating && requestedId !== shownId) setShownId(requestedId);
  const id = creating ? null : open ? requestedId : shownId;
  const record = useWebhook(open ? id : null);
  const loaded = record.data && record.data.id === id ? record.data : undefined;
  const { saving, stale, validate, run, clearMarks } = useSaveCycle(form);
  const loadedAt = useRef<string | undefined>(undefined);
  const rules = useMemo(() => zodRules(webhookSchema), []);
  const [busy, setBusy] = useState<'ping' | 'secret' | 'remove' | null>(null);
  usePreloader(saving || (open && record.isFetching));
  const language = getLanguage();

  // A new endpoint starts empty; never with the values of the one shown before.
  useEffect(() => {
    if (!open || !creating) return;
    loadedAt.current = undefined;
    form.resetFields();
    form.setFieldsValue(EMPTY);
    clearMarks();
  }, [open, creating, form, clearMarks]);

  // Every (re)load of the endpoint replaces the values (also after a save and the 409 "Reload").
  useEffect(() => {
    if (!open || !loaded || !record.dataUpdatedAt) return;
    loadedAt.current = loaded.updated_at;
    form.resetFields();
    form.setFieldsValue(valuesOf(loaded));
    clearMarks();
  }, [open, loaded, record.dataUpdatedAt, form, clearMarks]);

  // An endpoint that cannot be loaded closes the panel; the shared error handler has shown why.
  useEffect(() => {
    if (open && record.isError) onClose();
  }, [open, record.isError, onClose]);

  const reloadList = () => void queryClient.invalidateQueries({ queryKey: webhookListKey });

  const save = async () => {
    const checked = validate(webhookSchema);
    if (!checked) return;
    await run(async () => {
      if (id === null) {
        const answer = await createWebhook(checked.data);
        notify('success', answer.message);
        reloadList();
        onCreated(answer.data);
        return;
      }
      const answer = await updateWebhook(id, { ...checked.data, updated_at: loadedAt.current });
      notify('success', answer.message);
      queryClient.setQueryData(webhookKey(id), answer.data);
      reloadList();
    });
  };

  /** "Turn on again" of an endpoint the server switched off: the switch on, and saved. */
  const turnOn = () => {
    form.setFieldValue('active', true);
    void save();
  };

  const act = async (what: 'ping' | 'secret' | 'remove') => {
    if (id === null) return;
    setBusy(what);
    try {
      if (what === 'ping') {
        notify('success', (await pingWebhook(id)).message);
        void queryClient.invalidateQueries({ queryKey: deliveriesKey(id) });
      } else if (what === 'secret') {
        const answer = await newWebhookSecret(id);
        notify('success', answer.message);
        onNewSecret(answer.data);
        // The secret's change moved updated_at: the form's next save must carry the new one.
        void record.refetch();
      } else {
        notify('success', (await removeWebhook(id)).message);
        onClose();
      }
    } catch (error) {
      notifyFailure(
        what === 'remove' ? 'message.deleteError' : what === 'ping' ? 'webhooks.pingError' : 'message.storeError',
        error,
      );
    } finally {
      setBusy(null);
      reloadList();
    }
  };

  return (
    <Drawer
      data-testid="webhook-form"
      open={open}
      onClose={onClose}
      placement="bottom"
      size="88vh"
      forceRender
      title={
        id === null ? (
          t('webhooks.create')
        ) : (
          <Space wrap size={8}>
            <span>{loaded?.name ?? t('webhooks.edit')}</span>
            {loaded && <WebhookStateTag webhook={loaded} />}
          </Space>
        )
      }
      footer={
        <Space className="bo-form-footer">
          <Button data-testid="form-close" onClick={onClose}>
            {t('form.close')}
          </Button>
          <Button
            data-testid="form-save"
            type="primary"
            loading={saving}
            disabled={id !== null && !loaded}
            onClick={() => void save()}
          >
            {saving ? t('form.saving') : t('form.save')}
          </Button>
        </Space>
      }
    >
      <div className="bo-webhook-panel">
        {loaded?.switched_off_at && (
          <Alert
            type="error"
            showIcon
            className="bo-form-alert"
            data-testid="webhook-switched-off"
            title={t('webhooks.switchedOff', { at: formatDateTime(loaded.switched_off_at, language) })}
            description={
              // Below the text, not beside it: on a phone a button beside it squeezes the sentence to a column.
              <>
                <p className="bo-webhook-off-help">{t('webhooks.switchedOffHelp')}</p>
                <Button size="small" onClick={turnOn} loading={saving} data-testid="webhook-turn-on">
                  {t('webhooks.turnOn')}
                </Button>
              </>
            }
          />
        )}
        {loaded && !loaded.switched_off_at && loaded.active && loaded.failing_since && (
          <Alert
            type="warning"
            showIcon
            className="bo-form-alert"
            data-testid="webhook-failing"
            title={t('webhooks.failing', { at: formatDateTime(loaded.failing_since, language) })}
          />
        )}
        {stale && <StaleAlert onReload={() => void record.refetch()} />}
        <Form
          form={form}
          layout="vertical"
          name="webhook"
          className="bo-webhook-form"
          disabled={id !== null && record.isFetching}
        >
          <Form.Item name="name" label={t('webhooks.fields.name')} rules={rules('name')} required>
            <Input data-testid="field-name" maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('webhooks.fields.url')}
            rules={rules('url')}
            required
            extra={t('webhooks.fields.urlHelp')}
          >
            <Input
              data-testid="field-url"
              type="url"
              inputMode="url"
              maxLength={2000}
              autoComplete="off"
              spellCheck={false}
              placeholder="https://example.com/hooks/backoffice"
            />
          </Form.Item>
          <Form.Item name="events" label={t('webhooks.fields.events')} rules={rules('events')} required>
            <EventChoices />
          </Form.Item>
          <Form.Item
            name="active"
            label={t('webhooks.fields.active')}
            valuePropName="checked"
            extra={t('webhooks.fields.activeHelp')}
          >
            <Switch data-testid="field-active" />
          </Form.Item>
        </Form>
        {id !== null && loaded && (
          <>
            <Flex gap={8} wrap className="bo-webhook-actions">
              <Button
                icon={<ThunderboltOutlined />}
                loading={busy === 'ping'}
                onClick={() => void act('ping')}
                data-testid="webhook-ping"
              >
                {t('webhooks.ping')}
              </Button>
              <Popconfirm
                title={t('webhooks.newSecretConfirm')}
                description={t('webhooks.newSecretHelp')}
                {...confirmPopProps()}
                onConfirm={() => void act('secret')}
              >
                <Button icon={<KeyOutlined />} loading={busy === 'secret'} data-testid="webhook-new-secret">
                  {t('webhooks.newSecret')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('webhooks.removeConfirm', { name: loaded.name })}
                {...confirmPopProps()}
                onConfirm={() => void act('remove')}
              >
                <Button danger icon={<DeleteOutlined />} loading={busy === 'remove'} data-testid="webhook-remove">
                  {t('list.delete')}
                </Button>
              </Popconfirm>
            </Flex>
            <WebhookDeliveries webhookId={id} />
          </>
        )}
      </div>
    </Drawer>
  );
}
