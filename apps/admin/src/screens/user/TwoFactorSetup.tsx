import type { TwoFactorEnabled } from '@backoffice/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, QRCode, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enableTwoFactor, startTwoFactorSetup } from '../../api/account';
import { ApiError, errorMessage } from '../../api/client';
import { translateMessage } from '../../i18n';
import { RecoveryCodes } from './RecoveryCodes';
import './account.css';

/**
 * Setting two-factor sign-in up (docs/features/sign-in-and-users.md): a new secret as a QR code and as text, a code of
 * the app turns it on, then the recovery codes are shown once and `onDone` gets the answer. Used by the user menu's
 * screen and by the set-up role 1's rule requires after the password step.
 */
export function TwoFactorSetup({
  onDone,
  onCancel,
  onEnabled,
}: {
  onDone: (answer: TwoFactorEnabled) => void;
  onCancel?: () => void;
  /** Called as soon as it is on, while the recovery codes are still shown. */
  onEnabled?: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const setup = useQuery({
    queryKey: ['twoFactorSetup'],
    queryFn: startTwoFactorSetup,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });
  const enable = useMutation({ mutationFn: () => enableTwoFactor(code.replace(/\s/g, '')), onSuccess: onEnabled });

  if (enable.data) {
    const answer = enable.data;
    return (
      <Flex vertical gap={16}>
        <Alert type="success" showIcon title={answer.message} />
        <RecoveryCodes codes={answer.recovery_codes} />
        <div>
          <Button type="primary" onClick={() => onDone(answer)} data-testid="two-factor-done">
            {t('twoFactor.done')}
          </Button>
        </div>
      </Flex>
    );
  }
  if (setup.isLoading) return <Spin />;
  if (setup.isError || !setup.data) return <Alert type="error" showIcon title={errorMessage(setup.error)} />;

  const fieldError =
    enable.error instanceof ApiError && enable.error.status === 422
      ? translateMessage(enable.error.fieldErrors.code?.[0] ?? 'twoFactor.codeInvalid')
      : undefined;
  return (
    <Flex vertical gap={16} data-testid="two-factor-setup">
      <Typography.Paragraph>{t('twoFactor.scan')}</Typography.Paragraph>
      <Flex gap={24} wrap align="center">
        <div role="img" aria-label={t('twoFactor.qrLabel')}>
          {/* The drawing itself is hidden from assistive technology: the wrapper names it, and the key is its text. */}
          <div aria-hidden="true">
            <QRCode value={setup.data.otpauth_url} size={176} bordered data-testid="two-factor-qr" />
          </div>
        </div>
        <div>
          <Typography.Text type="secondary">{t('twoFactor.secret')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: setup.data.secret }} className="bo-two-factor-secret">
            <code data-testid="two-factor-secret">{setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </Typography.Paragraph>
        </div>
      </Flex>
      <Form layout="vertical" onFinish={() => enable.mutate()} requiredMark={false} className="bo-two-factor-form">
        <Form.Item
          label={t('twoFactor.enterCode')}
          validateStatus={fieldError || (enable.error && !fieldError) ? 'error' : undefined}
          help={fieldError ?? (enable.error ? errorMessage(enable.error) : undefined)}
        >
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            data-testid="two-factor-enable-code"
            aria-label={t('twoFactor.code')}
            autoFocus
          />
        </Form.Item>
        <Flex gap={8}>
          <Button
            type="primary"
            htmlType="submit"
            loading={enable.isPending}
            disabled={!/^\d{6}$/.test(code.replace(/\s/g, ''))}
            data-testid="two-factor-enable"
          >
            {t('twoFactor.enable')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('twoFactor.cancel')}</Button>}
        </Flex>
      </Form>
    </Flex>
  );
}
