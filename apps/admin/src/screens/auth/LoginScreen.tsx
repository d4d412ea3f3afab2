import type { LoginInput, StoredUser } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordStep } from '../../api/account';
import { useCsrfCookie } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { getLastClearReason, setUser } from '../../api/session';
import { zodValidate } from '../../kit/zodForm';
import { routePath } from '../../routes/paths';
import { Field, firstError, Notice, SubmitButton } from './controls';
import { TwoFactorStep } from './TwoFactorStep';
import { NOT_CHECKED, useAuthSchemas, useDeferredSubmit } from './useAuthSchemas';

type FieldName = keyof LoginInput;

/**
 * Login (docs/spec-index.md S1.2). The button waits for the CSRF cookie, a pending login and a valid form (the shared
 * loginSchema); a submit made before those rules have loaded waits for them (the button loading) and then goes on.
 * It is the entry route, so it uses the light controls beside it, not antd.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [touched, setTouched] = useState<Record<FieldName, boolean>>({ email: false, password: false });
  const csrf = useCsrfCookie();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // After a right password: the second step of two-factor sign-in, when the user has it on (`passkey`: one to offer).
  const [secondStep, setSecondStep] = useState<{ passkey: boolean } | null>(null);
  // Sent here by a 401 (the session was ended or ran out): say so, rather than leave the user wondering.
  const [sessionEnded] = useState(() => getLastClearReason() === 'unauthorized');
  const signedIn = (user: StoredUser) => {
    queryClient.clear();
    // The guest guard now sends the user on to the dashboard (or the remembered page).
    setUser(user);
  };
  const attempt = useMutation({
    mutationFn: passwordStep,
    onSuccess: (answer) => {
      if ('data' in answer) signedIn(answer.data);
      else if ('two_factor' in answer) setSecondStep({ passkey: answer.passkey === true });
      // Role 1 requires two-factor sign-in and this user has none yet: its set-up comes first.
      else void navigate(`${routePath('twoFactorSetup')}${params.size ? `?${params}` : ''}`);
    },
  });

  const schemas = useAuthSchemas(values.email !== '' || values.password !== '' || touched.email || touched.password);
  const validation = schemas ? zodValidate(schemas.loginSchema, values) : NOT_CHECKED;
  const errorOf = (field: FieldName) =>
    firstError(validation.success ? null : validation.errors, field, touched[field]);
  const error = attempt.error;
  const failure =
    error === null ? null : error instanceof ApiError && error.status === 422 ? t('auth.failed') : errorMessage(error);
  // Until the rules are there only an empty field disables the button; a submit waits for them (`deferred`).
  const disabled = !csrf.isSuccess || (schemas ? !validation.success : values.email === '' || values.password === '');
  const deferred = useDeferredSubmit(schemas !== null, () => {
    if (validation.success && csrf.isSuccess && !attempt.isPending) attempt.mutate(validation.data);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true });
    if (!disabled && !attempt.isPending) deferred.submit();
  };

  const bind = (name: FieldName) => ({
    id: `login-${name}`,
    testId: `login-${name}`,
    value: values[name],
    error: errorOf(name),
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
    // An untouched empty field shows no error when left (clicking a link must not shift the layout).
    onBlur: () => setTouched((v) => ({ ...v, [name]: v[name] || values[name] !== '' })),
  });

  if (secondStep) {
    return (
      <TwoFactorStep
        passkey={secondStep.passkey}
        onSignedIn={signedIn}
        onRestart={() => {
          setSecondStep(null);
          attempt.reset();
          void csrf.refetch();
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.loginTitle')}>
      {csrf.isError && (
        <Notice
          type="error"
          action={
            <button type="button" className="bo-button bo-button-small" onClick={() => void csrf.refetch()}>
              {t('auth.retry')}
            </button>
          }
        >
          {t('auth.csrfError')}
        </Notice>
      )}
      {sessionEnded && !failure && (
        <Notice type="info" testId="session-ended">
          {t('auth.sessionEnded')}
        </Notice>
      )}
      {failure && (
        <Notice type="error" testId="login-error">
          {failure}
        </Notice>
      )}
      <Field {...bind('email')} label={t('auth.email')} type="email" autoComplete="username" autoFocus />
      <Field {...bind('password')} label={t('auth.password')} type="password" autoComplete="current-password" />
      <SubmitButton testId="login-submit" loading={attempt.isPending || deferred.waiting} disabled={disabled}>
        {t('auth.login')}
      </SubmitButton>
      <Link to={routePath('forgotten-password')} data-testid="forgotten-link">
        {t('auth.forgottenLink')}
      </Link>
    </form>
  );
}
