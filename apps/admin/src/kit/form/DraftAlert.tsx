import type { Locale } from '@backoffice/shared';
import { Alert, Button, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getLanguage } from '../../i18n/language';
import type { LocalDraft } from './useLocalDraft';

/** The day's own drafts show their time only ("14:32"); older ones their date too. */
const OLDER_FORMAT: Record<Locale, string> = { sk: 'D.M.YYYY HH:mm', en: 'YYYY-MM-DD HH:mm' };

export function draftTime(savedAt: number, language: Locale, now = dayjs()): string {
  const time = dayjs(savedAt);
  return time.format(time.isSame(now, 'day') ? 'HH:mm' : OLDER_FORMAT[language]);
}

/** The offer of a local draft as the form opens: restore its values or discard it (`useLocalDraft`). */
export function DraftAlert({ draft }: { draft: LocalDraft }) {
  const { t } = useTranslation();
  const { offer } = draft;
  if (!offer) return null;
  return (
    <Alert
      data-testid="draft-offer"
      type={offer.changedOnServer ? 'warning' : 'info'}
      showIcon
      className="bo-form-alert"
      title={t('draft.offer', { time: draftTime(offer.savedAt, getLanguage()) })}
      description={offer.changedOnServer ? t('draft.changedOnServer') : undefined}
      action={
        <Space wrap>
          <Button data-testid="draft-restore" size="small" type="primary" onClick={draft.restore}>
            {t('draft.restore')}
          </Button>
          <Button data-testid="draft-discard" size="small" onClick={draft.remove}>
            {t('draft.discard')}
          </Button>
        </Space>
      }
    />
  );
}
