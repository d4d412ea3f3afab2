import { FilterOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { type Abilities, DELAYS } from '@backoffice/shared';
import { Badge, Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkMenu, type BulkMenuAction } from './BulkMenu';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
}

/** A search input that reports its text DELAYS.search (500 ms) after the last keystroke. */
export function SearchBox({ value, onChange }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // `seen` is the URL's last value, `sent` the last search this box asked for. Only a URL change that the
  // box did not ask for (back button, a link) replaces what the user is typing; the URL catches up with
  // the box's own changes asynchronously.
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setSent(value);
      setText(value);
    }
  }
  useEffect(() => {
    const search = text.trim();
    if (search === sent) return undefined;
    const timer = setTimeout(() => {
      setSent(search);
      onChange(search);
    }, DELAYS.search);
    return () => clearTimeout(timer);
  }, [text, sent, onChange]);
  return (
    <Input
      data-testid="list-search"
      allowClear
      prefix={<SearchOutlined />}
      placeholder={t('list.search')}
      aria-label={t('list.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      // 260 px, narrower on a phone so the toolbar never overflows the screen.
      style={{ width: 'min(260px, calc(100vw - 32px))' }}
    />
  );
}

export interface ListToolbarProps {
  abilities?: Abilities;
  selectedCount: number;
  /** Runs a bulk action the user confirmed, with what its confirmation asked for. */
  onBulk: (action: string, extra?: Record<string, number>) => Promise<void>;
  /** The resource's bulk actions (content lists' by default). */
  bulkActions?: readonly BulkMenuAction[];
  refreshing: boolean;
  onRefresh: () => void;
  filtersOpen: boolean;
  activeFilters: number;
  onToggleFilters: () => void;
  search: string;
  onSearch: (value: string) => void;
  onCreate: () => void;
}

/** The row above every list: bulk actions, refresh, filter toggle, search and create (docs/spec-index.md S1.2). */
export function ListToolbar(props: ListToolbarProps) {
  const { t } = useTranslation();
  const { abilities, selectedCount } = props;
  return (
    <div className="bo-list-toolbar">
      <Space wrap>
        <BulkMenu
          selectedCount={selectedCount}
          canDestroy={!!abilities?.destroy}
          onConfirmed={props.onBulk}
          actions={props.bulkActions}
          abilities={abilities}
        />
        <Button
          data-testid="list-refresh"
          icon={<ReloadOutlined spin={props.refreshing} />}
          onClick={props.onRefresh}
          aria-label={t('list.refresh')}
          title={t('list.refresh')}
        />
        <Badge count={props.activeFilters} size="small">
          <Button
            data-testid="list-filter-toggle"
            icon={<FilterOutlined />}
            type={props.filtersOpen ? 'primary' : 'default'}
            aria-expanded={props.filtersOpen}
            onClick={props.onToggleFilters}
          >
            {t('list.filters')}
          </Button>
        </Badge>
        <SearchBox value={props.search} onChange={props.onSearch} />
      </Space>
      {abilities?.create && (
        <Button data-testid="list-create" type="primary" icon={<PlusOutlined />} onClick={props.onCreate}>
          {t('list.create')}
        </Button>
      )}
    </div>
  );
}
