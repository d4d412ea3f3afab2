import type { I18nKey } from '../i18n';
import { hasRoute, routePath } from './paths';
import { type AppRoute, type NavIcon, type RouteName, routeTable } from './table';

/** An entry of the side navigation. */
export interface NavEntry {
  name: RouteName;
  labelKey: I18nKey;
  icon?: NavIcon;
  path: string;
  children: NavEntry[];
}

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
        children: nested,
      });
    } else entries.push(...nested);
  }
  return entries;
}

/** The side navigation, derived from the table: groups (content, …) hold their nav children. */
export const navTree: readonly NavEntry[] = navEntries(routeTable);
