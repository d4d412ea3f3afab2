import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { TwoFactorDisableInput } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { disableTwoFactor } from '../../api/account';
import { useMe } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { translateMessage } from '../../i18n';
import { notify } from '../../kit/notifications';
import { TwoFactorSetup } from './TwoFactorSetup';
import './account.css';

/** Turning it off: the password and a current code (the server refuses it while role 1 requires it). */
function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TwoFactorDisableInput>();
  const disable = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (answer) => {
      notify('success', answer.message);
      form.resetFields();
      onDone();
    },
  });
  const errors = disable.error instanceof ApiError ? disable.error.fieldErrors : {};
  const fieldError = (name: 'password' | 'code') => (errors[name]?.[0] ? translateMessage(errors[name][0]) : undefined);
  const general = disable.error && !fieldError('password') && !fieldError('code') ? errorMessage(disable.error) : null;
  return (
    <Form form={form} layout="vertical" onFinish={(values) => disable.mutate(values)} className="bo-two-factor-form">
      <Typography.Title level={5}>{t('twoFactor.disableTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('twoFactor.disableHelp')}</Typography.Paragraph>
      {general && <Alert type="error" showIcon title={general} className="bo-recovery-alert" />}
      <Form.Item
        name="password"
        label={t('auth.password')}
        rules={[{ required: true, message: t('errors.required') }]}
        validateStatus={fieldError('password') ? 'error' : undefined}
        help={fieldError('password')}
      >
        <Input.Password autoComplete="current-password" data-testid="two-factor-disable-password" />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('twoFactor.code')}
        rules={[{ required: true, message: t('errors.required') }]}
        validateStatus={fieldError('code') ? 'error' : undefined}
        help={fieldError('code')}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} data-testid="two-factor-disable-code" />
      </Form.Item>
      <Button danger htmlType="submit" loading={disable.isPending} data-testid="two-factor-disable">
        {t('twoFactor.disable')}
      </Button>
    </Form>
  );
}

/** User menu → Two-factor sign-in (route accountTwoFactor, docs/features/sign-in-and-users.md). */
export default function TwoFactorScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const [settingUp, setSettingUp] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
  const on = me.data?.two_factor === true;
  return (
    <Card
      className="bo-account-card"
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined aria-hidden />
          {t('twoFactor.title')}
        </Flex>
      }
      extra={
        me.data && (
          <Tag color={on ? 'green' : 'default'} data-testid="two-factor-status">
            {on ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
          </Tag>
        )
      }
    >
      {me.isLoading ? (
        <Spin />
      ) : settingUp ? (
        <TwoFactorSetup
          onDone={() => {
            setSettingUp(false);
            refresh();
          }}
          onCancel={() => setSettingUp(false)}
          onEnabled={refresh}
        />
      ) : on ? (
        <DisableForm onDone={refresh} />
      ) : (
        <Flex vertical gap={16} align="flex-start">
          <Typography.Paragraph>{t('twoFactor.intro')}</Typography.Paragraph>
          <Button type="primary" onClick={() => setSettingUp(true)} data-testid="two-factor-start">
            {t('twoFactor.setUp')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
