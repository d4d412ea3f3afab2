// The history of a record in its form (docs/features/revisions.md): the saved versions, newest first, 50 at a time;
// one chosen shows what differs from the current record (or from another version), field by field and locale by
// locale, and can be restored.
import { HistoryOutlined, PictureOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, Select, Space, Spin, Tag, Typography } from 'antd';
import { diffWordsWithSpace } from 'diff';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, request } from '../../api/client';
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
/** One page of the versions (`GET {id}/revisions`). */
interface RevisionPage {
  data: RevisionRow[];
  meta: { current_page: number; last_page: number; total: number };
}
/** The versions loaded per page: the default number kept, so a record's whole history usually comes in one. */
const PER_PAGE = 50;
/** What the chosen version is compared with: the current record or another version. */
type Against = 'current' | number;
/**
 * One side of a field's comparison: its words, those only on this side marked (also the translation's "what changed",
 * TranslationChanges.tsx).
 */
export function DiffSide({
  before,
  after,
  side,
  testId,
}: {
  before: string;
  after: string;
  side: 'before' | 'after';
  testId?: string;
}) {
  return (
    <div className="bo-history-side" data-testid={testId}>
      {diffWordsWithSpace(before, after).map((part, index) => {
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
function Comparison({
  row,
  imageUrl,
  otherLabel,
  imageNote,
}: {
  row: Difference;
  imageUrl: (file: string) => string | null;
  /** The right side's name: "Current" or the other version's date. */
  otherLabel: string;
  /** What a restore does with the image. */
  imageNote: string;
}) {
  const { t } = useTranslation();
  const sides = (['before', 'after'] as const).map((side) => (
    <div key={side}>
      <Typography.Text type="secondary">{side === 'before' ? t('history.thisVersion') : otherLabel}</Typography.Text>
      {row.image ? (
        // A new file name is a new image: the key starts its load (and its "gone" state) afresh.
        <ImageSide key={row[side]} file={row[side]} url={row[side] ? imageUrl(row[side]) : null} side={side} />
      ) : (
        <DiffSide before={row.before} after={row.after} side={side} />
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
          <Typography.Text type="secondary">{imageNote}</Typography.Text>
        </span>
      )}
    </>
  );
}

/** One version as its form loads it (`GET {id}/revisions/{revision}`), while `enabled`. */
function useVersion(apiKey: string, base: string, id: number, revision: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [apiKey, 'revision', id, revision],
    queryFn: ({ signal }) =>
      request<{ data: { record: RecordLike } }>('GET', `${base}${id}/revisions/${revision}`, { signal }),
    enabled: enabled && revision !== null,
  });
}

/**
 * The versions as a list box (WCAG 2.1.1): one Tab stop, the arrow keys, Home and End move through the versions,
 * Enter or Space chooses one, as a click does.
 */
function VersionList({
  versions,
  chosen,
  onChoose,
  describe,
}: {
  versions: RevisionRow[];
  chosen: number | null;
  onChoose: (id: number) => void;
  describe: (revision: RevisionRow) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const items = useRef<(HTMLDivElement | null)[]>([]);
  const current = Math.min(active, versions.length - 1);
  const move = (index: number) => {
    setActive(index);
    items.current[index]?.focus();
  };
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = versions.length - 1;
    const to = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: last }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      move(Math.max(0, Math.min(last, to)));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const version = versions[current];
      if (version) onChoose(version.id);
    }
  };
  return (
    <div className="bo-history-list" role="listbox" aria-label={t('history.versions')} onKeyDown={keyDown}>
      {versions.map((revision, index) => (
        // The list box's keys are handled on the list (keyDown): each option is only focused and clicked.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the list handles Enter and Space for the focused option
        <div
          key={revision.id}
          ref={(element) => {
            items.current[index] = element;
          }}
          role="option"
          aria-selected={revision.id === chosen}
          tabIndex={index === current ? 0 : -1}
          data-testid={`history-${revision.id}`}
          className={revision.id === chosen ? 'bo-history-item bo-history-chosen' : 'bo-history-item'}
          onClick={() => {
            setActive(index);
            onChoose(revision.id);
          }}
        >
          {describe(revision)}
        </div>
      ))}
    </div>
  );
}

/**
 * The "History" button of an edit form and its drawer. `base` is the resource's API address (`/api/content/text/`,
 * `/api/settings/`): the history is `${base}${id}/revisions`. `current` is the record as loaded, in the shape its
 * revisions keep (translated fields under `langs`); a restore reloads the record and the list (or does `onRestored`).
 * `images` names the fields that hold a stored image and the folder of this resource's images under /gallery: they
 * compare as thumbnails, and `restored` says that a restore brings a version's image back (the content's do).
 * `dirty` tells whether the form holds unsaved edits, which a restore discards: it asks first then.
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
  dirty,
}: {
  apiKey: string;
  base: string;
  id: number;
  current: RecordLike | undefined;
  images?: { model: string; fields: readonly string[]; restored?: boolean };
  /** A field's label in the list and the comparison; the content forms' labels by default. */
  labelOf?: (field: string) => string;
  /** Whether this user may edit the record, and so restore a version; otherwise the versions only show. */
  canRestore?: boolean;
  /** What reloads the record after a restore, for a record that is not a resource's (the settings). */
  onRestored?: () => void;
  /** Whether the form holds unsaved edits now. */
  dirty?: () => boolean;
}) {
  const { t } = useTranslation();
  const label = labelOf ?? ((field: string) => fieldLabel(t, field));
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [against, setAgainst] = useState<Against>('current');
  const list = useInfiniteQuery({
    queryKey: [apiKey, 'revisions', id],
    queryFn: ({ pageParam, signal }) =>
      request<RevisionPage>('GET', `${base}${id}/revisions`, {
        query: { page: pageParam, per_page: PER_PAGE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    enabled: open,
    staleTime: 0,
  });
  // A version saved while paging shifts the pages by one: each version shows once.
  const versions = [...new Map((list.data?.pages ?? []).flatMap((page) => page.data).map((v) => [v.id, v])).values()];
  const total = list.data?.pages.at(-1)?.meta.total ?? versions.length;
  const version = useVersion(apiKey, base, id, chosen, open);
  const other = useVersion(apiKey, base, id, against === 'current' ? null : against, open && chosen !== null);
  const chosenRecord = version.data?.data.record;
  const otherRecord = against === 'current' ? current : other.data?.data.record;
  const rows = chosenRecord && otherRecord ? differences(chosenRecord, otherRecord, images?.fields) : [];
  // A restore that would change nothing is not offered, whatever the comparison shows.
  const sameAsCurrent =
    chosenRecord && current ? differences(chosenRecord, current, images?.fields).length === 0 : true;
  const imageUrl = (file: string) => (images ? galleryThumbUrl(images.model, id, file) : null);
  const language = getLanguage();
  const whenAndWho = (revision: RevisionRow) =>
    `${formatDateTime(revision.created_at, language)} · ${
      revision.user ? `${revision.user.name} ${revision.user.surname}` : t('history.unknownUser')
    }`;
  const otherRow = versions.find((v) => v.id === against);
  const otherLabel = otherRow
    ? t('history.versionOf', { date: formatDateTime(otherRow.created_at, language) })
    : t('history.current');
  /** A changed key as the list names it: a translated field with its language, "Title (sk)". */
  const changedLabel = (key: string) => {
    const [first, locale, ...rest] = key.split('.');
    if (first === 'langs' && locale && rest.length > 0) {
      return t('history.field', { field: label(rest.at(-1) ?? key), locale });
    }
    return label(key.split('.').at(-1) ?? key);
  };
  const choose = (revision: number) => {
    setChosen(revision);
    if (against === revision) setAgainst('current');
  };
  const reloadRecord = () => {
    if (onRestored) return onRestored();
    void queryClient.invalidateQueries({ queryKey: recordKey(apiKey, id) });
    void queryClient.invalidateQueries({ queryKey: listKey(apiKey) });
  };
  const restore = () => {
    const edits = dirty?.() ?? false;
    modal.confirm({
      title: t('history.restoreConfirm'),
      content: edits ? <span data-testid="history-unsaved">{t('history.restoreUnsaved')}</span> : undefined,
      okText: t('history.restore'),
      cancelText: t('confirm.cancel'),
      ...confirmModalProps(edits),
      onOk: async () => {
        try {
          const answer = await request<{ message: string }>('POST', `${base}${id}/revisions/${chosen}/restore`, {
            body: { updated_at: current?.updated_at },
          });
          notify('success', answer.message);
          setOpen(false);
          setChosen(null);
          setAgainst('current');
          reloadRecord();
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 409))
            return notifyFailure('history.restoreFailed', error);
          // Saved by someone else meanwhile: the versions and the record are loaded again, and the user chooses anew.
          notify('danger', t('history.restoreStale'));
          setChosen(null);
          setAgainst('current');
          void list.refetch();
          reloadRecord();
        }
      },
    });
  };
  const describe = (revision: RevisionRow) => (
    <Space orientation="vertical" size={0}>
      <span>
        {whenAndWho(revision)}{' '}
        <Tag>{t(`history.actions.${revision.action}` as 'history.actions.update', revision.action)}</Tag>
      </span>
      {revision.changed.length > 0 && (
        <Typography.Text type="secondary">
          {t('history.changed', { fields: [...new Set(revision.changed.map(changedLabel))].join(', ') })}
        </Typography.Text>
      )}
    </Space>
  );
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
        ) : versions.length === 0 ? (
          <Empty description={t('history.empty')} />
        ) : (
          <>
            <VersionList versions={versions} chosen={chosen} onChoose={choose} describe={describe} />
            {list.hasNextPage && (
              <Button
                className="bo-history-more"
                data-testid="history-more"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('history.more', { shown: versions.length, total })}
              </Button>
            )}
          </>
        )}
        {chosen !== null && (
          <div className="bo-history-diff" data-testid="history-diff">
            <div className="bo-history-against">
              <span id={`history-against-${id}`}>{t('history.compareWith')}</span>
              <Select<Against>
                aria-labelledby={`history-against-${id}`}
                data-testid="history-against"
                value={against}
                onChange={setAgainst}
                popupMatchSelectWidth={false}
                options={[
                  { value: 'current', label: t('history.current') },
                  ...versions
                    .filter((v) => v.id !== chosen)
                    .map((v) => ({ value: v.id, label: t('history.versionOf', { date: whenAndWho(v) }) })),
                ]}
              />
            </div>
            {version.isLoading || (against !== 'current' && other.isLoading) ? (
              <Spin />
            ) : rows.length === 0 ? (
              <Alert
                type="info"
                showIcon
                title={t(against === 'current' ? 'history.noDifference' : 'history.noDifferenceBetween')}
              />
            ) : (
              rows.map((row) => (
                <div key={row.key} className="bo-history-field" data-testid={`history-field-${row.key}`}>
                  <Typography.Text strong>
                    {label(row.field)} {row.locale && <Tag>{row.locale.toUpperCase()}</Tag>}
                  </Typography.Text>
                  <Comparison
                    row={row}
                    imageUrl={imageUrl}
                    otherLabel={otherLabel}
                    imageNote={t(images?.restored ? 'history.imageRestored' : 'history.imageKept')}
                  />
                </div>
              ))
            )}
            {canRestore && (
              <Button type="primary" data-testid="history-restore" disabled={sameAsCurrent} onClick={restore}>
                {t('history.restore')}
              </Button>
            )}
          </div>
        )}
      </Drawer>
    </>
  );
}
