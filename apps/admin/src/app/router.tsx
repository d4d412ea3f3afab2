import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { type AppRoute, routeTable } from '../routes/table';
import { RouteError } from '../screens/errors/RouteError';
import { GuestOnly, RequireRole, RequireUser, RequireUserOrToken } from './guards';
import { PageLoading } from './PageLoading';
import type { RouteHandle } from './routeHandle';
import { componentOf } from './screens';

const AntdShell = lazy(() => import('./AntdShell'));

/**
 * `withAntd`: the first screen on the way down outside the public layout brings antd's shell; the sign-in screens
 * never load it.
 */
function elementOf(route: AppRoute, withAntd: boolean) {
  if (route.redirect) return <Navigate to={route.redirect} replace />;
  const Screen = componentOf(route);
  const loaded = Screen ? (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  ) : undefined;
  const screen = loaded && route.roles ? <RequireRole roles={route.roles}>{loaded}</RequireRole> : loaded;
  const content =
    screen && withAntd ? (
      <Suspense fallback={<PageLoading />}>
        <AntdShell>{screen}</AntdShell>
      </Suspense>
    ) : (
      (screen ?? (route.guard ? <Outlet /> : undefined))
    );
  if (route.guard === 'user') return <RequireUser>{content}</RequireUser>;
  if (route.guard === 'guest') return <GuestOnly>{content}</GuestOnly>;
  if (route.guard === 'userOrToken') return <RequireUserOrToken>{content}</RequireUserOrToken>;
  return content;
}

function toRouteObject(route: AppRoute, shellAbove = false): RouteObject {
  const hasScreen = componentOf(route) !== undefined;
  const withAntd = hasScreen && !shellAbove && route.layout !== 'public';
  // Below a screen the shell is decided: antd's shell wraps it, or it is the public layout.
  const below = shellAbove || hasScreen;
  const handle: RouteHandle = { name: route.name, labelKey: route.labelKey, section: route.section };
  // A crashing screen shows a message in its place; the layouts around it stay usable.
  const errorElement = hasScreen ? <RouteError /> : undefined;
  if (route.index) return { index: true, element: elementOf(route, withAntd), handle, errorElement };
  return {
    path: route.path,
    element: elementOf(route, withAntd),
    handle,
    errorElement,
    children: route.children?.map((child) => toRouteObject(child, below)),
  };
}

/** The data router built from the one route table and the screen map. */
export const router = createBrowserRouter(routeTable.map((route) => toRouteObject(route)));
