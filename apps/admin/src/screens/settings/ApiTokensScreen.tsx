import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { API_TOKEN_SCOPES, type ApiTokenItem, apiTokenSchema } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiTokenCreated,
  apiTokensKey,
  createApiToken,
  revokeApiToken,
  useApiTokens,
} from '../../api/integrations';
import { getLanguage } from '../../i18n/language';
import { useSaveCycle } from '../../kit/form/useSaveCycle';
import { formatDateTime } from '../../kit/format';
import { confirmPopProps } from '../../kit/list/confirm';
import { ListError } from '../../kit/list/ListError';
import { notify, notifyFailure } from '../../kit/notifications';
import { ShownOnce } from '../../kit/ShownOnce';
import { zodRules } from '../../kit/zodForm';
import { DeliveryAccessCard } from './DeliveryAccessCard';
import './integrations.css';

/**
 * Settings → API tokens (route settingsApiTokens, role 1; docs/features/integrations.md): the tokens other systems read
 * the delivery API with, each shown in full once when made and by its first characters after; revoked after a
 * confirmation. Below them, who may read the delivery API at all.
 */
export default function ApiTokensScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<number | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: apiTokensKey });

  const revoke = async (token: ApiTokenItem) => {
    setRevoking(token.id);
    try {
      notify('success', (await revokeApiToken(token.id)).message);
    } catch (error) {
      notifyFailure('apiTokens.revokeError', error);
    } finally {
      setRevoking(null);
      reload();
    }
  };

  const language = getLanguage();
  const columns: TableColumnsType<ApiTokenItem> = [
    {
      key: 'name',
      title: t('apiTokens.name'),
      render: (_, token) => (
        <span className="bo-cell-title" data-testid="cell-name">
          {token.name}
        </span>
      ),
    },
    {
      key: 'scope',
      title: t('apiTokens.scope'),
      render: (_, token) => (
        <Tag color={token.scope === 'preview' ? 'orange' : 'blue'} data-testid="cell-scope" data-scope={token.scope}>
          {t(`apiTokens.scopes.${token.scope}`)}
        </Tag>
      ),
    },
    {
      key: 'prefix',
      title: t('apiTokens.token'),
      render: (_, token) => (
        <code className="bo-nowrap" data-testid="cell-prefix">
          {token.prefix}…
        </code>
      ),
    },
    {
      key: 'created',
      title: t('apiTokens.created'),
      render: (_, token) => (
        <>
          <div className="bo-nowrap">{formatDateTime(token.created_at, language)}</div>
          {token.created_by && (
            <Typography.Text type="secondary">
              {token.created_by.name} {token.created_by.surname}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'lastUsed',
      title: t('apiTokens.lastUsed'),
      render: (_, token) =>
        token.last_used_at ? (
          <span className="bo-nowrap">{formatDateTime(token.last_used_at, language)}</span>
        ) : (
          <Typography.Text type="secondary">{t('apiTokens.never')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      align: 'right',
      // Kept in view at the end of a table wider than the screen, as the lists' row actions are.
      fixed: 'end',
      render: (_, token) => (
        <Popconfirm
          title={t('apiTokens.revokeConfirm', { name: token.name })}
          description={t('apiTokens.revokeHelp')}
          {...confirmPopProps()}
          onConfirm={() => void revoke(token)}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={revoking === token.id}
            data-testid="token-revoke"
          >
            {t('apiTokens.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <div className="bo-integrations">
      <Card
        title={t('apiTokens.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="token-create">
            {t('apiTokens.create')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary" className="bo-integrations-help">
          {t('apiTokens.help')}
        </Typography.Paragraph>
        <Table<ApiTokenItem>
          rowKey="id"
          size="middle"
          data-testid="token-list"
          loading={tokens.isFetching}
          columns={columns}
          dataSource={tokens.isError ? [] : (tokens.data ?? [])}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: tokens.isError ? (
              <ListError error={tokens.error} retrying={tokens.isFetching} onRetry={() => void tokens.refetch()} />
            ) : (
              <span data-testid="list-empty">{t('apiTokens.empty')}</span>
            ),
          }}
        />
      </Card>
      <DeliveryAccessCard />
      <NewTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
          reload();
        }}
      />
      <ShownOnce
        value={created?.token ?? null}
        title={t('apiTokens.createdTitle', { name: created?.name ?? '' })}
        label={t('apiTokens.token')}
        help={t('apiTokens.createdHelp')}
        testId="token-shown"
        onClose={() => setCreated(null)}
      />
    </div>
  );
}

/** A new token's name and scope, checked with the shared schema before it is sent. */
function NewTokenDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (token: ApiTokenCreated) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { saving, validate, run } = useSaveCycle(form);
  const rules = useMemo(() => zodRules(apiTokenSchema), []);

  const save = async () => {
    const checked = validate(apiTokenSchema);
    if (!checked) return;
    await run(async () => {
      const answer = await createApiToken(checked.data);
      notify('success', answer.message);
      form.resetFields();
      onCreated(answer.data);
    });
  };

  return (
    <Modal
      open={open}
      title={t('apiTokens.create')}
      onCancel={onClose}
      destroyOnHidden
      data-testid="token-dialog"
      footer={[
        <Button key="close" onClick={onClose} data-testid="token-dialog-close">
          {t('form.close')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()} data-testid="token-save">
          {t('apiTokens.make')}
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        name="apiToken"
        initialValues={{ name: '', scope: 'read' }}
        // Enter in the name makes the token, as the button does.
        onFinish={() => void save()}
      >
        <Form.Item
          name="name"
          label={t('apiTokens.name')}
          rules={rules('name')}
          required
          extra={t('apiTokens.nameHelp')}
        >
          <Input data-testid="field-name" maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="scope" label={t('apiTokens.scope')} rules={rules('scope')}>
          <Radio.Group data-testid="field-scope" className="bo-integrations-choices">
            {API_TOKEN_SCOPES.map((scope) => (
              <Radio key={scope} value={scope} data-testid={`field-scope-${scope}`}>
                <span>{t(`apiTokens.scopes.${scope}`)}</span>
                <Typography.Text type="secondary" className="bo-integrations-choice-help">
                  {t(`apiTokens.scopeHelp.${scope}`)}
                </Typography.Text>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
