import type { StoredUser } from '@backoffice/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondStep } from '../../api/account';
import { ApiError, errorMessage } from '../../api/client';
import { PasskeyCeremonyError, passkeySecondStep } from '../../api/passkeys';
import { Field, Notice, SubmitButton } from './controls';

/**
 * The second step of a sign-in (docs/features/sign-in-and-users.md): a 6-digit code of the authenticator app, one of
 * the recovery codes, or, for a user who has one, a passkey. A 401 means the password step expired: the user starts
 * again.
 */
export function TwoFactorStep({
  passkey = false,
  onSignedIn,
  onRestart,
}: {
  /** The password step said the user has a passkey: "Use a passkey" is offered beside the code. */
  passkey?: boolean;
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
  const withPasskey = useMutation({ mutationFn: passkeySecondStep, onSuccess: onSignedIn });
  const error = attempt.error ?? withPasskey.error;
  const expired = error instanceof ApiError && error.status === 401;
  const failure = error
    ? expired
      ? t('twoFactor.expired')
      : error instanceof PasskeyCeremonyError
        ? t(`twoFactor.passkey.${error.reason}`)
        : error instanceof ApiError && error.status === 422
          ? t(attempt.error ? 'twoFactor.codeInvalid' : 'twoFactor.passkey.invalid')
          : errorMessage(error)
    : null;
  const busy = attempt.isPending || withPasskey.isPending;
  const ready = recovery ? value.replace(/[\s-]/g, '').length === 10 : /^\d{6}$/.test(value.replace(/\s/g, ''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    withPasskey.reset();
    if (ready && !busy) attempt.mutate();
  };
  const switchMode = () => {
    setRecovery((r) => !r);
    setValue('');
    attempt.reset();
  };
  const usePasskey = () => {
    attempt.reset();
    if (!busy) withPasskey.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('twoFactor.title')} data-testid="two-factor-step">
      <p className="bo-auth-help">{t(passkey ? 'twoFactor.secondStepHelpPasskey' : 'twoFactor.secondStepHelp')}</p>
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
      <SubmitButton testId="two-factor-submit" loading={attempt.isPending} disabled={!ready || withPasskey.isPending}>
        {t('twoFactor.verify')}
      </SubmitButton>
      {passkey && (
        <>
          <p className="bo-auth-or">{t('twoFactor.or')}</p>
          <button
            type="button"
            className="bo-button bo-button-block bo-field"
            data-testid="two-factor-passkey"
            disabled={busy}
            aria-busy={withPasskey.isPending}
            onClick={usePasskey}
          >
            {withPasskey.isPending && <span className="bo-button-spinner" aria-hidden="true" />}
            {t('twoFactor.usePasskey')}
          </button>
        </>
      )}
      <button type="button" className="bo-link-button" data-testid="two-factor-switch" onClick={switchMode}>
        {recovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
      </button>
    </form>
  );
}
