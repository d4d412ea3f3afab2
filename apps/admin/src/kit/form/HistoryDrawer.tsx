// The history of a record in its form (docs/features/revisions.md): the saved versions, newest first; one chosen
// shows what differs from the current record, field by field and locale by locale, and can be restored.
import { HistoryOutlined, PictureOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import { diffWords } from 'diff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { listKey, recordKey } from '../../api/resource';
import { getLanguage } from '../../i18n/language';
import { formatDateTime } from '../format';
import { galleryThumbUrl } from '../image';
import { confirmModalProps } from '../list/confirm';
import { notify, notifyFailure } from '../notifications';
import { fieldLabel } from '../translation';
import { type Difference, differences, type RecordLike } from './differences';

interface RevisionRow {
  id: number;
  created_at: string;
  action: string;
  changed: string[];
  user: { id: number; name: string; surname: string } | null;
}
/** One side of a field's comparison: its words, those only on this side marked. */
function Side({ before, after, side }: { before: string; after: string; side: 'before' | 'after' }) {
  return (
    <div className="bo-history-side">
      {diffWords(before, after).map((part, index) => {
        if (part.added && side === 'before') return null;
        if (part.removed && side === 'after') return null;
        const mark = part.added ? 'bo-history-added' : part.removed ? 'bo-history-removed' : undefined;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed comparison, in order
          <span key={index} className={mark}>
            {part.value}
          </span>
        );
      })}
    </div>
  );
}

/**
 * One side of an image field's comparison: the stored file's thumbnail (the address the form's image field shows),
 * marked as the side that changed. A file removed since (a replaced image is deleted) shows its name instead.
 */
function ImageSide({ file, url, side }: { file: string; url: string | null; side: 'before' | 'after' }) {
  const { t } = useTranslation();
  const [gone, setGone] = useState(false);
  const testId = `history-image-${side}`;
  if (!file) {
    return (
      <div className="bo-history-side bo-history-image" data-testid={testId} data-state="none">
        <Typography.Text type="secondary">{t('history.noImage')}</Typography.Text>
      </div>
    );
  }
  return (
    <div
      className={`bo-history-side bo-history-image bo-history-image-${side === 'before' ? 'removed' : 'added'}`}
      data-testid={testId}
      data-state={gone || !url ? 'gone' : 'shown'}
    >
      {gone || !url ? (
        <Space orientation="vertical" size={0}>
          <span>
            <PictureOutlined /> {file}
          </span>
          <Typography.Text type="secondary">{t('history.imageGone')}</Typography.Text>
        </Space>
      ) : (
        <img src={url} alt={file} title={file} className="bo-history-thumb" onError={() => setGone(true)} />
      )}
    </div>
  );
}

/** Both sides of one differing field: the saved version's on the left, the current record's on the right. */
function Comparison({ row, imageUrl }: { row: Difference; imageUrl: (file: string) => string | null }) {
  const { t } = useTranslation();
  const sides = (['before', 'after'] as const).map((side) => (
    <div key={side}>
      <Typography.Text type="secondary">
        {t(side === 'before' ? 'history.thisVersion' : 'history.current')}
      </Typography.Text>
      {row.image ? (
        // A new file name is a new image: the key starts its load (and its "gone" state) afresh.
        <ImageSide key={row[side]} file={row[side]} url={row[side] ? imageUrl(row[side]) : null} side={side} />
      ) : (
        <Side before={row.before} after={row.after} side={side} />
      )}
    </div>
  ));
  return (
    <>
      <div className="bo-history-columns">{sides}</div>
      {row.image && (
        <span>
          <Tag color="orange" data-testid="history-image-changed">
            {t('history.imageChanged')}
          </Tag>
          <Typography.Text type="secondary">{t('history.imageKept')}</Typography.Text>
        </span>
      )}
    </>
  );
}

/**
 * The "History" button of an edit form and its drawer. `base` is the resource's API address (`/api/content/text/`,
 * `/api/settings/`): the history is `${base}${id}/revisions`. `current` is the record as loaded, in the shape its
 * revisions keep (translated fields under `langs`); a restore reloads the record and the list (or does `onRestored`).
 * `images` names the fields that hold a stored image and the folder of this resource's images under /gallery: they
 * compare as thumbnails.
 */
export function HistoryButton({
  apiKey,
  base,
  id,
  current,
  images,
  labelOf,
  canRestore = true,
  onRestored,
}: {
  apiKey: string;
  base: string;
  id: number;
  current: RecordLike | undefined;
  images?: { model: string; fields: readonly string[] };
  /** A field's label in the list and the comparison; the content forms' labels by default. */
  labelOf?: (field: string) => string;
  /** Whether this user may edit the record, and so restore a version; otherwise the versions only show. */
  canRestore?: boolean;
  /** What reloads the record after a restore, for a record that is not a resource's (the settings). */
  onRestored?: () => void;
}) {
  const { t } = useTranslation();
  const label = labelOf ?? ((field: string) => fieldLabel(t, field));
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const list = useQuery({
    queryKey: [apiKey, 'revisions', id],
    queryFn: ({ signal }) =>
      request<{ data: RevisionRow[] }>('GET', `${base}${id}/revisions`, { query: { per_page: 50 }, signal }),
    enabled: open,
    staleTime: 0,
  });
  const version = useQuery({
    queryKey: [apiKey, 'revision', id, chosen],
    queryFn: ({ signal }) =>
      request<{ data: { record: RecordLike } }>('GET', `${base}${id}/revisions/${chosen}`, { signal }),
    enabled: open && chosen !== null,
  });
  const rows = version.data && current ? differences(version.data.data.record, current, images?.fields) : [];
  const imageUrl = (file: string) => (images ? galleryThumbUrl(images.model, id, file) : null);
  const restore = () =>
    modal.confirm({
      title: t('history.restoreConfirm'),
      okText: t('history.restore'),
      cancelText: t('confirm.cancel'),
      ...confirmModalProps(false),
      onOk: async () => {
        try {
          const answer = await request<{ message: string }>('POST', `${base}${id}/revisions/${chosen}/restore`, {
            body: { updated_at: current?.updated_at },
          });
          notify('success', answer.message);
          setOpen(false);
          setChosen(null);
          if (onRestored) return onRestored();
          void queryClient.invalidateQueries({ queryKey: recordKey(apiKey, id) });
          void queryClient.invalidateQueries({ queryKey: listKey(apiKey) });
        } catch (error) {
          notifyFailure('history.restoreFailed', error);
        }
      },
    });
  const language = getLanguage();
  return (
    <>
      <Button icon={<HistoryOutlined />} data-testid="form-history" onClick={() => setOpen(true)}>
        {t('history.button')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('history.title')} size={720} data-testid="history">
        {list.isLoading ? (
          <Spin />
        ) : list.isError ? (
          <Alert type="error" showIcon title={t('history.loadError')} />
        ) : !list.data?.data.length ? (
          <Empty description={t('history.empty')} />
        ) : (
          <List
            size="small"
            dataSource={list.data.data}
            renderItem={(revision) => (
              <List.Item
                key={revision.id}
                data-testid={`history-${revision.id}`}
                className={revision.id === chosen ? 'bo-history-chosen' : undefined}
                onClick={() => setChosen(revision.id)}
                style={{ cursor: 'pointer' }}
              >
                <Space direction="vertical" size={0}>
                  <span>
                    {formatDateTime(revision.created_at, language)} ·{' '}
                    {revision.user ? `${revision.user.name} ${revision.user.surname}` : t('history.unknownUser')}{' '}
                    <Tag>{t(`history.actions.${revision.action}` as 'history.actions.update', revision.action)}</Tag>
                  </span>
                  {revision.changed.length > 0 && (
                    <Typography.Text type="secondary">
                      {t('history.changed', {
                        fields: revision.changed.map((key) => label(key.split('.').at(-1) ?? key)).join(', '),
                      })}
                    </Typography.Text>
                  )}
                </Space>
              </List.Item>
            )}
          />
        )}
        {chosen !== null && (
          <div className="bo-history-diff" data-testid="history-diff">
            {version.isLoading ? (
              <Spin />
            ) : rows.length === 0 ? (
              <Alert type="info" showIcon title={t('history.noDifference')} />
            ) : (
              rows.map((row) => (
                <div key={row.key} className="bo-history-field" data-testid={`history-field-${row.key}`}>
                  <Typography.Text strong>
                    {label(row.field)} {row.locale && <Tag>{row.locale.toUpperCase()}</Tag>}
                  </Typography.Text>
                  <Comparison row={row} imageUrl={imageUrl} />
                </div>
              ))
            )}
            {canRestore && (
              <Button type="primary" data-testid="history-restore" disabled={rows.length === 0} onClick={restore}>
                {t('history.restore')}
              </Button>
            )}
          </div>
        )}
      </Drawer>
    </>
  );
}
