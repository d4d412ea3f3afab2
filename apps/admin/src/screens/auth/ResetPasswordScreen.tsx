import { type ResetPasswordInput, resetPasswordSchema } from '@backoffice/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { resetPassword, useCsrfCookie } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { applyFieldErrors, zodRules } from '../../kit/zodForm';
import { routePath } from '../../routes/paths';

const rules = zodRules(resetPasswordSchema);

/** The mailed reset link, /admin/reset-password?token=…&email=…: a new password typed twice. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [form] = Form.useForm<ResetPasswordInput>();
  const valid = Form.useWatch((values: unknown) => resetPasswordSchema.safeParse(values ?? {}).success, form);
  useCsrfCookie();
  const reset = useMutation({
    mutationFn: resetPassword,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) applyFieldErrors(form, error.fieldErrors);
    },
  });
  const backToLogin = (
    <Link to={routePath('login')} data-testid="back-to-login">
      {t('auth.backToLogin')}
    </Link>
  );

  if (!token || !email) {
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert data-testid="reset-error" type="error" showIcon title={t('auth.resetInvalidLink')} />
        <Link to={routePath('forgotten-password')}>{t('auth.forgottenLink')}</Link>
      </Space>
    );
  }

  if (reset.isSuccess) {
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert data-testid="reset-message" type="success" showIcon title={reset.data.message} />
        {backToLogin}
      </Space>
    );
  }

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ token, email, password: '', password_2: '' }}
      onFinish={(values) => reset.mutate(values)}
    >
      {reset.isError && (
        <Alert
          data-testid="reset-error"
          type="error"
          showIcon
          className="bo-form-alert"
          title={errorMessage(reset.error)}
        />
      )}
      <Form.Item name="token" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="email" label={t('auth.email')}>
        <Input disabled />
      </Form.Item>
      <Form.Item name="password" label={t('auth.newPassword')} rules={rules('password')}>
        <Input.Password data-testid="reset-password" autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        name="password_2"
        label={t('auth.passwordAgain')}
        rules={rules('password_2')}
        dependencies={['password']}
      >
        <Input.Password data-testid="reset-password-2" autoComplete="new-password" />
      </Form.Item>
      <Form.Item>
        <Button
          data-testid="reset-submit"
          type="primary"
          htmlType="submit"
          block
          loading={reset.isPending}
          disabled={reset.isPending || !valid}
        >
          {t('auth.resetSubmit')}
        </Button>
      </Form.Item>
      {backToLogin}
    </Form>
  );
}
