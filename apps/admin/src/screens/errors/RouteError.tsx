import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown instead of a screen that crashed; the details go to the console, not to the user. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <div className="bo-route-error" role="alert" data-testid="route-error">
      <p>{t('errors.unexpected')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}
