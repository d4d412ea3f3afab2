import { type ForgottenPasswordInput, forgottenPasswordSchema } from '@backoffice/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sendResetLink, useCsrfCookie } from '../../api/auth';
import { zodRules } from '../../kit/zodForm';
import { routePath } from '../../routes/paths';

const rules = zodRules(forgottenPasswordSchema);

/** Forgotten password (spec 1 §2): on success the form gives way to the server's message. */
export default function ForgottenPasswordScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ForgottenPasswordInput>();
  const valid = Form.useWatch((values: unknown) => forgottenPasswordSchema.safeParse(values ?? {}).success, form);
  useCsrfCookie();
  const send = useMutation({ mutationFn: sendResetLink });
  const backToLogin = (
    <Link to={routePath('login')} data-testid="back-to-login">
      {t('auth.backToLogin')}
    </Link>
  );

  if (send.isSuccess) {
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert data-testid="forgotten-message" type="success" showIcon title={send.data.message} />
        {backToLogin}
      </Space>
    );
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => send.mutate(values)}>
      <p>{t('auth.forgottenHelp')}</p>
      {send.isError && (
        <Alert
          data-testid="forgotten-error"
          type="error"
          showIcon
          className="bo-form-alert"
          title={t('auth.forgottenError')}
        />
      )}
      <Form.Item name="email" label={t('auth.email')} rules={rules('email')} validateTrigger="onBlur">
        <Input data-testid="forgotten-email" type="email" autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item>
        <Button
          data-testid="forgotten-submit"
          type="primary"
          htmlType="submit"
          block
          loading={send.isPending}
          disabled={send.isPending || !valid}
        >
          {t('auth.send')}
        </Button>
      </Form.Item>
      {backToLogin}
    </Form>
  );
}
