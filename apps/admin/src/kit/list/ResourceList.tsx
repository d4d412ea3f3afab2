import { DeleteOutlined, EditOutlined, EyeOutlined, UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Table, type TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { OPTIONS_KEY } from '../../api/options';
import { listKey, useResourceList } from '../../api/resource';
import { getLanguage } from '../../i18n/language';
import { routePath } from '../../routes/paths';
import { ResourceDetail } from '../detail/ResourceDetail';
import { draftColumn, useDraftIds } from '../form/drafts';
import { ResourceForm } from '../form/ResourceForm';
import { notify, notifyFailure } from '../notifications';
import type { ListRowBase, RecordBase, ResourceDef } from '../resource';
import { translationColumn, translationFilter } from '../translation';
import { CONTENT_BULK_ACTIONS, offeredBulkActions } from './BulkMenu';
import { confirmPopProps } from './confirm';
import { FilterPanel } from './FilterPanel';
import { ListError } from './ListError';
import { ListToolbar } from './ListToolbar';
import { RowAction } from './RowAction';
import { listPagination, tableChangePatch, withSortOrder } from './table';
import { useListParams } from './useListParams';

const NO_FILTERS: readonly never[] = [];

function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

export interface ResourceListProps<Row extends ListRowBase, Rec extends RecordBase, Values, Input> {
  def: ResourceDef<Row, Rec, Values, Input>;
}

/**
 * The shared list screen (docs/spec-index.md S1.2 Shared list layout): toolbar, filters, sortable paged table with
 * selection and row actions, and the slide-up form opened by the route's `:id` or the create button.
 */
export function ResourceList<Row extends ListRowBase, Rec extends RecordBase, Values, Input>({
  def,
}: ResourceListProps<Row, Rec, Values, Input>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rawId = useParams().id;
  const editId = parseId(rawId);
  const { form } = def;
  // A translated resource (one with locale tabs) also shows and filters its rows' translation state.
  const translated = Boolean(def.form?.LocaleFields);
  const filters = useMemo(
    () => [...(def.filters ?? NO_FILTERS), ...(translated ? [translationFilter] : [])],
    [def.filters, translated],
  );
  const filterKeys = useMemo(() => filters.map((filter) => filter.key), [filters]);
  const { state, update, query } = useListParams(def.defaultSort, filterKeys);
  const list = useResourceList(def.api, query);
  const abilities = list.isError ? undefined : list.data?.abilities;
  const meta = list.isError ? undefined : list.data?.meta;
  const bulkActions = def.bulkActions ?? CONTENT_BULK_ACTIONS;
  // Rows can be ticked only where a bulk action is offered to this user (role 2 on submissions has none).
  const selectable = !list.isError && offeredBulkActions(bulkActions, !!abilities?.destroy, abilities).length > 0;
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const activeFilters = Object.keys(state.filters).length + (state.trashed ? 1 : 0);
  const [filtersOpen, setFiltersOpen] = useState(activeFilters > 0);

  // A new page, sort or filter starts with nothing selected (adjusted during render, not in an effect).
  const [selectionQuery, setSelectionQuery] = useState(query);
  if (selectionQuery !== query) {
    setSelectionQuery(query);
    setSelected([]);
  }

  // After a removal, a restore or a bulk action the options built from this resource may have changed too.
  const reload = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey(def.api.key) }),
        queryClient.invalidateQueries({ queryKey: OPTIONS_KEY }),
      ]),
    [queryClient, def.api.key],
  );
  // The query string is read when clicked, from the address bar: the router renders a navigation as a
  // transition, and table cells may hold an older render's closure, so `location` can lag behind.
  const currentSearch = () => window.location.search;
  const openEdit = (id: number) => navigate(routePath(def.routeName, { id }) + currentSearch());
  const closeForm = () => {
    setCreating(false);
    if (editId !== null) navigate(routePath(def.routeName) + currentSearch());
  };
  // An id that is no number can name no record: the same "Not found" and way back as an unknown number gets.
  const badId = rawId !== undefined && editId === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per bad address, not per render's navigate
  useEffect(() => {
    if (!badId) return;
    notify('danger', t('errors.notFound'));
    navigate(routePath(def.routeName) + currentSearch(), { replace: true });
  }, [badId]);

  // A removal the list can take back offers "Undo": the same rows restored in one request (array/restore).
  const runBulk = async (action: string, extra?: Record<string, number>, rows = selected) => {
    const undoable = abilities?.restore && bulkActions.some((a) => a.key === action && a.undo);
    try {
      const answer = await def.api.bulk(action, rows, extra);
      const undo = undoable
        ? { label: t('notification.undo'), run: () => void runBulk('restore', undefined, rows) }
        : undefined;
      notify('success', answer.message, undefined, undo);
      setSelected([]);
    } catch (error) {
      notifyFailure(action === 'destroy' ? 'message.deleteError' : 'message.storeError', error);
    }
    await reload();
  };

  // A removal's notification offers "Undo" (the restore) to those who may restore.
  const remove = async (row: Row) => {
    try {
      const answer = await def.api.destroy(row.id);
      const undo = abilities?.restore ? { label: t('notification.undo'), run: () => void restore(row) } : undefined;
      notify('success', answer.message, undefined, undo);
    } catch (error) {
      notifyFailure('message.deleteError', error);
    }
    await reload();
  };

  const restore = async (row: Row) => {
    try {
      notify('success', (await def.api.restore(row.id)).message);
    } catch (error) {
      notifyFailure('message.storeError', error);
    }
    await reload();
  };

  // The rows with unpublished changes (docs/features/drafts.md).
  const draftIds = useDraftIds(def.api, !!def.drafts);
  const columns: TableProps<Row>['columns'] = [
    ...withSortOrder(def.columns({ t, language: getLanguage() }), state),
    ...(translated ? [translationColumn<Row>(t)] : []),
    // Only while some record has a draft: a list without any keeps its width.
    ...(def.drafts && draftIds.size > 0 ? [draftColumn<Row>(t, draftIds)] : []),
    {
      key: 'actions',
      title: t('list.actions'),
      align: 'right',
      width: 1,
      // Kept at the end of a table wider than its card: the row's buttons are in view without scrolling sideways, so
      // reaching one (a click brings it into view, Tab focuses it) never slides the titles out of sight.
      fixed: 'end',
      render: (_: unknown, row: Row) => (
        <Space size="small" className="bo-row-actions">
          {def.detail ? (
            <RowAction
              label={t('list.detail')}
              icon={<EyeOutlined />}
              testId="row-detail"
              onClick={() => openEdit(row.id)}
            />
          ) : (
            def.rowAbilities?.(row).update !== false && (
              <RowAction
                label={t('list.edit')}
                icon={<EditOutlined />}
                testId="row-edit"
                onClick={() => openEdit(row.id)}
              />
            )
          )}
          {def.RowActions && <def.RowActions row={row} abilities={abilities} />}
          {state.trashed && abilities?.restore && (
            <RowAction
              label={t('list.restore')}
              icon={<UndoOutlined />}
              testId="row-restore"
              onClick={() => restore(row)}
            />
          )}
          {!state.trashed && abilities?.destroy && def.rowAbilities?.(row).destroy !== false && (
            <Popconfirm title={t('list.deleteConfirm')} {...confirmPopProps()} onConfirm={() => remove(row)}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                data-testid="row-delete"
                aria-label={t('list.delete')}
              />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const onTableChange: TableProps<Row>['onChange'] = (...change) => {
    const patch = tableChangePatch({ ...state, cursors: meta?.cursors }, ...change);
    if (patch) update(patch);
  };

  return (
    <>
      <Card title={t(def.labels.title)} className="bo-list">
        <ListToolbar
          abilities={abilities}
          selectedCount={selected.length}
          onBulk={runBulk}
          bulkActions={def.bulkActions}
          refreshing={list.isFetching}
          onRefresh={() => void reload()}
          filtersOpen={filtersOpen}
          activeFilters={activeFilters}
          onToggleFilters={() => setFiltersOpen((open) => !open)}
          search={state.search}
          onSearch={(search) => update({ search }, { replace: true })}
          onCreate={() => setCreating(true)}
        />
        {filtersOpen && (
          <FilterPanel
            filters={filters}
            values={state.filters}
            onChange={(key, value) => update({ [key]: value })}
            trashed={state.trashed}
            canShowTrashed={Boolean(abilities?.restore)}
            onTrashedChange={(trashed) => update({ trashed: trashed ? 'only' : undefined })}
          />
        )}
        <Table<Row>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          // A failed load is never shown as an empty list: the table says so and offers to try again.
          dataSource={list.isError ? [] : (list.data?.data ?? [])}
          onChange={onTableChange}
          scroll={{ x: 'max-content' }}
          rowSelection={
            selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
          }
          locale={{
            emptyText: list.isError ? (
              <ListError error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
            ) : (
              <span data-testid="list-empty">{t('list.empty')}</span>
            ),
          }}
          pagination={list.isError ? false : listPagination(t, state, meta)}
        />
      </Card>
      {form && (
        <ResourceForm
          def={{ ...def, form }}
          id={editId}
          open={creating || editId !== null}
          listAbilities={abilities}
          onClose={closeForm}
        />
      )}
      {def.detail && (
        <ResourceDetail api={def.api} detail={def.detail} id={editId} listAbilities={abilities} onClose={closeForm} />
      )}
    </>
  );
}
