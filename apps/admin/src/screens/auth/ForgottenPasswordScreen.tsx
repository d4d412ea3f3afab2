import type { ForgottenPasswordInput } from '@backoffice/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sendResetLink, useCsrfCookie } from '../../api/auth';
import { zodValidate } from '../../kit/zodForm';
import { routePath } from '../../routes/paths';
import { Field, firstError, Notice, SubmitButton } from './controls';
import { NOT_CHECKED, useAuthSchemas, useDeferredSubmit } from './useAuthSchemas';

/** Forgotten password (docs/spec-index.md S1.2): on success the form gives way to the server's message. */
export default function ForgottenPasswordScreen() {
  const { t } = useTranslation();
  const [values, setValues] = useState<ForgottenPasswordInput>({ email: '' });
  const [touched, setTouched] = useState(false);
  useCsrfCookie();
  const send = useMutation({ mutationFn: sendResetLink });
  const schemas = useAuthSchemas(values.email !== '' || touched);
  const validation = schemas ? zodValidate(schemas.forgottenPasswordSchema, values) : NOT_CHECKED;
  // A submit before the rules have loaded waits for them; until then only an empty field disables the button.
  const deferred = useDeferredSubmit(schemas !== null, () => {
    if (validation.success && !send.isPending) send.mutate(validation.data);
  });
  const backToLogin = (
    <Link to={routePath('login')} data-testid="back-to-login">
      {t('auth.backToLogin')}
    </Link>
  );

  if (send.isSuccess) {
    return (
      <div className="bo-auth-links">
        <Notice type="success" testId="forgotten-message">
          {send.data.message}
        </Notice>
        {backToLogin}
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!send.isPending) deferred.submit();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.forgottenTitle')}>
      <p>{t('auth.forgottenHelp')}</p>
      {send.isError && (
        <Notice type="error" testId="forgotten-error">
          {t('auth.forgottenError')}
        </Notice>
      )}
      <Field
        id="forgotten-email"
        testId="forgotten-email"
        label={t('auth.email')}
        type="email"
        autoComplete="username"
        autoFocus
        value={values.email}
        error={firstError(validation.success ? null : validation.errors, 'email', touched)}
        onChange={(email) => setValues({ email })}
        onBlur={() => setTouched(true)}
      />
      <SubmitButton
        testId="forgotten-submit"
        loading={send.isPending || deferred.waiting}
        disabled={schemas ? !validation.success : values.email === ''}
      >
        {t('auth.send')}
      </SubmitButton>
      {backToLogin}
    </form>
  );
}
