import { useMutation } from '@tanstack/react-query';
import { Button, Form, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetTwoFactor } from '../../api/account';
import { confirmPopProps } from '../../kit/list/confirm';
import { notify, notifyFailure } from '../../kit/notifications';

/**
 * A user's two-factor sign-in on their form: on or off, and for role 1 on another user's form a reset (a lost phone;
 * it also signs them out, and it is logged).
 */
export function TwoFactorResetField({ userId, on, mayReset }: { userId: number; on: boolean; mayReset: boolean }) {
  const { t } = useTranslation();
  const [cleared, setCleared] = useState(false);
  const reset = useMutation({
    mutationFn: () => resetTwoFactor(userId),
    onSuccess: (answer) => {
      setCleared(true);
      notify('success', answer.message);
    },
    onError: (error) => notifyFailure('twoFactor.reset', error),
  });
  const active = on && !cleared;
  return (
    <Form.Item label={t('twoFactor.title')}>
      <Space wrap>
        <Tag color={active ? 'green' : 'default'} data-testid="field-two_factor">
          {active ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
        </Tag>
        {active && mayReset && (
          <Popconfirm title={t('twoFactor.resetConfirm')} {...confirmPopProps()} onConfirm={() => reset.mutate()}>
            <Button danger size="small" loading={reset.isPending} data-testid="two-factor-reset">
              {t('twoFactor.reset')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Form.Item>
  );
}
