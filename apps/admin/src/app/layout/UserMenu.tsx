import { DesktopOutlined, LogoutOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { LogItem } from '@backoffice/shared';
import { Avatar, Button, Empty, Flex, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { logout } from '../../api/auth';
import { useUserLogs } from '../../api/logs';
import { clearUser, useUser } from '../../api/session';
import { hasRoute, routePath } from '../../routes/paths';
import { LogIcon } from './logIcons';

/**
 * A log item links to the screen the server names (a record's edit screen, a gallery image's gallery), except for
 * deletions and models without a screen.
 */
export function linkOf(item: LogItem): string | null {
  if (item.action === 'destroy' || !hasRoute(item.route) || item.route_params === null) return null;
  return routePath(item.route, item.route_params);
}

function LogEntry({ item, onNavigate }: { item: LogItem; onNavigate: () => void }) {
  const body = (
    <>
      <span className="bo-log-icon">
        <LogIcon name={item.icon} />
      </span>
      <span className="bo-log-text">
        <span className="bo-log-title">{item.title}</span>
        <Typography.Text type="secondary" className="bo-log-action">
          {item.action_label}
        </Typography.Text>
      </span>
    </>
  );
  const href = linkOf(item);
  return (
    <li className="bo-log-item" data-testid="log-item">
      {href ? (
        <Link to={href} onClick={onNavigate}>
          {body}
        </Link>
      ) : (
        <div>{body}</div>
      )}
    </li>
  );
}

/** The user menu of the top bar: initial, full name, recent actions and logout (docs/spec-index.md S1.2 Admin layout). */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useUser();
  const [open, setOpen] = useState(false);
  const logs = useUserLogs(user?.id, open);
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;
  const fullName = `${user.name} ${user.surname}`.trim();
  const initial = (user.name || user.email || '?').charAt(0).toUpperCase();

  const signOut = async () => {
    setLeaving(true);
    try {
      await logout();
    } catch (error) {
      console.warn('Logout failed on the server; the local session is cleared anyway', error);
    }
    // The route guard sees the user gone and opens the login screen.
    clearUser('logout');
  };

  const panel = (
    <div className="bo-user-panel" data-testid="user-panel">
      <div className="bo-user-head">
        <Avatar size="large">{initial}</Avatar>
        <div>
          <div className="bo-user-fullname">{fullName}</div>
          <Typography.Text type="secondary">{user.email}</Typography.Text>
        </div>
      </div>
      {/* Above the log list, so it does not move while the list loads. */}
      <Button
        data-testid="logout"
        block
        danger
        icon={<LogoutOutlined />}
        loading={leaving}
        onClick={() => void signOut()}
      >
        {t('auth.logout')}
      </Button>
      {/* The account's own screens (docs/features/sign-in-and-users.md). */}
      <Flex gap={8} wrap>
        <Link to={routePath('accountTwoFactor')} onClick={() => setOpen(false)} data-testid="menu-two-factor">
          <SafetyCertificateOutlined aria-hidden /> {t('user.twoFactor')}
        </Link>
        <Link to={routePath('accountSessions')} onClick={() => setOpen(false)} data-testid="menu-sessions">
          <DesktopOutlined aria-hidden /> {t('user.sessions')}
        </Link>
      </Flex>
      <Typography.Text strong>{t('user.recent')}</Typography.Text>
      {logs.isLoading ? (
        <Spin size="small" className="bo-user-logs-loading" />
      ) : logs.data?.length ? (
        <ul className="bo-log-list">
          {logs.data.map((item) => (
            <LogEntry key={item.id} item={item} onNavigate={() => setOpen(false)} />
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user.noLogs')} />
      )}
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={panel} arrow={false}>
      <Button
        type="text"
        data-testid="user-menu"
        className="bo-user-trigger"
        // Named by its text, the name (only visually hidden on a phone): an aria-label would have to repeat the
        // avatar's initial too, as the name must hold all the visible text (WCAG 2.5.3). Described as the user menu.
        title={t('user.menu')}
        aria-haspopup="dialog"
      >
        <Avatar size="small" aria-hidden>
          {initial}
        </Avatar>
        <span className="bo-user-name">{fullName || user.email}</span>
      </Button>
    </Popover>
  );
}
