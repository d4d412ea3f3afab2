import {
  type Locale,
  REFERENCE_CATEGORY_MODULE,
  REFERENCE_DEFAULT_SORT,
  type ReferenceInput,
  type ReferenceRecord,
  type ReferenceRow,
  referenceSchema,
} from '@backoffice/shared';
import { Col } from 'antd';
import { referenceApi } from '../../api/references';
import { LocaleRichTextField, NumberField } from '../../kit/form/fields';
import { PublishingFields, type PublishingValues, publishingValues } from '../../kit/form/publishing';
import { CategoriesField, GalleriesField, SimilarsField } from '../../kit/form/relations';
import { ImageAltField, MetaFields, TitleFields } from '../../kit/form/translated';
import { emptyLangs, langsFromRecord } from '../../kit/langs';
import { CONTENT_BULK_ACTIONS, categoryBulkAction, DUPLICATE_BULK_ACTION } from '../../kit/list/BulkMenu';
import { statusColumn, statusFilter, titleColumn, updatedAtColumn } from '../../kit/list/columns';
import { orderColumn } from '../../kit/list/InlineOrder';
import { previewAction } from '../../kit/list/PreviewAction';
import type { FieldsProps, LocaleFieldsProps, ResourceDef } from '../../kit/resource';

const LANG_FIELDS = [
  'title',
  'title_url',
  'content',
  'content_road',
  'content_railway',
  'meta_title',
  'meta_description',
  'panel_text',
  'image_alt',
] as const;

interface ReferenceValues extends PublishingValues {
  langs: Record<Locale, Record<(typeof LANG_FIELDS)[number], string>>;
  categories: number[];
  galleries: number[];
  similars: number[];
  amount: number;
  order: number;
}

/** Per locale (docs/spec-index.md S2.2 Reference form): title, title_url, the building, road and railway texts, meta, panel text. */
function ReferenceLocaleFields(props: LocaleFieldsProps<ReferenceRecord>) {
  const { locale, rules } = props;
  return (
    <>
      <TitleFields {...props} checkUrl={`${referenceApi.base}validate/title_url`} />
      <LocaleRichTextField locale={locale} name="content" labelKey="reference.fields.content" />
      <LocaleRichTextField locale={locale} name="content_road" labelKey="reference.fields.contentRoad" />
      <LocaleRichTextField locale={locale} name="content_railway" labelKey="reference.fields.contentRailway" />
      <MetaFields locale={locale} rules={rules} />
      <LocaleRichTextField locale={locale} name="panel_text" labelKey="reference.fields.panelText" />
      <ImageAltField locale={locale} rules={rules} />
    </>
  );
}

function ReferenceMainFields(props: FieldsProps<ReferenceRecord>) {
  const { rules, id } = props;
  return (
    <PublishingFields {...props} imageModel="reference">
      <CategoriesField rules={rules} moduleId={REFERENCE_CATEGORY_MODULE} />
      <GalleriesField rules={rules} />
      <SimilarsField rules={rules} id={id} base={referenceApi.base} />
      <Col xs={12} md={6}>
        <NumberField name="amount" labelKey="reference.fields.amount" rules={rules} min={0} />
      </Col>
      <Col xs={12} md={6}>
        <NumberField name="order" labelKey="list.order" rules={rules} min={0} />
      </Col>
    </PublishingFields>
  );
}

/** References (docs/spec-index.md S2.2 Reference list and form) as a resource of the list/form kit. */
export const referenceResource: ResourceDef<ReferenceRow, ReferenceRecord, ReferenceValues, ReferenceInput> = {
  api: referenceApi,
  routeName: 'reference',
  history: true,
  drafts: true,
  preview: 'reference',
  labels: { title: 'reference.title', create: 'reference.create', edit: 'reference.edit' },
  defaultSort: REFERENCE_DEFAULT_SORT,
  columns: ({ t, language }) => [
    titleColumn<ReferenceRow>(t('pageLike.fields.title')),
    statusColumn<ReferenceRow>(t),
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('reference.fields.amount'),
      sorter: true,
      render: (_: unknown, row: ReferenceRow) => <span data-testid="cell-amount">{row.amount}</span>,
    },
    orderColumn<ReferenceRow>(t, referenceApi),
    updatedAtColumn<ReferenceRow>(t, language),
  ],
  filters: [statusFilter],
  RowActions: previewAction<ReferenceRow>(referenceApi.base),
  // Publish, hide, remove, and where the records allow it a copy and a category (docs/features/lists.md).
  bulkActions: [...CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION, categoryBulkAction(REFERENCE_CATEGORY_MODULE)],
  form: {
    schema: referenceSchema,
    empty: () => ({
      ...publishingValues(),
      langs: emptyLangs(LANG_FIELDS),
      categories: [],
      galleries: [],
      similars: [],
      amount: 0,
      order: 0,
    }),
    fromRecord: (record) => ({
      ...publishingValues(record),
      langs: langsFromRecord(record.langs, LANG_FIELDS),
      categories: record.categories,
      galleries: record.galleries,
      similars: record.similars,
      amount: record.amount,
      order: record.order,
    }),
    files: ['image'],
    imageModel: 'reference',
    LocaleFields: ReferenceLocaleFields,
    MainFields: ReferenceMainFields,
  },
};
