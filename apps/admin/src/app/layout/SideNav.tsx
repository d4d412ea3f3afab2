import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { useUser } from '../../api/session';
import { type NavEntry, navFor, navTree } from '../../routes/nav';
import { isRouteHandle } from '../routeHandle';
import { NavIconOf } from './navIcons';

type MenuItem = Required<MenuProps>['items'][number];

const groupNames = (entries: readonly NavEntry[]): string[] =>
  entries.flatMap((entry) => (entry.children.length ? [entry.name, ...groupNames(entry.children)] : []));
const GROUPS = groupNames(navTree);

/**
 * The side navigation from the route table, the rows the user's role may open; the group of the active section opens
 * by itself.
 */
export function SideNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const roleId = useUser()?.role_id;
  const entries = useMemo(() => navFor(roleId), [roleId]);
  const matches = useMatches();
  const active = matches.flatMap((match) =>
    isRouteHandle(match.handle) ? [match.handle.name, match.handle.section].filter((name) => name !== undefined) : [],
  );
  const activeGroups = GROUPS.filter((group) => active.includes(group));
  const activeKey = activeGroups.join(',');
  const [openKeys, setOpenKeys] = useState<string[]>(activeGroups);
  const [openedFor, setOpenedFor] = useState(activeKey);
  // Entering another section opens its group (adjusting state during render, not in an effect).
  if (openedFor !== activeKey) {
    setOpenedFor(activeKey);
    setOpenKeys((keys) => [...new Set([...keys, ...activeGroups])]);
  }

  const toItem = (entry: NavEntry): MenuItem =>
    entry.children.length
      ? {
          key: entry.name,
          icon: entry.icon && <NavIconOf name={entry.icon} />,
          label: <span data-testid={`nav-${entry.name}`}>{t(entry.labelKey)}</span>,
          children: entry.children.map(toItem),
        }
      : {
          key: entry.name,
          icon: entry.icon && <NavIconOf name={entry.icon} />,
          label: (
            <Link to={entry.path} data-testid={`nav-${entry.name}`} onClick={onNavigate}>
              {t(entry.labelKey)}
            </Link>
          ),
        };

  return (
    <Menu
      mode="inline"
      theme="dark"
      selectedKeys={active}
      items={entries.map(toItem)}
      // A collapsed menu opens its groups as pop-ups on hover, so it must not be forced open.
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
    />
  );
}
