import {
  CATEGORY_DEFAULT_SORT,
  type CategoryInput,
  type CategoryRecord,
  type CategoryRow,
  categorySchema,
} from '@backoffice/shared';
import { categoryApi } from '../../../api/categories';
import { CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION } from '../../../kit/list/BulkMenu';
import { statusColumn, statusFilter, titleColumn, updatedAtColumn } from '../../../kit/list/columns';
import type { ResourceDef } from '../../../kit/resource';
import { emptyPageLike, type PageLikeValues, pageLikeFromRecord } from '../pageLike/pageLike';
import { CategoryLocaleFields, CategoryMainFields, ModuleFilter } from './CategoryFields';

/** What the category form holds: the page-like values and the parent category. */
export interface CategoryValues extends PageLikeValues {
  parent_id: number | null;
}

/** Categories (docs/spec-index.md S1.2 Category list and form) as a resource of the list/form kit. */
export const categoryResource: ResourceDef<CategoryRow, CategoryRecord, CategoryValues, CategoryInput> = {
  api: categoryApi,
  routeName: 'contentCategory',
  history: true,
  labels: { title: 'category.title', create: 'category.create', edit: 'category.edit' },
  defaultSort: CATEGORY_DEFAULT_SORT,
  columns: ({ t, language }) => [
    titleColumn<CategoryRow>(t('pageLike.fields.title')),
    statusColumn<CategoryRow>(t),
    {
      key: 'module_title',
      dataIndex: 'module_title',
      title: t('pageLike.fields.module'),
      sorter: true,
      render: (_: unknown, row: CategoryRow) => (
        <span data-testid="cell-module">{row.module_title ?? t('pageLike.noModule')}</span>
      ),
    },
    updatedAtColumn<CategoryRow>(t, language),
  ],
  filters: [statusFilter, { key: 'module_id', labelKey: 'pageLike.fields.module', Input: ModuleFilter }],
  // Publish, hide, remove and duplicate (docs/features/content.md "Duplicate and assign a category").
  bulkActions: [...CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION],
  form: {
    schema: categorySchema,
    empty: () => ({ ...emptyPageLike(), parent_id: null }),
    fromRecord: (record) => ({ ...pageLikeFromRecord(record), parent_id: record.parent_id }),
    files: ['image'],
    imageModel: 'category',
    LocaleFields: CategoryLocaleFields,
    MainFields: CategoryMainFields,
  },
};
