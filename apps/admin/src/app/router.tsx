import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { type AppRoute, routeTable } from '../routes/table';
import { RouteError } from '../screens/errors/RouteError';
import { GuestOnly, RequireUser, RequireUserOrToken } from './guards';
import { PageLoading } from './PageLoading';
import type { RouteHandle } from './routeHandle';
import { componentOf } from './screens';

function elementOf(route: AppRoute) {
  if (route.redirect) return <Navigate to={route.redirect} replace />;
  const Screen = componentOf(route);
  const content = Screen ? (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  ) : route.guard ? (
    <Outlet />
  ) : undefined;
  if (route.guard === 'user') return <RequireUser>{content}</RequireUser>;
  if (route.guard === 'guest') return <GuestOnly>{content}</GuestOnly>;
  if (route.guard === 'userOrToken') return <RequireUserOrToken>{content}</RequireUserOrToken>;
  return content;
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { name: route.name, labelKey: route.labelKey, section: route.section };
  // A crashing screen shows a message in its place; the layouts around it stay usable.
  const errorElement = componentOf(route) ? <RouteError /> : undefined;
  if (route.index) return { index: true, element: elementOf(route), handle, errorElement };
  return {
    path: route.path,
    element: elementOf(route),
    handle,
    errorElement,
    children: route.children?.map(toRouteObject),
  };
}

/** The data router built from the one route table and the screen map. */
export const router = createBrowserRouter(routeTable.map(toRouteObject));
