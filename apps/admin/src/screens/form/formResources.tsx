import {
  type ContactRecord,
  FORM_DEFAULT_SORT,
  type FormRow,
  type PriceRecord,
  type RegistrationRecord,
} from '@backoffice/shared';
import type { TableColumnsType } from 'antd';
import { formContactApi, formPriceApi, formRegistrationApi } from '../../api/forms';
import type { I18nKey } from '../../i18n';
import type { DetailField } from '../../kit/detail/detailDef';
import { dateField, itemsTable, mailField, telField } from '../../kit/detail/values';
import { formatDateTime } from '../../kit/format';
import type { BulkMenuAction } from '../../kit/list/BulkMenu';
import type { ColumnContext, ResourceDef } from '../../kit/resource';

/** Submission lists offer one bulk action: remove (role 1 only; docs/spec-index.md S2.6). */
const REMOVE_ONLY: readonly BulkMenuAction[] = [
  { key: 'destroy', labelKey: 'forms.remove', confirmKey: 'list.bulkConfirm.destroy', destroy: true },
];

/** The columns of every submission list (docs/spec-index.md S2.2): name, e-mail, created_at; all sortable. */
const columns = ({ t, language }: ColumnContext): TableColumnsType<FormRow> => [
  { key: 'name', dataIndex: 'name', title: t('forms.fields.name'), sorter: true },
  { key: 'email', dataIndex: 'email', title: t('forms.fields.email'), sorter: true },
  {
    key: 'created_at',
    dataIndex: 'created_at',
    title: t('forms.fields.created_at'),
    sorter: true,
    render: (_: unknown, row: FormRow) => <span className="bo-nowrap">{formatDateTime(row.created_at, language)}</span>,
  },
];

const label = (key: string) => `forms.fields.${key}` as I18nKey;
/** Plain-text lines, each labelled by its column name. */
const lines = <Rec,>(...keys: (keyof Rec & string)[]): DetailField<Rec>[] =>
  keys.map((key) => ({ key, labelKey: label(key) }));

/** A read-only submission resource: no create, update or form; detail and remove per row, remove in bulk. */
function submissionResource<Rec extends { id: number; updated_at: string; deleted_at: string | null }>(spec: {
  api: ResourceDef<FormRow, Rec, never, never>['api'];
  routeName: ResourceDef<FormRow, Rec, never, never>['routeName'];
  title: I18nKey;
  detailTitle: I18nKey;
  fields: readonly DetailField<Rec>[];
}): ResourceDef<FormRow, Rec, never, never> {
  return {
    api: spec.api,
    routeName: spec.routeName,
    labels: { title: spec.title, create: spec.title, edit: spec.detailTitle },
    defaultSort: FORM_DEFAULT_SORT,
    columns,
    bulkActions: REMOVE_ONLY,
    detail: { title: spec.detailTitle, removeConfirm: 'forms.removeConfirm', fields: spec.fields },
  };
}

/** Contact messages (docs/spec-index.md S2.2): company, name, e-mail (mail link), phone (tel link), message, language, user, date. */
export const formContactResource = submissionResource<ContactRecord>({
  api: formContactApi,
  routeName: 'formContact',
  title: 'forms.contact.title',
  detailTitle: 'forms.contact.detail',
  fields: [
    ...lines<ContactRecord>('company', 'name'),
    mailField(label('email')),
    telField('phone', label('phone')),
    ...lines<ContactRecord>('message'),
    { key: 'language', labelKey: label('language'), render: (r) => r.language.title },
    {
      key: 'user',
      labelKey: label('user'),
      render: (r) => (r.user ? `${r.user.name} ${r.user.surname}`.trim() : <span className="bo-muted">—</span>),
    },
    dateField(label('created_at')),
  ],
});

/** A company's fields; its `name` is the company's name, as the site's form and the staff mail call it. */
const companyFields = <Rec extends PriceRecord | RegistrationRecord>(): DetailField<Rec>[] => [
  { key: 'name', labelKey: label('companyName') },
  ...lines<Rec>('address', 'ico', 'dic', 'icdph', 'contact'),
  telField<Rec>('phone', label('phone')),
];

/** Price-offer submissions: every field of docs/spec-index.md S2.3, read-only. */
export const formPriceResource = submissionResource<PriceRecord>({
  api: formPriceApi,
  routeName: 'formPriceOffer',
  title: 'forms.price.title',
  detailTitle: 'forms.price.detail',
  fields: [
    ...companyFields<PriceRecord>(),
    mailField(label('email')),
    ...lines<PriceRecord>(
      'material',
      'material_desc',
      'faction',
      'faction_desc',
      'weight',
      'place',
      'deadline',
      'delivery',
      'note',
    ),
    dateField(label('created_at')),
  ],
});

const CAR_COLUMNS = [
  { key: 'type', labelKey: 'forms.fields.carType' },
  { key: 'capacity', labelKey: 'forms.fields.carCapacity' },
  { key: 'count', labelKey: 'forms.fields.carCount' },
  { key: 'license', labelKey: 'forms.fields.carLicense' },
] as const;

/** Registration submissions: every field of docs/spec-index.md S2.3, the cars as a table. */
export const formRegistrationResource = submissionResource<RegistrationRecord>({
  api: formRegistrationApi,
  routeName: 'formRegistration',
  title: 'forms.registration.title',
  detailTitle: 'forms.registration.detail',
  fields: [
    ...companyFields<RegistrationRecord>(),
    telField<RegistrationRecord>('fax', label('fax')),
    mailField(label('email')),
    {
      key: 'cars',
      labelKey: label('cars'),
      render: (r, context) => itemsTable(r.cars, CAR_COLUMNS, context, 'forms.noCars'),
    },
    ...lines<RegistrationRecord>('other_cars', 'cars_total'),
    dateField(label('created_at')),
  ],
});
