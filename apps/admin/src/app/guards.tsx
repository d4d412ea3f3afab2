import { type ReactNode, Suspense } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { getLastClearReason, useUser } from '../api/session';
import { mayOpen } from '../routes/nav';
import { routePath } from '../routes/paths';
import { PageLoading } from './PageLoading';
import { safeRedirect } from './redirect';
import { errorScreens } from './screens';

/** Protected routes: without a stored user → login, remembering the page unless the user logged out. */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  if (!user) {
    const back =
      getLastClearReason() === 'logout' ? '' : `?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={`${routePath('login')}${back}`} replace />;
  }
  return children;
}

/** A route opened with a `token` in its address (the file manager's frame), else a protected one. */
export function RequireUserOrToken({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  return params.get('token') ? children : <RequireUser>{children}</RequireUser>;
}

/** Public sign-in routes: a signed-in user goes on to the remembered page or the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useUser();
  const [params] = useSearchParams();
  if (user) return <Navigate to={safeRedirect(params.get('redirect')) ?? routePath('dashboard')} replace />;
  return children;
}

/**
 * A screen only some roles may open (the route table's `roles`): any other signed-in user gets the forbidden screen
 * at its address, and the screen itself (and its calls, which the server would refuse) never loads.
 */
export function RequireRole({ roles, children }: { roles: readonly number[]; children: ReactNode }) {
  const user = useUser();
  if (mayOpen(roles, user?.role_id)) return children;
  const Forbidden = errorScreens.forbidden;
  return (
    <Suspense fallback={<PageLoading />}>
      <Forbidden />
    </Suspense>
  );
}
