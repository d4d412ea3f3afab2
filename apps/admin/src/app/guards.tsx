import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { getLastClearReason, useUser } from '../api/session';
import { routePath } from '../routes/paths';
import { safeRedirect } from './redirect';

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
