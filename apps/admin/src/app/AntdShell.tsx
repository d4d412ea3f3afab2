import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import skSK from 'antd/locale/sk_SK';
import type { ReactNode } from 'react';
import { getLanguage } from '../i18n/language';
import { NotificationBar } from '../kit/notifications';
import { theme } from './providers';

/** antd's locale and theme and the notification bar, around every screen but the sign-in screens. */
export default function AntdShell({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={getLanguage() === 'sk' ? skSK : enUS} theme={theme}>
      {children}
      <NotificationBar />
    </ConfigProvider>
  );
}
