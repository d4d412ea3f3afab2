import { MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { TwoFactorDisableInput } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { disableTwoFactor, renewRecoveryCodes, twoFactorStatusKey, useTwoFactorStatus } from '../../api/account';
import { useMe } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { usePasskeys } from '../../api/passkeys';
import { translateMessage } from '../../i18n';
import { notify } from '../../kit/notifications';
import { PasskeysPanel } from './PasskeysPanel';
import { RecoveryCodes } from './RecoveryCodes';
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

/**
 * How many recovery codes are left, and ten new ones (shown once, as after the set-up) for a current code of the
 * authenticator app, or for the password where the second factor is passkeys alone (`by`).
 */
function RecoveryPanel({ left, by, onRenewed }: { left: number; by: 'code' | 'password'; onRenewed: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code?: string; password?: string }>();
  const renew = useMutation({
    mutationFn: (values: { code?: string; password?: string }) => renewRecoveryCodes(values),
    onSuccess: (answer) => {
      notify('success', answer.message);
      form.resetFields();
      onRenewed();
    },
  });
  const errors = renew.error instanceof ApiError ? renew.error.fieldErrors : {};
  const fieldError = errors[by]?.[0] ? translateMessage(errors[by][0]) : undefined;
  const general = renew.error && !fieldError ? errorMessage(renew.error) : null;
  if (renew.data) return <RecoveryCodes codes={renew.data.recovery_codes} />;
  return (
    <Form form={form} layout="vertical" onFinish={(values) => renew.mutate(values)} className="bo-two-factor-form">
      <Typography.Title level={5}>{t('recoveryCodes.renewTitle')}</Typography.Title>
      <Typography.Paragraph data-testid="recovery-codes-left">
        {t('recoveryCodes.left', { count: left })}
      </Typography.Paragraph>
      {left <= 3 && (
        <Alert type="warning" showIcon title={t('recoveryCodes.lowWarning')} className="bo-recovery-alert" />
      )}
      <Typography.Paragraph type="secondary">
        {t(by === 'code' ? 'recoveryCodes.renewHelp' : 'recoveryCodes.renewHelpPassword')}
      </Typography.Paragraph>
      {general && <Alert type="error" showIcon title={general} className="bo-recovery-alert" />}
      <Form.Item
        name={by}
        label={t(by === 'code' ? 'twoFactor.code' : 'auth.password')}
        rules={[{ required: true, message: t('errors.required') }]}
        validateStatus={fieldError ? 'error' : undefined}
        help={fieldError}
      >
        {by === 'code' ? (
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} data-testid="recovery-renew-code" />
        ) : (
          <Input.Password autoComplete="current-password" data-testid="recovery-renew-password" />
        )}
      </Form.Item>
      <Button htmlType="submit" loading={renew.isPending} data-testid="recovery-renew">
        {t('recoveryCodes.renew')}
      </Button>
    </Form>
  );
}

/**
 * User menu → Two-factor sign-in (route accountTwoFactor, docs/features/sign-in-and-users.md): the authenticator app,
 * the passkeys (either is a second factor) and the recovery codes.
 */
export default function TwoFactorScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const [settingUp, setSettingUp] = useState(false);
  // The recovery codes the first passkey answered, shown once.
  const [firstCodes, setFirstCodes] = useState<string[] | null>(null);
  const status = useTwoFactorStatus();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
    void queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
  };
  const on = me.data?.two_factor === true;
  const totp = status.data?.totp === true;
  const required = status.data?.required === true;
  const passkeyCount = usePasskeys().data?.length ?? 0;
  const passkeysOnly = on && !totp;
  const renewed = () => void queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
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
      {me.isLoading || status.isLoading ? (
        <Spin />
      ) : firstCodes ? (
        <Flex vertical gap={16} align="flex-start">
          <RecoveryCodes codes={firstCodes} />
          <Button type="primary" onClick={() => setFirstCodes(null)} data-testid="passkey-codes-done">
            {t('twoFactor.done')}
          </Button>
        </Flex>
      ) : settingUp ? (
        <TwoFactorSetup
          onDone={() => {
            setSettingUp(false);
            refresh();
          }}
          onCancel={() => setSettingUp(false)}
          onEnabled={refresh}
        />
      ) : (
        <Flex vertical gap={24}>
          <section aria-labelledby="two-factor-app-title">
            <Typography.Title level={5} id="two-factor-app-title">
              <Flex gap={8} align="center" component="span">
                <MobileOutlined aria-hidden />
                {t('passkeys.appTitle')}
              </Flex>
            </Typography.Title>
            {totp ? (
              <Flex vertical gap={24}>
                {status.data && <RecoveryPanel by="code" left={status.data.recovery_codes_left} onRenewed={renewed} />}
                {/* While role 1 requires it of everyone and no passkey stands in, turning it off is not offered
                    (the server refuses it too). */}
                {required && passkeyCount === 0 ? (
                  <Alert
                    type="info"
                    showIcon
                    title={t('recoveryCodes.requiredNoDisable')}
                    data-testid="two-factor-required-note"
                  />
                ) : (
                  <DisableForm onDone={refresh} />
                )}
              </Flex>
            ) : (
              <Flex vertical gap={16} align="flex-start">
                <Typography.Paragraph>{t('twoFactor.intro')}</Typography.Paragraph>
                <Button type="primary" onClick={() => setSettingUp(true)} data-testid="two-factor-start">
                  {t('twoFactor.setUp')}
                </Button>
              </Flex>
            )}
          </section>
          <PasskeysPanel lastFactorKept={required && !totp} onChanged={refresh} onRecoveryCodes={setFirstCodes} />
          {passkeysOnly && status.data && (
            <RecoveryPanel by="password" left={status.data.recovery_codes_left} onRenewed={renewed} />
          )}
        </Flex>
      )}
    </Card>
  );
}
