import {
  type Locale,
  PARTNER_DEFAULT_SORT,
  type PartnerInput,
  type PartnerRecord,
  type PartnerRow,
  partnerSchema,
} from '@backoffice/shared';
import { Col } from 'antd';
import { partnerApi } from '../../api/partners';
import { LocaleRichTextField, LocaleTextField, NumberField } from '../../kit/form/fields';
import { PublishingFields, type PublishingValues, publishingValues } from '../../kit/form/publishing';
import { ImageAltField, TitleFields } from '../../kit/form/translated';
import { emptyLangs, langsFromRecord } from '../../kit/langs';
import { CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION } from '../../kit/list/BulkMenu';
import { statusColumn, statusFilter, titleColumn, updatedAtColumn } from '../../kit/list/columns';
import { orderColumn } from '../../kit/list/InlineOrder';
import type { FieldsProps, LocaleFieldsProps, ResourceDef } from '../../kit/resource';

const LANG_FIELDS = ['title', 'title_url', 'content', 'url', 'image_alt'] as const;

interface PartnerValues extends PublishingValues {
  langs: Record<Locale, Record<(typeof LANG_FIELDS)[number], string>>;
  order: number;
}

/**
 * Per locale (docs/spec-index.md S2.2 Partner form): title, title_url, content and the partner's web address; the
 * logo's alternative text.
 */
function PartnerLocaleFields(props: LocaleFieldsProps<PartnerRecord>) {
  const { locale, rules } = props;
  return (
    <>
      <TitleFields {...props} checkUrl={`${partnerApi.base}validate/title_url`} />
      <LocaleRichTextField locale={locale} name="content" labelKey="pageLike.fields.content" />
      <LocaleTextField locale={locale} name="url" labelKey="partner.fields.url" rules={rules} />
      <ImageAltField locale={locale} rules={rules} />
    </>
  );
}

const PartnerMainFields = (props: FieldsProps<PartnerRecord>) => (
  <PublishingFields {...props} imageModel="partner">
    <Col xs={24} md={12}>
      <NumberField name="order" labelKey="list.order" rules={props.rules} min={0} />
    </Col>
  </PublishingFields>
);

/** Partners (docs/spec-index.md S2.2 Partner list and form) as a resource of the list/form kit. */
export const partnerResource: ResourceDef<PartnerRow, PartnerRecord, PartnerValues, PartnerInput> = {
  api: partnerApi,
  routeName: 'partner',
  history: true,
  labels: { title: 'partner.title', create: 'partner.create', edit: 'partner.edit' },
  defaultSort: PARTNER_DEFAULT_SORT,
  columns: ({ t, language }) => [
    titleColumn<PartnerRow>(t('pageLike.fields.title')),
    statusColumn<PartnerRow>(t),
    orderColumn<PartnerRow>(t, partnerApi),
    updatedAtColumn<PartnerRow>(t, language),
  ],
  filters: [statusFilter],
  // Publish, hide, remove and duplicate (docs/features/content.md "Duplicate and assign a category").
  bulkActions: [...CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION],
  form: {
    schema: partnerSchema,
    empty: () => ({ ...publishingValues(), langs: emptyLangs(LANG_FIELDS), order: 0 }),
    fromRecord: (record) => ({
      ...publishingValues(record),
      langs: langsFromRecord(record.langs, LANG_FIELDS),
      order: record.order,
    }),
    files: ['image'],
    imageModel: 'partner',
    LocaleFields: PartnerLocaleFields,
    MainFields: PartnerMainFields,
  },
};
