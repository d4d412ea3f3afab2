import type { I18nKey } from '../i18n';
import { type AppRoute, type RouteName, routeTable } from './table';

export type { RouteName } from './table';

function joinPath(parent: string, path: string | undefined): string {
  if (!path) return parent;
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

const patterns = new Map<string, string>();
const labels = new Map<string, I18nKey>();
(function collect(routes: readonly AppRoute[], parent: string) {
  for (const route of routes) {
    const full = joinPath(parent, route.path);
    if (route.name) patterns.set(route.name, full);
    if (route.name && route.labelKey) labels.set(route.name, route.labelKey);
    if (route.children) collect(route.children, full);
  }
})(routeTable, '');

/** True when the table has a route of that name (log items and stats name routes as strings). */
export function hasRoute(name: string | null | undefined): name is RouteName {
  return typeof name === 'string' && patterns.has(name);
}

/** Whether the route's path needs a parameter (`gallery/:galleryId/images`), so it has no address by name alone. */
export const routeNeedsParams = (name: RouteName): boolean => /\/:\w+(?!\w|\?)/.test(patterns.get(name) ?? '');

/** The label key of a named route (breadcrumbs of a screen inside another's section). */
export const routeLabel = (name: RouteName): I18nKey | undefined => labels.get(name);

export type RouteParams = Record<string, string | number | null | undefined>;

/** The URL of a named route: `routePath('contentText', {id: 5})` → '/admin/app/content/text/5'. */
export function routePath(name: RouteName, params: RouteParams = {}): string {
  const pattern = patterns.get(name) ?? '/admin';
  return pattern.replace(/\/:(\w+)(\?)?/g, (_match, key: string, optional?: string) => {
    const value = params[key];
    if (value === undefined || value === null || value === '') {
      if (optional) return '';
      throw new Error(`routePath(${name}) needs the parameter ${key}`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
}
