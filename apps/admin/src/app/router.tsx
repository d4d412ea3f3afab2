import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import type { I18nKey } from '../i18n';
import { RouteError } from '../screens/errors/RouteError';
import { GuestOnly, RequireUser } from './guards';
import { type AppRoute, routeTable } from './routes';

/** What each matched route tells the breadcrumbs (read with useMatches). */
export interface RouteHandle {
  name?: string;
  labelKey?: I18nKey;
  section?: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

/** Shown while a screen's code loads (plain CSS, so the entry chunk does not need antd's Spin). */
export function PageLoading() {
  return (
    <div className="bo-page-loading" role="progressbar" aria-busy="true">
      <span className="bo-spinner" />
    </div>
  );
}

function elementOf(route: AppRoute) {
  if (route.redirect) return <Navigate to={route.redirect} replace />;
  const Screen = route.component;
  const content = Screen ? (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  ) : route.guard ? (
    <Outlet />
  ) : undefined;
  if (route.guard === 'user') return <RequireUser>{content}</RequireUser>;
  if (route.guard === 'guest') return <GuestOnly>{content}</GuestOnly>;
  return content;
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { name: route.name, labelKey: route.labelKey, section: route.section };
  // A crashing screen shows a message in its place; the layouts around it stay usable.
  const errorElement = route.component ? <RouteError /> : undefined;
  if (route.index) return { index: true, element: elementOf(route), handle, errorElement };
  return {
    path: route.path,
    element: elementOf(route),
    handle,
    errorElement,
    children: route.children?.map(toRouteObject),
  };
}

/** The data router built from the one route table. */
export const router = createBrowserRouter(routeTable.map(toRouteObject));
