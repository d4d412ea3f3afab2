import {
  type Locale,
  PANEL_DEFAULT_SORT,
  type PanelInput,
  type PanelRecord,
  type PanelRow,
  panelSchema,
} from '@backoffice/shared';
import { panelApi } from '../../../api/panels';
import { emptyLangs, langsFromRecord } from '../../../kit/langs';
import { CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION } from '../../../kit/list/BulkMenu';
import { statusColumn, statusFilter, titleColumn, updatedAtColumn } from '../../../kit/list/columns';
import type { ResourceDef } from '../../../kit/resource';
import { PanelLocaleFields, PanelMainFields } from './PanelFields';

const PANEL_LANG_FIELDS = ['title', 'content'] as const;

/** What the panel form holds; priority is null until entered. */
export interface PanelValues {
  langs: Record<Locale, { title: string; content: string }>;
  status: boolean;
  priority: number | null;
}

/** Panels (docs/spec-index.md S1.2 Panel list and form) as a resource of the list/form kit. */
export const panelResource: ResourceDef<PanelRow, PanelRecord, PanelValues, PanelInput> = {
  api: panelApi,
  routeName: 'contentPanel',
  history: true,
  labels: { title: 'panel.title', create: 'panel.create', edit: 'panel.edit' },
  defaultSort: PANEL_DEFAULT_SORT,
  columns: ({ t, language }) => [
    titleColumn<PanelRow>(t('panel.fields.title')),
    statusColumn<PanelRow>(t),
    {
      key: 'pages_count',
      dataIndex: 'pages_count',
      title: t('panel.fields.pagesCount'),
      sorter: true,
      align: 'right',
      render: (_: unknown, row: PanelRow) => <span data-testid="cell-pages_count">{row.pages_count}</span>,
    },
    {
      key: 'priority',
      dataIndex: 'priority',
      title: t('panel.fields.priority'),
      sorter: true,
      align: 'right',
      render: (_: unknown, row: PanelRow) => <span data-testid="cell-priority">{row.priority}</span>,
    },
    updatedAtColumn<PanelRow>(t, language),
  ],
  filters: [statusFilter],
  // Publish, hide, remove and duplicate (docs/features/content.md "Duplicate and assign a category").
  bulkActions: [...CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION],
  form: {
    schema: panelSchema,
    empty: () => ({ langs: emptyLangs(PANEL_LANG_FIELDS), status: true, priority: null }),
    fromRecord: (record) => ({
      langs: langsFromRecord(record.langs, PANEL_LANG_FIELDS),
      status: record.status,
      priority: record.priority,
    }),
    LocaleFields: PanelLocaleFields,
    MainFields: PanelMainFields,
  },
};
