import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveTwoFactorPolicy, twoFactorPolicyKey, useTwoFactorPolicy } from '../../api/account';
import { ApiError } from '../../api/client';
import { translateMessage } from '../../i18n';
import { notify, notifyFailure } from '../../kit/notifications';
import './account.css';

/**
 * The main settings screen's sign-in rule (docs/features/sign-in-and-users.md): role 1 requires two-factor sign-in of
 * all staff; everyone else sees the rule without the switch working.
 */
export function TwoFactorPolicyCard() {
  const { t } = useTranslation();
  const policy = useTwoFactorPolicy();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveTwoFactorPolicy,
    onSuccess: (answer) => {
      queryClient.setQueryData(twoFactorPolicyKey, { data: answer.data, abilities: answer.abilities });
      notify('success', answer.message);
    },
    onError: (error) => {
      const key = error instanceof ApiError ? error.fieldErrors.required?.[0] : undefined;
      if (key) notify('danger', translateMessage(key));
      else notifyFailure('twoFactor.policyTitle', error);
    },
  });
  return (
    <Card title={t('twoFactor.policyTitle')} className="bo-settings-two-factor" data-testid="two-factor-policy">
      <Flex gap={12} align="flex-start">
        <Switch
          id="two-factor-required"
          checked={policy.data?.data.required ?? false}
          disabled={!policy.data?.abilities.update}
          loading={policy.isLoading || save.isPending}
          onChange={(required) => save.mutate(required)}
          data-testid="two-factor-required"
        />
        <div>
          <label htmlFor="two-factor-required">{t('twoFactor.policyLabel')}</label>
          <Typography.Paragraph type="secondary">{t('twoFactor.policyHelp')}</Typography.Paragraph>
        </div>
      </Flex>
    </Card>
  );
}
