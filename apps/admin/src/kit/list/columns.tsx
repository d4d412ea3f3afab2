import type { Locale } from '@backoffice/shared';
import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../format';
import type { FilterDef } from '../resource';

/** The title, sortable by `title`; the cell has the test id `cell-title`. */
export function titleColumn<Row extends { title: string }>(title: string): ColumnType<Row> {
  return {
    key: 'title',
    dataIndex: 'title',
    title,
    sorter: true,
    // A long title wraps within 16rem instead of widening the table past its card.
    render: (_: unknown, row: Row) => (
      <span data-testid="cell-title" className="bo-cell-title">
        {row.title}
      </span>
    ),
  };
}

/** Published/hidden as a coloured tag, sortable by `status`. */
export function statusColumn<Row extends { status: boolean }>(t: TFunction): ColumnType<Row> {
  return {
    key: 'status',
    dataIndex: 'status',
    title: t('list.status'),
    sorter: true,
    render: (_: unknown, row: Row) => (
      <Tag color={row.status ? 'green' : 'default'} data-testid="cell-status" data-status={row.status ? '1' : '0'}>
        {row.status ? t('status.published') : t('status.hidden')}
      </Tag>
    ),
  };
}

/** updated_at in the language's date-time format, sortable. */
export function updatedAtColumn<Row extends { updated_at: string }>(t: TFunction, language: Locale): ColumnType<Row> {
  return {
    key: 'updated_at',
    dataIndex: 'updated_at',
    title: t('list.updatedAt'),
    sorter: true,
    render: (_: unknown, row: Row) => <span className="bo-nowrap">{formatDateTime(row.updated_at, language)}</span>,
  };
}

/** The status filter every content list has: `status=1|0`. */
export const statusFilter: FilterDef = {
  key: 'status',
  labelKey: 'list.status',
  options: [
    { value: '1', labelKey: 'status.published' },
    { value: '0', labelKey: 'status.hidden' },
  ],
};

/** The categories of a row as badges of their titles (news, galleries, references). */
export function categoriesColumn<Row extends { categories: { id: number; title: string }[] }>(
  t: TFunction,
): ColumnType<Row> {
  return {
    key: 'categories',
    dataIndex: 'categories',
    title: t('list.categories'),
    // The badges wrap within 13rem: a row with several long category titles would otherwise widen the whole table
    // past its card (1280 px, English) and push the translation column under the fixed actions.
    render: (_: unknown, row: Row) => (
      <span data-testid="cell-categories" className="bo-tags">
        {row.categories.map((category) => (
          <Tag key={category.id}>{category.title}</Tag>
        ))}
      </span>
    ),
  };
}
