import type { ListMeta } from '@backoffice/shared';
import type { TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ListPatch, ListState } from './useListParams';

/** The page sizes every paged table offers. */
export const PAGE_SIZES = [10, 20, 50, 100];

type SortState = Pick<ListState, 'sort' | 'order'>;

/**
 * Marks the sorted column of the list state on the sortable columns (the table is controlled by the state), cycling
 * ascending → descending → ascending so a column never falls back to "unsorted".
 */
export function withSortOrder<Row>(columns: ColumnsType<Row>, state: SortState): ColumnsType<Row> {
  return columns.map((column) =>
    'sorter' in column && column.sorter
      ? {
          ...column,
          sortDirections: ['ascend' as const, 'descend' as const, 'ascend' as const],
          sortOrder:
            column.key === state.sort ? (state.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
        }
      : column,
  );
}

/**
 * Turns a table's paging or sorting into a patch of the list state (a new page size starts at page 1). A step to
 * the next or previous page carries the cursor of the page on screen (`cursors` of its answer's meta).
 */
export function tableChangePatch<Row>(
  state: Pick<ListState, 'per_page' | 'page'> & { cursors?: ListMeta['cursors'] },
  ...[pagination, , sorter, extra]: Parameters<NonNullable<TableProps<Row>['onChange']>>
): ListPatch | null {
  if (extra.action === 'paginate') {
    const per_page = pagination.pageSize ?? state.per_page;
    if (per_page !== state.per_page) return { page: undefined, per_page };
    const page = pagination.current;
    const step = page === undefined ? 0 : page - state.page;
    return {
      page,
      per_page,
      after: step === 1 ? state.cursors?.after : undefined,
      before: step === -1 ? state.cursors?.before : undefined,
    };
  }
  if (extra.action === 'sort') {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const order = single?.order === 'ascend' ? 'asc' : single?.order === 'descend' ? 'desc' : undefined;
    return { sort: order ? String(single?.columnKey) : undefined, order };
  }
  return null;
}

/** The pagination of a server-paged table: the list state's page and size, the answer's total and info text. */
export function listPagination(
  t: TFunction,
  state: Pick<ListState, 'page' | 'per_page'>,
  meta: ListMeta | undefined,
): TableProps['pagination'] {
  return {
    current: meta?.current_page ?? state.page,
    pageSize: state.per_page,
    total: meta?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (total) =>
      total > 0 && meta ? (
        <span data-testid="list-info">
          {/* A large list's total is the database's estimate (docs/api.md, Lists): "of about 1.2 million". */}
          {t(meta.total_approximate ? 'list.infoApproximate' : 'list.info', {
            from: meta.from ?? 0,
            to: meta.to ?? 0,
            total,
          })}
        </span>
      ) : null,
  };
}
