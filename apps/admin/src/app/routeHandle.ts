import type { I18nKey } from '../i18n';

/** What each matched route tells the breadcrumbs and the side navigation (read with useMatches). */
export interface RouteHandle {
  name?: string;
  labelKey?: I18nKey;
  section?: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
