import { DeleteOutlined, DragOutlined, EditOutlined, SelectOutlined } from '@ant-design/icons';
import type { FileEntry, Locale } from '@backoffice/shared';
import { Button, Image, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getLanguage } from '../../i18n/language';
import { formatDateTime } from '../../kit/format';
import { EntryIcon, formatSize } from './fileIcons';

export interface FileTableProps {
  entries: FileEntry[];
  loading: boolean;
  selected: string[];
  onSelect: (paths: string[]) => void;
  /** Opens a folder. */
  onOpen: (path: string) => void;
  /** Set when the file manager is a picker: a click on a file hands it to the editor. */
  onPick?: (entry: FileEntry) => void;
  onRename: (entry: FileEntry) => void;
  onMove: (paths: string[]) => void;
  onDelete: (paths: string[]) => void;
}

function Action({
  label,
  icon,
  testId,
  danger,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  testId: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        danger={danger}
        icon={icon}
        aria-label={label}
        data-testid={testId}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** The folder's entries: thumbnail or icon, name (a folder opens, a file opens or is picked), size, date, actions. */
export function FileTable(props: FileTableProps) {
  const { entries, loading, selected, onSelect, onOpen, onPick, onRename, onMove, onDelete } = props;
  const { t } = useTranslation();
  const language = getLanguage() as Locale;

  const nameCell = (entry: FileEntry) => {
    if (entry.type === 'dir') {
      return (
        <Button type="link" className="bo-fm-name" data-testid="fm-open" onClick={() => onOpen(entry.path)}>
          {entry.name}
        </Button>
      );
    }
    if (onPick) {
      return (
        <Button type="link" className="bo-fm-name" data-testid="fm-name" onClick={() => onPick(entry)}>
          {entry.name}
        </Button>
      );
    }
    return (
      <a href={entry.url ?? undefined} target="_blank" rel="noopener noreferrer" data-testid="fm-name">
        {entry.name}
      </a>
    );
  };

  const columns: TableColumnsType<FileEntry> = [
    {
      key: 'preview',
      title: <span className="bo-fm-sr-only">{t('filemanager.preview')}</span>,
      width: 84,
      render: (_, entry) => (
        <div className="bo-fm-thumb" data-testid={entry.thumbnail ? 'fm-thumbnail' : 'fm-icon'}>
          {entry.thumbnail ? (
            <Image src={entry.thumbnail} alt={entry.name} preview={{ src: entry.url ?? undefined }} />
          ) : (
            <EntryIcon entry={entry} />
          )}
        </div>
      ),
    },
    { key: 'name', title: t('filemanager.name'), render: (_, entry) => nameCell(entry) },
    {
      key: 'size',
      title: t('filemanager.size'),
      width: 110,
      align: 'right',
      render: (_, entry) => (entry.type === 'dir' ? t('filemanager.folder') : formatSize(entry.size, language)),
    },
    {
      key: 'modified',
      title: t('filemanager.modified'),
      width: 170,
      responsive: ['md'],
      render: (_, entry) => formatDateTime(entry.modified_at, language),
    },
    {
      key: 'actions',
      title: t('filemanager.actions'),
      width: onPick ? 170 : 130,
      render: (_, entry) => (
        <Space size={0}>
          {onPick && entry.type === 'file' && (
            <Button
              size="small"
              type="primary"
              icon={<SelectOutlined />}
              data-testid="fm-pick"
              onClick={() => onPick(entry)}
            >
              {t('filemanager.pick')}
            </Button>
          )}
          <Action
            label={t('filemanager.rename')}
            icon={<EditOutlined />}
            testId="fm-rename"
            onClick={() => onRename(entry)}
          />
          <Action
            label={t('filemanager.move')}
            icon={<DragOutlined />}
            testId="fm-move"
            onClick={() => onMove([entry.path])}
          />
          <Action
            label={t('filemanager.delete')}
            icon={<DeleteOutlined />}
            testId="fm-delete"
            danger
            onClick={() => onDelete([entry.path])}
          />
        </Space>
      ),
    },
  ];

  return (
    <Table<FileEntry>
      rowKey="path"
      size="middle"
      columns={columns}
      dataSource={entries}
      loading={loading}
      pagination={false}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(String)) }}
      onRow={(entry) =>
        ({ className: 'bo-fm-row', 'data-testid': 'fm-row', 'data-name': entry.name }) as HTMLAttributes<HTMLElement>
      }
      locale={{ emptyText: <span data-testid="fm-empty">{t('filemanager.empty')}</span> }}
      data-testid="fm-table"
    />
  );
}
