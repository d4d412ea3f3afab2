import { DeleteOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { PASSKEYS, type PasskeyItem } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, List, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/client';
import { addPasskey, PasskeyCeremonyError, passkeysKey, removePasskey, usePasskeys } from '../../api/passkeys';
import { translateMessage } from '../../i18n';
import { getLanguage } from '../../i18n/language';
import { formatDateTime } from '../../kit/format';
import { confirmPopProps } from '../../kit/list/confirm';
import { notify, notifyFailure } from '../../kit/notifications';

/**
 * The user's passkeys on the two-factor screen: listed with when each was added and last used, a named new one, and
 * removal after a confirmation. `lastFactorKept`: role 1 requires two-factor sign-in and the passkeys are the user's
 * only second factor, so the last one is not offered for removal (the server refuses it too).
 */
export function PasskeysPanel({
  lastFactorKept,
  onChanged,
  onRecoveryCodes,
}: {
  lastFactorKept: boolean;
  onChanged: () => void;
  /** The first second factor answers recovery codes, shown once. */
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const language = getLanguage();
  const passkeys = usePasskeys();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: passkeysKey });
    onChanged();
  };
  const add = useMutation({
    mutationFn: (name: string) => addPasskey(name),
    onSuccess: (answer) => {
      notify('success', answer.message);
      form.resetFields();
      changed();
      if (answer.recovery_codes) onRecoveryCodes(answer.recovery_codes);
    },
  });
  const remove = useMutation({
    mutationFn: (item: PasskeyItem) => removePasskey(item.id),
    onSuccess: (answer) => {
      notify('success', answer.message);
      changed();
    },
    onError: (error) => notifyFailure('passkeys.remove', error),
  });
  const errors = add.error instanceof ApiError ? add.error.fieldErrors : {};
  const nameError = errors.name?.[0] ? translateMessage(errors.name[0]) : undefined;
  const failure = !add.error
    ? null
    : add.error instanceof PasskeyCeremonyError
      ? t(`passkeys.${add.error.reason}`)
      : nameError
        ? null
        : errorMessage(add.error);
  const items = passkeys.data ?? [];
  const full = items.length >= PASSKEYS.max;

  return (
    <section aria-labelledby="passkeys-title" data-testid="passkeys">
      <Typography.Title level={5} id="passkeys-title">
        <Flex gap={8} align="center" component="span">
          <KeyOutlined aria-hidden />
          {t('passkeys.title')}
        </Flex>
      </Typography.Title>
      <Typography.Paragraph>{t('passkeys.intro')}</Typography.Paragraph>
      {passkeys.isError && <Alert type="error" showIcon title={errorMessage(passkeys.error)} />}
      {passkeys.isSuccess && items.length === 0 ? (
        // Said as text: the list's own empty state is too pale to read.
        <Typography.Paragraph data-testid="passkeys-none">{t('passkeys.none')}</Typography.Paragraph>
      ) : (
        <List
          loading={passkeys.isLoading}
          dataSource={items}
          rowKey="id"
          renderItem={(item) => {
            const kept = lastFactorKept && items.length === 1;
            return (
              <List.Item
                data-testid="passkey-item"
                actions={[
                  <Popconfirm
                    key="remove"
                    title={t('passkeys.removeConfirm', { name: item.name })}
                    {...confirmPopProps()}
                    disabled={kept}
                    onConfirm={() => remove.mutate(item)}
                  >
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      disabled={kept}
                      loading={remove.isPending && remove.variables?.id === item.id}
                      data-testid="passkey-remove"
                      aria-label={`${t('passkeys.remove')}: ${item.name}`}
                    >
                      {t('passkeys.remove')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={<span data-testid="passkey-name">{item.name}</span>}
                  description={
                    <Flex gap={16} wrap>
                      <span>
                        {t('passkeys.created')}: {formatDateTime(item.created_at, language)}
                      </span>
                      <span data-testid="passkey-last-used">
                        {t('passkeys.lastUsed')}:{' '}
                        {item.last_used_at ? formatDateTime(item.last_used_at, language) : t('passkeys.never')}
                      </span>
                    </Flex>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
      {lastFactorKept && items.length === 1 && (
        <Alert
          type="info"
          showIcon
          title={t('passkeys.lastFactorNote')}
          className="bo-recovery-alert"
          data-testid="passkey-last-factor-note"
        />
      )}
      {failure && <Alert type="error" showIcon title={failure} className="bo-recovery-alert" />}
      <Form
        form={form}
        layout="vertical"
        className="bo-two-factor-form"
        onFinish={({ name }) => add.mutate(name.trim())}
        disabled={full}
      >
        <Form.Item
          name="name"
          label={t('passkeys.name')}
          rules={[
            { required: true, whitespace: true, message: t('errors.required') },
            { max: PASSKEYS.nameMax, message: t('errors.max60') },
          ]}
          validateStatus={nameError ? 'error' : undefined}
          help={nameError}
        >
          <Input
            placeholder={t('passkeys.namePlaceholder')}
            maxLength={PASSKEYS.nameMax}
            data-testid="passkey-name-input"
          />
        </Form.Item>
        <Button htmlType="submit" icon={<PlusOutlined />} loading={add.isPending} data-testid="passkey-add">
          {t('passkeys.add')}
        </Button>
      </Form>
    </section>
  );
}
