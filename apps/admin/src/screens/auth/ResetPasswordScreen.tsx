import type { ResetPasswordInput } from '@backoffice/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { resetPassword, useCsrfCookie } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { zodValidate } from '../../kit/zodForm';
import { routePath } from '../../routes/paths';
import { Field, firstError, Notice, SubmitButton } from './controls';
import { NOT_CHECKED, useAuthSchemas, useDeferredSubmit } from './useAuthSchemas';

type PasswordField = 'password' | 'password_2';

/** The mailed reset link, /admin/reset-password?token=…&email=…: a new password typed twice. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [passwords, setPasswords] = useState({ password: '', password_2: '' });
  const [touched, setTouched] = useState<Record<PasswordField, boolean>>({ password: false, password_2: false });
  useCsrfCookie();
  const reset = useMutation({ mutationFn: resetPassword });
  const values: ResetPasswordInput = { token, email, ...passwords };
  const schemas = useAuthSchemas(
    passwords.password !== '' || passwords.password_2 !== '' || touched.password || touched.password_2,
  );
  const validation = schemas ? zodValidate(schemas.resetPasswordSchema, values) : NOT_CHECKED;
  // A submit before the rules have loaded waits for them; until then only an empty field disables the button.
  const deferred = useDeferredSubmit(schemas !== null, () => {
    if (validation.success && !reset.isPending) reset.mutate(validation.data);
  });
  const backToLogin = (
    <Link to={routePath('login')} data-testid="back-to-login">
      {t('auth.backToLogin')}
    </Link>
  );

  if (!token || !email) {
    return (
      <div className="bo-auth-links">
        <Notice type="error" testId="reset-error">
          {t('auth.resetInvalidLink')}
        </Notice>
        <Link to={routePath('forgotten-password')}>{t('auth.forgottenLink')}</Link>
      </div>
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="bo-auth-links">
        <Notice type="success" testId="reset-message">
          {reset.data.message}
        </Notice>
        {backToLogin}
      </div>
    );
  }

  // The server's field errors (422) stand until the next attempt; the form's own as soon as a field is typed in.
  const serverErrors = reset.error instanceof ApiError && reset.error.status === 422 ? reset.error.fieldErrors : null;
  const errorOf = (field: PasswordField) =>
    firstError(validation.success ? null : validation.errors, field, touched[field] || passwords[field] !== '') ??
    serverErrors?.[field]?.[0] ??
    null;
  const bind = (field: PasswordField) => ({
    id: `reset-${field}`,
    value: passwords[field],
    error: errorOf(field),
    type: 'password' as const,
    autoComplete: 'new-password',
    onChange: (value: string) => setPasswords((v) => ({ ...v, [field]: value })),
    onBlur: () => setTouched((v) => ({ ...v, [field]: v[field] || passwords[field] !== '' })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ password: true, password_2: true });
    if (!reset.isPending) deferred.submit();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.resetTitle')}>
      {reset.isError && (
        <Notice type="error" testId="reset-error">
          {errorMessage(reset.error)}
        </Notice>
      )}
      <Field id="reset-email" label={t('auth.email')} value={email} onChange={() => {}} disabled />
      <Field {...bind('password')} testId="reset-password" label={t('auth.newPassword')} autoFocus />
      <Field {...bind('password_2')} testId="reset-password-2" label={t('auth.passwordAgain')} />
      <SubmitButton
        testId="reset-submit"
        loading={reset.isPending || deferred.waiting}
        disabled={schemas ? !validation.success : passwords.password === '' || passwords.password_2 === ''}
      >
        {t('auth.resetSubmit')}
      </SubmitButton>
      {backToLogin}
    </form>
  );
}
