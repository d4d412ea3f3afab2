import { SearchOutlined } from '@ant-design/icons';
import { SEARCH, type SearchHit } from '@backoffice/shared';
import { Button, Input, type InputRef, Modal, Spin, Tag, Tooltip, Typography } from 'antd';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSearch } from '../../api/search';
import { useUser } from '../../api/session';
import type { I18nKey } from '../../i18n';
import { type NavEntry, navFor } from '../../routes/nav';
import './searchPalette.css';

/** The screens a search can open: every entry of the user's side navigation (from the route table), with its group. */
interface Screen {
  name: string;
  labelKey: I18nKey;
  groupKey?: I18nKey;
  path: string;
}
const flatten = (entries: readonly NavEntry[], group?: NavEntry): Screen[] =>
  entries.flatMap((entry) => [
    { name: entry.name, labelKey: entry.labelKey, groupKey: group?.labelKey, path: entry.path },
    ...flatten(entry.children, entry),
  ]);
const SCREENS_SHOWN = 6;

/** Lower case without accents, as the server compares (docs/features/search.md): "cestna" finds "Cestná". */
const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** One line of the palette: a screen or a record, and the address it opens. */
interface Item {
  key: string;
  url: string;
  title: string;
  typeLabel: string;
  context?: string;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The search palette (docs/features/search.md): Ctrl-K or Cmd-K anywhere in the signed-in admin, or the top bar's
 * button, opens it; it finds screens by name and the records the user may open (`GET /api/search`).
 */
export function SearchPalette() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
      // Esc closes it wherever the focus is: a screen that has just loaded may take the focus from the palette,
      // and the dialog's own Esc listens only inside it.
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const shortcut = isMac() ? '⌘K' : t('search.shortcut');
  return (
    <>
      <Tooltip title={`${t('search.label')} (${shortcut})`}>
        <Button
          type="text"
          icon={<SearchOutlined />}
          data-testid="search-open"
          // The name holds the visible text ("Search Ctrl K"), as WCAG 2.5.3 asks; the tooltip says more.
          aria-label={`${t('search.open')} ${shortcut}`}
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => setOpen(true)}
        >
          <span className="bo-search-open-label">
            {t('search.open')} <kbd className="bo-search-kbd">{shortcut}</kbd>
          </span>
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title={t('search.label')}
        onCancel={() => setOpen(false)}
        footer={<Typography.Text type="secondary">{t('search.help')}</Typography.Text>}
        width={640}
        destroyOnHidden
        data-testid="search-palette"
      >
        <Palette
          onPick={(url) => {
            setOpen(false);
            navigate(url);
          }}
        />
      </Modal>
    </>
  );
}

function Palette({ onPick }: { onPick: (url: string) => void }) {
  const { t } = useTranslation();
  const listId = useId();
  const input = useRef<InputRef>(null);
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q), SEARCH.debounceMs);
    return () => clearTimeout(timer);
  }, [q]);
  useEffect(() => {
    // After the modal's own focus handling has run.
    const timer = setTimeout(() => input.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);
  const search = useSearch(debounced);
  const wanted = fold(q.trim());
  const roleId = useUser()?.role_id;
  const offered = useMemo(() => flatten(navFor(roleId)), [roleId]);

  const screens: Item[] = useMemo(() => {
    if (!wanted) return [];
    return offered
      .map((screen) => ({
        screen,
        title: t(screen.labelKey),
        group: screen.groupKey && t(screen.groupKey),
      }))
      .filter(({ title, group }) => fold(title).includes(wanted) || fold(`${group ?? ''} ${title}`).includes(wanted))
      .sort((a, b) => Number(!fold(a.title).startsWith(wanted)) - Number(!fold(b.title).startsWith(wanted)))
      .slice(0, SCREENS_SHOWN)
      .map(({ screen, title, group }) => ({
        key: `screen:${screen.name}`,
        url: screen.path,
        title,
        typeLabel: t('search.types.screen'),
        context: group,
      }));
  }, [wanted, t, offered]);
  const hits = wanted && debounced.trim() ? (search.data ?? []) : [];
  const records: Item[] = hits.map((hit: SearchHit) => ({
    key: `${hit.type}:${hit.id}`,
    url: hit.url,
    title: hit.title,
    typeLabel: t(`search.types.${hit.type}`),
    context: hit.locale ? hit.locale.toUpperCase() : undefined,
  }));
  const items = [...screens, ...records];
  const current = Math.min(active, Math.max(items.length - 1, 0));
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + items.length) % items.length);
    } else if (event.key === 'Enter' && items[current]) {
      event.preventDefault();
      onPick(items[current].url);
    }
  };

  const option = (item: Item, index: number) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the input above drives the list by keyboard (aria-activedescendant).
    <div
      key={item.key}
      tabIndex={-1}
      id={optionId(index)}
      role="option"
      aria-selected={index === current}
      className={`bo-search-item${index === current ? ' bo-search-item-active' : ''}`}
      data-testid="search-item"
      onMouseMove={() => index !== current && setActive(index)}
      onClick={() => onPick(item.url)}
    >
      <Tag className="bo-search-type">{item.typeLabel}</Tag>
      <span className="bo-search-title">{item.title}</span>
      {item.context && <span className="bo-search-context">{item.context}</span>}
    </div>
  );

  const searching = search.isFetching && wanted.length > 0;
  const settled = wanted && debounced.trim() === q.trim() && !search.isFetching;
  return (
    <div className="bo-search">
      <Input
        ref={input}
        size="large"
        prefix={<SearchOutlined />}
        suffix={searching ? <Spin size="small" aria-label={t('search.loading')} /> : <span />}
        placeholder={t('search.placeholder')}
        value={q}
        maxLength={SEARCH.queryMax}
        onChange={(event) => {
          setQ(event.target.value);
          // A new query starts at the first line again.
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('search.label')}
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items.length ? optionId(current) : undefined}
        data-testid="search-input"
      />
      <div id={listId} role="listbox" aria-label={t('search.label')} className="bo-search-list">
        {/* The headings are for the eye: each option names its kind itself. */}
        {screens.length > 0 && (
          <div className="bo-search-group" aria-hidden>
            {t('search.screens')}
          </div>
        )}
        {screens.map((item, index) => option(item, index))}
        {records.length > 0 && (
          <div className="bo-search-group" aria-hidden>
            {t('search.records')}
          </div>
        )}
        {records.map((item, index) => option(item, screens.length + index))}
      </div>
      <div className="bo-search-status" aria-live="polite">
        {!wanted && <Typography.Text type="secondary">{t('search.hint')}</Typography.Text>}
        {search.isError && wanted && <Typography.Text type="danger">{t('search.failed')}</Typography.Text>}
        {settled && !search.isError && items.length === 0 && (
          <Typography.Text type="secondary">{t('search.empty')}</Typography.Text>
        )}
      </div>
    </div>
  );
}
