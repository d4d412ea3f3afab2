import { DELETE_MARKER, type Locale, maskSecret, SECRET_MAX, type SecretState } from '@backoffice/shared';
import { Alert, Button, Form, type FormRule, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { I18nKey } from '../../i18n';

interface SecretInputProps {
  /** The new value: '' keeps the stored secret, `@delete@` clears it, anything else replaces it. */
  value?: string;
  onChange?: (value: string) => void;
  state?: SecretState;
  editable: boolean;
  testId: string;
}

/** The control of a secret: a password field that starts empty, and a remove button while one is stored. */
function SecretInput({ value = '', onChange, state, editable, testId }: SecretInputProps) {
  const { t } = useTranslation();
  if (value === DELETE_MARKER)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid={`${testId}-cleared`}
        title={t('settings.secret.willClear')}
        action={
          <Button size="small" data-testid={`${testId}-undo`} onClick={() => onChange?.('')}>
            {t('settings.secret.undoClear')}
          </Button>
        }
      />
    );
  const stored = state?.set ? maskSecret(state) : '';
  const placeholder = editable
    ? t(stored ? 'settings.secret.replacePlaceholder' : 'settings.secret.newPlaceholder')
    : stored || t('settings.secret.notSet');
  return (
    <Space.Compact block>
      <Input.Password
        data-testid={testId}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={placeholder}
        // Never the browser's saved login password, and never a suggestion of the stored secret.
        autoComplete="new-password"
        maxLength={SECRET_MAX}
        disabled={!editable}
        visibilityToggle={editable}
      />
      {editable && stored && (
        <Button danger data-testid={`${testId}-clear`} onClick={() => onChange?.(DELETE_MARKER)}>
          {t('settings.secret.clear')}
        </Button>
      )}
    </Space.Compact>
  );
}

/**
 * A write-only setting of one locale (`SETTINGS_SECRETS`, SECURITY.md): the server never sends its value, so the field
 * starts empty and the hint says whether one is stored (`Set: ••••abcd`). Left empty it keeps the stored secret;
 * the administrator types a new one or removes it; any other role sees it disabled.
 */
export function SettingsSecretField({
  locale,
  name,
  labelKey,
  rules,
  state,
  editable,
}: {
  locale: Locale;
  name: string;
  labelKey: I18nKey;
  rules: (path: string) => FormRule[];
  state?: SecretState;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const testId = `field-${name}-${locale}`;
  const hint = state?.set ? t('settings.secret.set', { masked: maskSecret(state) }) : t('settings.secret.notSet');
  return (
    <Form.Item
      name={[name, locale]}
      label={t(labelKey)}
      rules={rules(`${name}.${locale}`)}
      extra={
        <span data-testid={`secret-${name}-${locale}`} data-set={state?.set ? '1' : '0'}>
          {hint}
          {editable
            ? state?.set
              ? ` · ${t('settings.secret.keepHint')}`
              : ''
            : ` · ${t('settings.secret.adminOnly')}`}
        </span>
      }
    >
      <SecretInput state={state} editable={editable} testId={testId} />
    </Form.Item>
  );
}
