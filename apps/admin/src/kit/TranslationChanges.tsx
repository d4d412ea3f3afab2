// An outdated locale's tab in the form (docs/features/translations.md): what changed in the other locale since this
// one was last up to date, word by word, and "Mark as up to date", which keeps the text and records that it is current.
import {
  type TranslationChanges as Changes,
  type Locale,
  otherLocale,
  type TranslationStatus,
} from '@backoffice/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../api/client';
import { listKey, recordKey } from '../api/resource';
import { getLanguage } from '../i18n/language';
import { DiffSide } from './form/HistoryDrawer';
import { formatDateTime } from './format';
import { notify, notifyFailure } from './notifications';
import { fieldLabel } from './translation';

/** Rich text as the words a reader compares: paragraphs as lines, no tags. */
const asText = (html: string) =>
  html
    .replace(/<\/(p|h\d|li|tr)>|<br\s*\/?>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim();

/**
 * Shown in the tab of a locale the record was loaded outdated in: the other locale's changed fields (then and now)
 * and, for a user who may edit the record, "Mark as up to date". The mark changes no field, so the form's values and
 * its loaded `updated_at` stay; only the record's translation state in the cache and the list follow.
 */
export function TranslationChanges({
  apiKey,
  base,
  id,
  locale,
  canMark,
}: {
  apiKey: string;
  base: string;
  id: number;
  locale: Locale;
  canMark: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [marking, setMarking] = useState(false);
  const other = otherLocale(locale);
  const changes = useQuery({
    queryKey: [apiKey, 'translation-changes', id, locale],
    queryFn: ({ signal }) =>
      request<{ data: Changes }>('GET', `${base}${id}/translation/changes`, { query: { locale }, signal }),
    gcTime: 0,
  });
  const mark = async () => {
    setMarking(true);
    try {
      const answer = await request<{ message: string; translation: TranslationStatus }>(
        'POST',
        `${base}${id}/translation/current`,
        { body: { locale } },
      );
      notify('success', answer.message);
      // Kept as loaded (its stamp too): a new stamp would reload the record into the form over the user's edits.
      const key = recordKey(apiKey, id);
      const updatedAt = queryClient.getQueryState(key)?.dataUpdatedAt;
      queryClient.setQueryData(key, (old: object | undefined) => old && { ...old, translation: answer.translation }, {
        updatedAt,
      });
      void queryClient.invalidateQueries({ queryKey: listKey(apiKey) });
    } catch (error) {
      notifyFailure('translation.changes.markFailed', error);
    } finally {
      setMarking(false);
    }
  };
  const data = changes.data?.data;
  const body = !data ? null : !data.revision ? (
    <Typography.Text data-testid={`translation-changes-none-${locale}`}>
      {t('translation.changes.noRevision')}
    </Typography.Text>
  ) : data.changes.length === 0 ? (
    <Typography.Text>{t('translation.changes.same')}</Typography.Text>
  ) : (
    <div className="bo-history-diff">
      <Typography.Text type="secondary">
        {t('translation.changes.since', { date: formatDateTime(data.revision.created_at, getLanguage()) })}
      </Typography.Text>
      {data.changes.map((change) => (
        <div key={change.field} data-testid={`translation-change-${change.field}`}>
          <Typography.Text strong>{fieldLabel(t, change.field)}</Typography.Text>
          <div className="bo-history-columns">
            {(['before', 'after'] as const).map((side) => (
              <div key={side}>
                <Typography.Text type="secondary">{t(`translation.changes.${side}`)}</Typography.Text>
                <DiffSide
                  before={asText(change.before)}
                  after={asText(change.after)}
                  side={side}
                  testId={`translation-change-${side}`}
                />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
  return (
    <Alert
      type="warning"
      showIcon
      className="bo-form-alert"
      data-testid={`translation-changes-${locale}`}
      title={t(`translation.changes.title.${other}`)}
      description={
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {body}
          {canMark && (
            <Space wrap>
              <Button size="small" loading={marking} data-testid={`mark-current-${locale}`} onClick={() => void mark()}>
                {t('translation.changes.mark')}
              </Button>
              <Typography.Text type="secondary">{t('translation.changes.markHint')}</Typography.Text>
            </Space>
          )}
        </Space>
      }
    />
  );
}
