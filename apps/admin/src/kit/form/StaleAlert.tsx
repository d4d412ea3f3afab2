import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The 409 answer of a save: someone saved the record meanwhile; reload takes their version. */
export function StaleAlert({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      data-testid="stale-update"
      type="error"
      showIcon
      className="bo-form-alert"
      title={t('message.staleUpdate')}
      action={
        <Button data-testid="form-reload" size="small" danger onClick={onReload}>
          {t('form.reload')}
        </Button>
      }
    />
  );
}
