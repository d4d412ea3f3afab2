// Drafts of published records in the list/form kit (docs/features/drafts.md): the form of a published record can keep
// its changes as a draft that is not live ("Save draft"), loads a record's draft in place of the record and says so,
// and can discard it; the list marks the rows that have one. The record's ordinary save publishes the draft.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Tag, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { listKey } from '../../api/resource';
import { getLanguage } from '../../i18n/language';
import { formatDateTime } from '../format';
import { confirmModalProps } from '../list/confirm';
import { notify } from '../notifications';

/** A record's draft as the server answers it: the record as it will be once published. */
export interface Draft<Rec> {
  data: Rec;
  updated_at: string;
  user_name: string | null;
}

const draftKey = (key: string, id: number | null) => [key, 'draft', id] as const;
const draftsKey = (key: string) => [key, 'drafts'] as const;

/** The draft of record `id` (null: none), fresh on every opening of the form; `id` null loads nothing. */
export function useRecordDraft<Rec>(api: { key: string; base: string }, id: number | null) {
  return useQuery({
    queryKey: draftKey(api.key, id),
    queryFn: ({ signal }) => request<{ data: Draft<Rec> | null }>('GET', `${api.base}${id}/draft`, { signal }),
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The ids of the records of a resource that have a draft (for the list's mark); `enabled` false asks nothing. */
export function useDraftIds(api: { key: string; base: string }, enabled: boolean): ReadonlySet<number> {
  const drafts = useQuery({
    queryKey: draftsKey(api.key),
    queryFn: ({ signal }) => request<{ data: { id: number }[] }>('GET', `${api.base}drafts`, { signal }),
    enabled,
    meta: { silent: true },
  });
  return new Set(drafts.data?.data.map((draft) => draft.id));
}

/** The list's column marking a row that has a draft. */
export function draftColumn<Row extends { id: number }>(t: TFunction, ids: ReadonlySet<number>): ColumnType<Row> {
  return {
    key: 'draft',
    title: t('drafts.column'),
    width: 90,
    render: (_: unknown, row: Row) =>
      ids.has(row.id) ? (
        <Tooltip title={t('drafts.rowHint')}>
          <Tag color="purple" data-testid="cell-draft">
            {t('drafts.tag')}
          </Tag>
        </Tooltip>
      ) : null,
  };
}

/** Keeps and discards the draft of record `id`; each refreshes the list's marks. */
export function useRecordDraftActions(api: { key: string; base: string }, id: number | null) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: draftsKey(api.key) });
    void queryClient.invalidateQueries({ queryKey: listKey(api.key) });
  };
  return {
    async keep(body: object) {
      const answer = await request<{ message: string }>('POST', `${api.base}${id}/draft`, { body });
      notify('success', answer.message);
      refresh();
    },
    async discard() {
      const answer = await request<{ message: string }>('DELETE', `${api.base}${id}/draft`);
      notify('success', answer.message);
      await queryClient.invalidateQueries({ queryKey: draftKey(api.key, id) });
      refresh();
    },
    /** After a save: the draft it published is gone. */
    published: refresh,
  };
}

/** Says that the form shows a draft, whose and from when, and offers to discard it (with a question). */
export function RecordDraftAlert({ draft, onDiscard }: { draft: Draft<unknown>; onDiscard?: () => Promise<void> }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const discard = () =>
    modal.confirm({
      ...confirmModalProps(true),
      title: t('drafts.discardQuestion'),
      content: t('drafts.discardHint'),
      okText: t('drafts.discard'),
      cancelText: t('confirm.cancel'),
      onOk: onDiscard,
    });
  return (
    <Alert
      data-testid="record-draft-alert"
      type="info"
      showIcon
      className="bo-form-alert"
      title={t('drafts.shown', {
        time: formatDateTime(draft.updated_at, getLanguage()),
        user: draft.user_name ?? t('drafts.someone'),
      })}
      description={t('drafts.shownHint')}
      action={
        onDiscard ? (
          <Button data-testid="draft-discard" size="small" danger onClick={discard}>
            {t('drafts.discard')}
          </Button>
        ) : undefined
      }
    />
  );
}
