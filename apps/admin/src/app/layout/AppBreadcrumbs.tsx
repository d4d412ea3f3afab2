import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useParams } from 'react-router';
import { hasRoute, routeLabel, routeNeedsParams, routePath } from '../../routes/paths';
import { isRouteHandle } from '../routeHandle';

/** The crumbs of the current address: the matched rows of the route table (their labels), plus the record id. */
function useCrumbs() {
  const { t } = useTranslation();
  const matches = useMatches();
  const { id } = useParams();
  const crumbs: { key: string; label: string; to: string }[] = [];
  for (const match of matches) {
    if (!isRouteHandle(match.handle) || !match.handle.labelKey) continue;
    const { name, labelKey, section } = match.handle;
    const sectionLabel = hasRoute(section) ? routeLabel(section) : undefined;
    if (hasRoute(section) && sectionLabel) {
      crumbs.push({ key: section, label: t(sectionLabel), to: routePath(section) });
    }
    const to = hasRoute(name) && !routeNeedsParams(name) ? routePath(name) : match.pathname;
    if (crumbs.some((crumb) => crumb.to === to)) continue;
    crumbs.push({ key: match.id, label: t(labelKey), to });
  }
  if (id) crumbs.push({ key: 'record', label: `#${id}`, to: '' });
  return crumbs;
}

/** The screen's one `<h1>`: the label of the deepest matched route (the last crumb without the record id). */
export function PageTitle() {
  const crumbs = useCrumbs().filter((crumb) => crumb.key !== 'record');
  const title = crumbs[crumbs.length - 1]?.label;
  return title ? (
    <h1 className="bo-page-title" data-testid="page-title">
      {title}
    </h1>
  ) : null;
}

/** Breadcrumbs from the matched rows of the route table (their labels), plus the opened record id. */
export function AppBreadcrumbs() {
  const crumbs = useCrumbs();
  return (
    <Breadcrumb
      className="bo-breadcrumbs"
      data-testid="breadcrumbs"
      items={crumbs.map((crumb, index) => ({
        key: crumb.key,
        title: index < crumbs.length - 1 && crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : crumb.label,
      }))}
    />
  );
}
