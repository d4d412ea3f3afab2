import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getUser } from '../../api/session';
import { routePath } from '../../routes/paths';

/** The 404 page for any unknown /admin path: errors.404, errors.pageNotFound and a back button. */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    // React Router numbers its history entries; index 0 means there is nothing to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(getUser() ? routePath('dashboard') : routePath('login'), { replace: true });
  };
  return (
    <main>
      <Result
        status="404"
        title={<h1 style={{ margin: 0, font: 'inherit' }}>{t('errors.404')}</h1>}
        subTitle={t('errors.pageNotFound')}
        extra={
          <Button type="primary" data-testid="back" onClick={back}>
            {t('errors.back')}
          </Button>
        }
      />
    </main>
  );
}
