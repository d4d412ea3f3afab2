import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App, Button, Layout } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useMe } from '../../api/auth';
import { PreloaderOverlay } from '../../kit/preloader';
import { FileManagerButton } from '../../screens/filemanager/FileManagerButton';
import { PageLoading } from '../router';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import './dayjsLocale';
import { LanguageSwitcher } from './LanguageSwitcher';
import { SideNav } from './SideNav';
import { UserMenu } from './UserMenu';
import { useSiderCollapsed } from './useSiderCollapsed';

// Inline, because antd's own layout styles are injected after this app's stylesheet.
const SIDER_STYLE = { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' } as const;
const HEADER_STYLE = { padding: '0 16px', background: '#fff' } as const;

/** The signed-in shell (spec 1 §2 Admin layout): side navigation, top bar, breadcrumbs and the screen. */
export default function AppLayout() {
  const { t } = useTranslation();
  const { collapsed, toggle, onBreakpoint } = useSiderCollapsed();
  // Refreshes the stored user; an ended session answers 401 and leads to login.
  useMe();
  return (
    <App component={false}>
      <Layout className="bo-app" hasSider>
        <Layout.Sider
          data-testid="sider"
          data-collapsed={String(collapsed)}
          className="bo-sider"
          breakpoint="lg"
          collapsible
          collapsed={collapsed}
          onBreakpoint={onBreakpoint}
          trigger={null}
          width={232}
          style={SIDER_STYLE}
        >
          <div className="bo-logo">{collapsed ? t('app.short') : t('app.name')}</div>
          <SideNav collapsed={collapsed} />
        </Layout.Sider>
        <Layout>
          <Layout.Header className="bo-header" style={HEADER_STYLE}>
            <Button
              type="text"
              data-testid="menu-toggle"
              aria-label={t('layout.toggleMenu')}
              aria-expanded={!collapsed}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggle}
            />
            <div className="bo-header-right">
              <FileManagerButton />
              <LanguageSwitcher />
              <UserMenu />
            </div>
          </Layout.Header>
          <Layout.Content className="bo-content">
            <AppBreadcrumbs />
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
      <PreloaderOverlay />
    </App>
  );
}
