import { type LoginInput, loginSchema } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { login, useCsrfCookie } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { setUser } from '../../api/session';
import { translateMessage } from '../../i18n';
import { zodValidate } from '../../kit/zodForm';
import { routePath } from '../../routes/paths';

type Field = keyof LoginInput;

/**
 * Login (spec 1 §2). The button waits for the CSRF cookie, a pending login and a valid form (the shared
 * loginSchema). It is the entry route, so it uses plain fields instead of antd Form to stay small.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const csrf = useCsrfCookie();
  const queryClient = useQueryClient();
  const attempt = useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.clear();
      // The guest guard now sends the user on to the dashboard (or the remembered page).
      setUser(user);
    },
  });

  const validation = zodValidate(loginSchema, values);
  const errorOf = (field: Field) =>
    touched[field] && !validation.success && validation.errors[field]
      ? translateMessage(validation.errors[field][0])
      : null;
  const error = attempt.error;
  const failure =
    error === null ? null : error instanceof ApiError && error.status === 422 ? t('auth.failed') : errorMessage(error);
  const disabled = !csrf.isSuccess || attempt.isPending || !validation.success;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true });
    if (validation.success && !disabled) attempt.mutate(validation.data);
  };

  const field = (name: Field, label: string, control: ReactNode) => {
    const message = errorOf(name);
    return (
      <div className="bo-field">
        <label htmlFor={`login-${name}`}>{label}</label>
        {control}
        {message && (
          <div id={`login-${name}-error`} className="bo-field-error" role="alert">
            {message}
          </div>
        )}
      </div>
    );
  };
  const bind = (name: Field) => ({
    id: `login-${name}`,
    'data-testid': `login-${name}`,
    value: values[name],
    status: errorOf(name) ? ('error' as const) : undefined,
    'aria-invalid': Boolean(errorOf(name)),
    'aria-describedby': errorOf(name) ? `login-${name}-error` : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
    // An untouched empty field shows no error when left (clicking a link must not shift the layout).
    onBlur: () => setTouched((v) => ({ ...v, [name]: v[name] || values[name] !== '' })),
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.loginTitle')}>
      {csrf.isError && (
        <Alert
          type="error"
          showIcon
          className="bo-form-alert"
          title={t('auth.csrfError')}
          action={
            <Button size="small" onClick={() => void csrf.refetch()}>
              {t('auth.retry')}
            </Button>
          }
        />
      )}
      {failure && <Alert data-testid="login-error" type="error" showIcon className="bo-form-alert" title={failure} />}
      {field('email', t('auth.email'), <Input {...bind('email')} type="email" autoComplete="username" autoFocus />)}
      {field('password', t('auth.password'), <Input.Password {...bind('password')} autoComplete="current-password" />)}
      <Button
        data-testid="login-submit"
        type="primary"
        htmlType="submit"
        block
        className="bo-field"
        loading={attempt.isPending}
        disabled={disabled}
      >
        {t('auth.login')}
      </Button>
      <Link to={routePath('forgotten-password')} data-testid="forgotten-link">
        {t('auth.forgottenLink')}
      </Link>
    </form>
  );
}
