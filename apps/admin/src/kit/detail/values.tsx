import { Table } from 'antd';
import type { ReactNode } from 'react';
import type { I18nKey } from '../../i18n';
import { formatDateTime } from '../format';
import type { DetailContext, DetailField } from './detailDef';

const dash = <span className="bo-muted">—</span>;

/** A field shown as a `mailto:` link. */
export const mailField = <Rec extends { email: string }>(labelKey: I18nKey): DetailField<Rec> => ({
  key: 'email',
  labelKey,
  render: (record) => (record.email ? <a href={`mailto:${record.email}`}>{record.email}</a> : dash),
});

/** A field shown as a `tel:` link (the number without spaces in the address). */
export const telField = <Rec,>(key: keyof Rec & string, labelKey: I18nKey): DetailField<Rec> => ({
  key,
  labelKey,
  render: (record) => {
    const phone = String(record[key] ?? '');
    return phone ? <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a> : dash;
  },
});

/** A timestamp in the browser's zone and the language's format. */
export const dateField = <Rec extends { created_at: string }>(labelKey: I18nKey): DetailField<Rec> => ({
  key: 'created_at',
  labelKey,
  render: (record, { language }) => formatDateTime(record.created_at, language),
});

/** A list of items shown as a small table (a registration's cars). */
export function itemsTable<Item extends object>(
  items: readonly Item[],
  columns: readonly { key: keyof Item & string; labelKey: I18nKey }[],
  { t }: DetailContext,
  emptyKey: I18nKey,
): ReactNode {
  if (items.length === 0) return <span className="bo-muted">{t(emptyKey)}</span>;
  return (
    <Table<Item>
      size="small"
      pagination={false}
      rowKey={(_item, index) => String(index)}
      dataSource={[...items]}
      // Wider than a phone's value cell: it scrolls in its own box, each column as wide as its text.
      scroll={{ x: 'max-content' }}
      columns={columns.map((c) => ({ key: c.key, dataIndex: c.key, title: t(c.labelKey) }))}
    />
  );
}
