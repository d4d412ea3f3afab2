import { deliveryAccessSchema } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Switch, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { type DeliveryAccess, deliveryAccessKey, saveDeliveryAccess, useDeliveryAccess } from '../../api/integrations';
import { translateMessage } from '../../i18n';
import { StaleAlert } from '../../kit/form/StaleAlert';
import { notify, notifyFailure } from '../../kit/notifications';
import { usePreloader } from '../../kit/preloader';
import { type FieldErrors, zodValidate } from '../../kit/zodForm';

interface FormValues {
  token_required: boolean;
  /** The origins as typed, one a line. */
  origins: string;
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The errors of the origins (`cors_origins.1` → the second line) as the messages of the one text area, each with its
 * line number; the rest as they are.
 */
export function originErrors(errors: FieldErrors, lineLabel: (line: number, message: string) => string): string[] {
  return Object.entries(errors).flatMap(([path, keys]) => {
    const line = /^cors_origins\.(\d+)$/.exec(path)?.[1];
    if (line !== undefined) return keys.map((key) => lineLabel(Number(line) + 1, translateMessage(key)));
    return path === 'cors_origins' ? keys.map(translateMessage) : [];
  });
}

/**
 * Who may read the delivery API (docs/features/integrations.md): whether a token is required, and the origins whose
 * pages may read it from a browser (CORS), one a line. Checked with the shared schema before it is sent; a 409
 * offers a reload.
 */
export function DeliveryAccessCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const access = useDeliveryAccess();
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);
  const loadedAt = useRef<string | null>(null);
  const switchId = useId();
  usePreloader(saving);

  const fill = (data: DeliveryAccess) => {
    loadedAt.current = data.updated_at;
    form.setFieldsValue({ token_required: data.token_required, origins: data.cors_origins.join('\n') });
    form.setFields([{ name: 'origins', errors: [] }]);
    setStale(false);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: every (re)load replaces the values, as a settings form
  useEffect(() => {
    if (access.data) fill(access.data);
  }, [access.data, access.dataUpdatedAt]);

  const showErrors = (errors: FieldErrors) => {
    const messages = originErrors(errors, (line, message) => t('deliveryAccess.lineError', { line, message }));
    form.setFields([{ name: 'origins', errors: messages.length ? messages : [t('errors.invalid')] }]);
  };

  const save = async () => {
    const values = form.getFieldsValue(true);
    const checked = zodValidate(deliveryAccessSchema, {
      token_required: values.token_required,
      cors_origins: linesOf(values.origins ?? ''),
      updated_at: loadedAt.current ?? undefined,
    });
    if (!checked.success) {
      showErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      const answer = await saveDeliveryAccess(checked.data);
      notify('success', answer.message);
      queryClient.setQueryData(deliveryAccessKey, answer.data);
      fill(answer.data);
    } catch (error) {
      notifyFailure('message.storeError', error);
      if (error instanceof ApiError && error.status === 409) setStale(true);
      if (error instanceof ApiError && error.status === 422) showErrors(error.fieldErrors);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('deliveryAccess.title')} className="bo-integrations-card" data-testid="delivery-access">
      <Typography.Paragraph type="secondary" className="bo-integrations-help">
        {t('deliveryAccess.help')}
      </Typography.Paragraph>
      {stale && <StaleAlert onReload={() => void access.refetch()} />}
      <Form form={form} layout="vertical" name="deliveryAccess" disabled={!access.data || access.isFetching}>
        <Flex gap={12} align="flex-start" className="bo-integrations-switch">
          <Form.Item name="token_required" valuePropName="checked" noStyle>
            <Switch id={switchId} data-testid="field-token_required" />
          </Form.Item>
          <div>
            <label htmlFor={switchId}>{t('deliveryAccess.tokenRequired')}</label>
            <Typography.Paragraph type="secondary">{t('deliveryAccess.tokenRequiredHelp')}</Typography.Paragraph>
          </div>
        </Flex>
        <Form.Item name="origins" label={t('deliveryAccess.origins')} extra={t('deliveryAccess.originsHelp')}>
          <Input.TextArea
            data-testid="field-cors_origins"
            autoSize={{ minRows: 3, maxRows: 12 }}
            placeholder="https://shop.example.com"
            spellCheck={false}
            onChange={() => form.setFields([{ name: 'origins', errors: [] }])}
          />
        </Form.Item>
      </Form>
      <Button
        type="primary"
        loading={saving}
        disabled={!access.data}
        onClick={() => void save()}
        data-testid="delivery-access-save"
      >
        {saving ? t('form.saving') : t('form.save')}
      </Button>
    </Card>
  );
}
