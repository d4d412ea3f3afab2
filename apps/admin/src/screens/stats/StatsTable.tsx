import type { ListMeta } from '@backoffice/shared';
import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { listPagination, tableChangePatch, withSortOrder } from '../../kit/list/table';
import type { ListPatch, ListState } from '../../kit/list/useListParams';

export interface StatsTableProps<Row> {
  testId: string;
  columns: ColumnsType<Row>;
  rowKey: keyof Row & string;
  state: ListState;
  update: (patch: ListPatch) => void;
  /** The page; undefined while loading or after a failed load (ignored: the table stays empty). */
  page: { data: Row[]; meta: ListMeta } | undefined;
  loading: boolean;
  /** A table beside others: no page-size choice. */
  compact?: boolean;
}

/** A server-paged, server-sorted statistics table; what the server sends is shown as text. */
export function StatsTable<Row extends object>({
  testId,
  columns,
  rowKey,
  state,
  update,
  page,
  loading,
  compact,
}: StatsTableProps<Row>) {
  const { t } = useTranslation();
  const onChange: TableProps<Row>['onChange'] = (...change) => {
    const patch = tableChangePatch(state, ...change);
    if (patch) update(patch);
  };
  return (
    <Table<Row>
      data-testid={testId}
      rowKey={rowKey}
      size="small"
      loading={loading}
      columns={withSortOrder(columns, state)}
      dataSource={page?.data ?? []}
      onChange={onChange}
      // A phone scrolls the table in its own box rather than the page sideways (docs/features/admin-ui.md).
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <span data-testid="list-empty">{t('list.empty')}</span> }}
      pagination={{ ...listPagination(t, state, page?.meta), showSizeChanger: !compact }}
    />
  );
}
