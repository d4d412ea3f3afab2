import {
  CATEGORY_DEFAULT_SORT,
  type CategoryInput,
  type CategoryRecord,
  type CategoryRow,
  categorySchema,
  type Locale,
} from '@backoffice/shared';
import { categoryApi } from '../../../api/categories';
import { emptyLangs, langsFromRecord } from '../../../kit/langs';
import { statusColumn, statusFilter, titleColumn, updatedAtColumn } from '../../../kit/list/columns';
import type { ResourceDef } from '../../../kit/resource';
import { CategoryLocaleFields, CategoryMainFields, ModuleFilter } from './CategoryFields';

/** The translated fields of a category (the page-like fields, spec 1 §2 Page form). */
const CATEGORY_LANG_FIELDS = [
  'title',
  'title_url',
  'content',
  'teaser',
  'page_text',
  'meta_title',
  'meta_description',
  'claim',
] as const;
type CategoryLangField = (typeof CATEGORY_LANG_FIELDS)[number];

/** What the category form holds; dates are ISO strings or null. */
export interface CategoryValues {
  langs: Record<Locale, Record<CategoryLangField, string>>;
  module_id: number | null;
  parent_id: number | null;
  status: boolean;
  redirect: string;
  css_class: string;
  publish_up: string | null;
  publish_down: string | null;
}

/** Categories (spec 1 §2 Category list and form) as a resource of the list/form kit. */
export const categoryResource: ResourceDef<CategoryRow, CategoryRecord, CategoryValues, CategoryInput> = {
  api: categoryApi,
  routeName: 'contentCategory',
  labels: { title: 'category.title', create: 'category.create', edit: 'category.edit' },
  defaultSort: CATEGORY_DEFAULT_SORT,
  columns: ({ t, language }) => [
    titleColumn<CategoryRow>(t('category.fields.title')),
    statusColumn<CategoryRow>(t),
    {
      key: 'module_title',
      dataIndex: 'module_title',
      title: t('category.fields.module'),
      sorter: true,
      render: (_: unknown, row: CategoryRow) => (
        <span data-testid="cell-module">{row.module_title ?? t('category.noModule')}</span>
      ),
    },
    updatedAtColumn<CategoryRow>(t, language),
  ],
  filters: [statusFilter, { key: 'module_id', labelKey: 'category.filters.module', Input: ModuleFilter }],
  form: {
    schema: categorySchema,
    empty: () => ({
      langs: emptyLangs(CATEGORY_LANG_FIELDS),
      module_id: null,
      parent_id: null,
      status: true,
      redirect: '',
      css_class: '',
      publish_up: null,
      publish_down: null,
    }),
    fromRecord: (record) => ({
      langs: langsFromRecord(record.langs, CATEGORY_LANG_FIELDS),
      module_id: record.module_id,
      parent_id: record.parent_id,
      status: record.status,
      redirect: record.redirect ?? '',
      css_class: record.css_class ?? '',
      publish_up: record.publish_up,
      publish_down: record.publish_down,
    }),
    LocaleFields: CategoryLocaleFields,
    MainFields: CategoryMainFields,
  },
};
