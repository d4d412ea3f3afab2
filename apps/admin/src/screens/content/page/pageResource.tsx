import { PAGE_DEFAULT_SORT, type PageInput, type PageRecord, type PageRow, pageSchema } from '@backoffice/shared';
import { Tag, Typography } from 'antd';
import { pageApi } from '../../../api/pages';
import { CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION } from '../../../kit/list/BulkMenu';
import { statusColumn, statusFilter, updatedAtColumn } from '../../../kit/list/columns';
import { previewAction } from '../../../kit/list/PreviewAction';
import type { ResourceDef } from '../../../kit/resource';
import { ModuleFilter } from '../category/CategoryFields';
import { emptyPageLike, type PageLikeValues, pageLikeFromRecord } from '../pageLike/pageLike';
import { PageLocaleFields, PageMainFields } from './PageFields';

/** What the page form holds: the page-like values, the category, the navigation panel, galleries and panels. */
export interface PageValues extends PageLikeValues {
  category_id: number | null;
  navigation: { value: boolean; parent_id: number | null };
  group_id: number | null;
  galleries: number[];
  panels: number[];
}

/** Pages (docs/spec-index.md S1.2 Page list and form) as a resource of the list/form kit. */
export const pageResource: ResourceDef<PageRow, PageRecord, PageValues, PageInput> = {
  api: pageApi,
  routeName: 'contentPage',
  history: true,
  drafts: true,
  preview: 'page',
  labels: { title: 'page.title', create: 'page.create', edit: 'page.edit' },
  defaultSort: PAGE_DEFAULT_SORT,
  columns: ({ t, language }) => [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('pageLike.fields.title'),
      sorter: true,
      render: (_: unknown, row: PageRow) => (
        <div className="bo-title-cell">
          <span data-testid="cell-title">{row.title}</span>
          {row.description && (
            <Typography.Text type="secondary" ellipsis className="bo-description" data-testid="cell-description">
              {row.description}
            </Typography.Text>
          )}
        </div>
      ),
    },
    statusColumn<PageRow>(t),
    {
      key: 'navigation',
      dataIndex: 'navigation',
      title: t('page.fields.navigation'),
      render: (_: unknown, row: PageRow) => (
        <Tag color={row.navigation ? 'blue' : 'default'} data-testid="cell-navigation">
          {row.navigation ? t('page.yes') : t('page.no')}
        </Tag>
      ),
    },
    {
      key: 'module_title',
      dataIndex: 'module_title',
      title: t('pageLike.fields.module'),
      sorter: true,
      render: (_: unknown, row: PageRow) => <span data-testid="cell-module">{row.module_title ?? t('page.no')}</span>,
    },
    updatedAtColumn<PageRow>(t, language),
  ],
  filters: [
    statusFilter,
    {
      key: 'navigation',
      labelKey: 'page.fields.navigation',
      options: [
        { value: '1', labelKey: 'page.yes' },
        { value: '0', labelKey: 'page.no' },
      ],
    },
    { key: 'module_id', labelKey: 'pageLike.fields.module', Input: ModuleFilter },
  ],
  RowActions: previewAction<PageRow>(pageApi.base),
  // Publish, hide, remove and duplicate (docs/features/content.md "Duplicate and assign a category").
  bulkActions: [...CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION],
  form: {
    schema: pageSchema,
    empty: () => ({
      ...emptyPageLike(),
      category_id: null,
      navigation: { value: false, parent_id: null },
      group_id: null,
      galleries: [],
      panels: [],
    }),
    fromRecord: (record) => ({
      ...pageLikeFromRecord(record),
      category_id: record.category_id,
      navigation: record.navigation,
      group_id: record.group_id,
      galleries: record.galleries,
      panels: record.panels,
    }),
    files: ['image'],
    imageModel: 'page',
    LocaleFields: PageLocaleFields,
    MainFields: PageMainFields,
  },
};
