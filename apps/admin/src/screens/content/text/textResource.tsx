import {
  type Locale,
  TEXT_DEFAULT_SORT,
  type TextInput,
  type TextRecord,
  type TextRow,
  textSchema,
} from '@backoffice/shared';
import { Space, Tag } from 'antd';
import { textApi } from '../../../api/texts';
import { statusColumn, statusFilter, updatedAtColumn } from '../../../kit/list/columns';
import type { ResourceDef } from '../../../kit/resource';
import { PositionFilter, TextLocaleFields, TextMainFields } from './TextFields';

/** What the text form holds. */
export interface TextValues {
  langs: Record<Locale, { title: string; content: string }>;
  positions: number[];
  status: boolean;
}

/** Texts (spec 1 §2 Text list and form) as a resource of the list/form kit. */
export const textResource: ResourceDef<TextRow, TextRecord, TextValues, TextInput> = {
  api: textApi,
  routeName: 'contentText',
  labels: { title: 'text.title', create: 'text.create', edit: 'text.edit' },
  defaultSort: TEXT_DEFAULT_SORT,
  columns: ({ t, language }) => [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('text.fields.title'),
      sorter: true,
      render: (_: unknown, row: TextRow) => <span data-testid="cell-title">{row.title}</span>,
    },
    statusColumn<TextRow>(t),
    {
      key: 'positions',
      title: t('text.fields.positions'),
      render: (_: unknown, row: TextRow) => (
        <Space size={[0, 4]} wrap>
          {row.positions.map((position) => (
            <Tag key={position.id} color="blue">
              {position.title}
            </Tag>
          ))}
        </Space>
      ),
    },
    updatedAtColumn<TextRow>(t, language),
  ],
  filters: [statusFilter, { key: 'position_id', labelKey: 'text.filters.position', Input: PositionFilter }],
  form: {
    schema: textSchema,
    empty: () => ({
      langs: { sk: { title: '', content: '' }, en: { title: '', content: '' } },
      positions: [],
      status: true,
    }),
    fromRecord: (record) => ({
      langs: {
        sk: { title: record.langs.sk?.title ?? '', content: record.langs.sk?.content ?? '' },
        en: { title: record.langs.en?.title ?? '', content: record.langs.en?.content ?? '' },
      },
      positions: record.positions,
      status: record.status,
    }),
    LocaleFields: TextLocaleFields,
    MainFields: TextMainFields,
  },
};
