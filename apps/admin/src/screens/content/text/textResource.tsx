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
import { emptyLangs, langsFromRecord } from '../../../kit/langs';
import { CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION } from '../../../kit/list/BulkMenu';
import { statusColumn, statusFilter, titleColumn, updatedAtColumn } from '../../../kit/list/columns';
import type { ResourceDef } from '../../../kit/resource';
import { PositionFilter, TextLocaleFields, TextMainFields } from './TextFields';

const TEXT_LANG_FIELDS = ['title', 'content'] as const;

/** What the text form holds. */
export interface TextValues {
  langs: Record<Locale, { title: string; content: string }>;
  positions: number[];
  status: boolean;
}

/** Texts (docs/spec-index.md S1.2 Text list and form) as a resource of the list/form kit. */
export const textResource: ResourceDef<TextRow, TextRecord, TextValues, TextInput> = {
  api: textApi,
  routeName: 'contentText',
  history: true,
  labels: { title: 'text.title', create: 'text.create', edit: 'text.edit' },
  defaultSort: TEXT_DEFAULT_SORT,
  columns: ({ t, language }) => [
    titleColumn<TextRow>(t('text.fields.title')),
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
  // Publish, hide, remove and duplicate (docs/features/content.md "Duplicate and assign a category").
  bulkActions: [...CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION],
  form: {
    schema: textSchema,
    empty: () => ({ langs: emptyLangs(TEXT_LANG_FIELDS), positions: [], status: true }),
    fromRecord: (record) => ({
      langs: langsFromRecord(record.langs, TEXT_LANG_FIELDS),
      positions: record.positions,
      status: record.status,
    }),
    LocaleFields: TextLocaleFields,
    MainFields: TextMainFields,
  },
};
