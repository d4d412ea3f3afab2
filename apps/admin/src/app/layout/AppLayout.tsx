import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App, Button, Layout } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PreloaderOverlay } from '../../kit/preloader';
import { FileManagerButton } from '../../screens/filemanager/FileManagerButton';
import { PageLoading } from '../PageLoading';
import { AppBreadcrumbs, PageTitle } from './AppBreadcrumbs';
import './dayjsLocale';
import './layout.css';
import { LanguageSwitcher } from './LanguageSwitcher';
import { SearchPalette } from './SearchPalette';
import { SideNav } from './SideNav';
import { UserMenu } from './UserMenu';
import { useSessionCheck } from './useSessionCheck';
import { useSiderCollapsed } from './useSiderCollapsed';

// Inline, because antd's own layout styles are injected after this app's stylesheet.
const SIDER_STYLE = { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' } as const;
const HEADER_STYLE = { padding: '0 16px', background: '#fff' } as const;
// On a phone the opened navigation lies over the screen instead of pushing it aside.
const OVERLAY_SIDER_STYLE = { ...SIDER_STYLE, position: 'fixed', left: 0, zIndex: 1000 } as const;
const PHONE_HEADER_STYLE = { ...HEADER_STYLE, padding: '0 8px' } as const;

/** The signed-in shell (docs/spec-index.md S1.2 Admin layout): side navigation, top bar, breadcrumbs and the screen. */
export default function AppLayout() {
  const { t } = useTranslation();
  const { collapsed, phone, toggle, closeOnPhone, onBreakpoint } = useSiderCollapsed();
  const overlay = phone && !collapsed;
  // Refreshes the stored user, as the tab comes back and each minute; an ended session answers 401 and leads to login.
  useSessionCheck();
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
          collapsedWidth={phone ? 0 : 80}
          onBreakpoint={onBreakpoint}
          trigger={null}
          width={232}
          style={overlay ? OVERLAY_SIDER_STYLE : SIDER_STYLE}
        >
          <div className="bo-logo">{collapsed ? t('app.short') : t('app.name')}</div>
          <SideNav collapsed={collapsed} onNavigate={closeOnPhone} />
        </Layout.Sider>
        {overlay && (
          <button
            type="button"
            className="bo-sider-backdrop"
            data-testid="sider-backdrop"
            aria-label={t('layout.closeMenu')}
            onClick={toggle}
          />
        )}
        <Layout>
          <Layout.Header className="bo-header" style={phone ? PHONE_HEADER_STYLE : HEADER_STYLE}>
            <Button
              type="text"
              data-testid="menu-toggle"
              aria-label={t('layout.toggleMenu')}
              aria-expanded={!collapsed}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggle}
            />
            <div className="bo-header-right">
              <SearchPalette />
              <FileManagerButton />
              <LanguageSwitcher />
              <UserMenu />
            </div>
          </Layout.Header>
          <Layout.Content className="bo-content">
            <AppBreadcrumbs />
            <PageTitle />
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
