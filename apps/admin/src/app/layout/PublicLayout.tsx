import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from './LanguageSwitcher';
import './layout.css';

/** The layout of login, forgotten and reset password: a centred panel with the language switcher. */
export default function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="bo-public">
      <div className="bo-public-top">
        <LanguageSwitcher />
      </div>
      <main className="bo-public-card">
        <h1 className="bo-public-title">{t('app.name')}</h1>
        <Outlet />
      </main>
    </div>
  );
}
