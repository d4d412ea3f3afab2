import type { I18nKey } from '../i18n';
import { hasRoute, routePath } from './paths';
import { type AppRoute, type NavIcon, type RouteName, routeTable } from './table';

/** An entry of the side navigation. */
export interface NavEntry {
  name: RouteName;
  labelKey: I18nKey;
  icon?: NavIcon;
  path: string;
  /** The roles that may open it (unset: every signed-in user). */
  roles?: readonly number[];
  children: NavEntry[];
}

/** Whether a user of `roleId` may open a row with these `roles` (unset: anybody signed in). */
export const mayOpen = (roles: readonly number[] | undefined, roleId: number | undefined): boolean =>
  roles === undefined || (roleId !== undefined && roles.includes(roleId));

function navEntries(routes: readonly AppRoute[]): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const route of routes) {
    const nested = route.children ? navEntries(route.children) : [];
    if (route.nav && hasRoute(route.name) && route.labelKey) {
      entries.push({
        name: route.name,
        labelKey: route.labelKey,
        icon: route.icon,
        path: routePath(route.name),
        roles: route.roles,
        children: nested,
      });
    } else entries.push(...nested);
  }
  return entries;
}

/** The side navigation, derived from the table: groups (content, …) hold their nav children. */
export const navTree: readonly NavEntry[] = navEntries(routeTable);

/** The side navigation a user of `roleId` sees: the rows their role may open, and the groups left with any. */
export function navFor(roleId: number | undefined, entries: readonly NavEntry[] = navTree): NavEntry[] {
  return entries.flatMap((entry) => {
    if (!mayOpen(entry.roles, roleId)) return [];
    if (entry.children.length === 0) return [entry];
    const children = navFor(roleId, entry.children);
    return children.length ? [{ ...entry, children }] : [];
  });
}
