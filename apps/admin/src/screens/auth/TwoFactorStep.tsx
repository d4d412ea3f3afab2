import type { StoredUser } from '@backoffice/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondStep } from '../../api/account';
import { ApiError, errorMessage } from '../../api/client';
import { Field, Notice, SubmitButton } from './controls';

/**
 * The second step of a sign-in (docs/features/sign-in-and-users.md): a 6-digit code of the authenticator app, or one
 * of the recovery codes. A 401 means the password step expired: the user starts again.
 */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: StoredUser) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const attempt = useMutation({
    mutationFn: () => secondStep(recovery ? { recovery_code: value } : { code: value }),
    onSuccess: onSignedIn,
  });
  const expired = attempt.error instanceof ApiError && attempt.error.status === 401;
  const failure = attempt.error
    ? expired
      ? t('twoFactor.expired')
      : attempt.error instanceof ApiError && attempt.error.status === 422
        ? t('twoFactor.codeInvalid')
        : errorMessage(attempt.error)
    : null;
  const ready = recovery ? value.replace(/[\s-]/g, '').length === 10 : /^\d{6}$/.test(value.replace(/\s/g, ''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !attempt.isPending) attempt.mutate();
  };
  const switchMode = () => {
    setRecovery((r) => !r);
    setValue('');
    attempt.reset();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('twoFactor.title')} data-testid="two-factor-step">
      <p className="bo-auth-help">{t('twoFactor.secondStepHelp')}</p>
      {failure && (
        <Notice
          type="error"
          testId="two-factor-error"
          action={
            expired ? (
              <button type="button" className="bo-button bo-button-small" onClick={onRestart}>
                {t('twoFactor.startOver')}
              </button>
            ) : undefined
          }
        >
          {failure}
        </Notice>
      )}
      <Field
        key={recovery ? 'recovery' : 'code'}
        id={recovery ? 'two-factor-recovery' : 'two-factor-code'}
        testId={recovery ? 'two-factor-recovery' : 'two-factor-code'}
        label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
        value={value}
        onChange={setValue}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoFocus
      />
      <SubmitButton testId="two-factor-submit" loading={attempt.isPending} disabled={!ready}>
        {t('twoFactor.verify')}
      </SubmitButton>
      <button type="button" className="bo-link-button" data-testid="two-factor-switch" onClick={switchMode}>
        {recovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
      </button>
    </form>
  );
}
