import { DesktopOutlined, LogoutOutlined, MobileOutlined } from '@ant-design/icons';
import type { SessionItem } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, List, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { endOtherSessions, endSession, sessionsKey, useSessions } from '../../api/account';
import { errorMessage } from '../../api/client';
import { clearUser } from '../../api/session';
import { getLanguage } from '../../i18n/language';
import { formatDateTime } from '../../kit/format';
import { confirmPopProps } from '../../kit/list/confirm';
import { notify, notifyFailure } from '../../kit/notifications';
import './account.css';

const MOBILE = /iOS|Android|iPadOS/i;

/** User menu → Sessions (route accountSessions, docs/features/sign-in-and-users.md): where the user is signed in. */
export default function SessionsScreen() {
  const { t } = useTranslation();
  const language = getLanguage();
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: sessionsKey });
  const end = useMutation({
    mutationFn: (item: SessionItem) => endSession(item.id),
    onSuccess: (answer, item) => {
      // Signing this very session out is a sign-out.
      if (item.current) clearUser('logout');
      else {
        notify('success', answer.message);
        reload();
      }
    },
    onError: (error) => notifyFailure('sessions.signOut', error),
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: (answer) => {
      notify('success', answer.message);
      reload();
    },
    onError: (error) => notifyFailure('sessions.signOutOthers', error),
  });
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  return (
    <Card
      className="bo-account-card"
      title={t('sessions.title')}
      extra={
        <Popconfirm
          title={t('sessions.signOutOthersConfirm')}
          {...confirmPopProps()}
          onConfirm={() => endOthers.mutate()}
        >
          <Button danger disabled={others === 0} loading={endOthers.isPending} data-testid="sessions-revoke-others">
            {t('sessions.signOutOthers')}
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary">{t('sessions.help')}</Typography.Paragraph>
      {sessions.isError && <Alert type="error" showIcon title={errorMessage(sessions.error)} />}
      <List
        loading={sessions.isLoading}
        dataSource={sessions.data ?? []}
        rowKey="id"
        renderItem={(item) => (
          <List.Item
            data-testid="session-item"
            data-current={item.current}
            actions={[
              <Button
                key="end"
                icon={<LogoutOutlined />}
                loading={end.isPending && end.variables?.id === item.id}
                onClick={() => end.mutate(item)}
                data-testid="session-sign-out"
              >
                {t('sessions.signOut')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={MOBILE.test(item.system) ? <MobileOutlined aria-hidden /> : <DesktopOutlined aria-hidden />}
              title={
                <Flex gap={8} wrap align="center">
                  <span data-testid="session-device">
                    {[item.browser || t('sessions.unknown'), item.system].filter(Boolean).join(' · ')}
                  </span>
                  {item.current && (
                    <Tag color="blue" data-testid="session-current">
                      {t('sessions.thisDevice')}
                    </Tag>
                  )}
                </Flex>
              }
              description={
                <Flex gap={16} wrap>
                  <span>
                    {t('sessions.address')}: {item.ip}
                  </span>
                  <span>
                    {t('sessions.signedInAt')}: {formatDateTime(item.created_at, language)}
                  </span>
                  <span>
                    {t('sessions.lastActive')}: {formatDateTime(item.last_seen_at, language)}
                  </span>
                </Flex>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
