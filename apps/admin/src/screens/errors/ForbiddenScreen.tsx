import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routePath } from '../../routes/paths';

/** What a screen shows a signed-in user whose role may not open it (the route table's `roles`): why, and a way on. */
export default function ForbiddenScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      data-testid="forbidden"
      title={<h2 style={{ margin: 0, font: 'inherit' }}>{t('layout.forbiddenTitle')}</h2>}
      subTitle={t('layout.forbidden')}
      extra={
        <Button type="primary" data-testid="forbidden-dashboard" onClick={() => navigate(routePath('dashboard'))}>
          {t('layout.toDashboard')}
        </Button>
      }
    />
  );
}
