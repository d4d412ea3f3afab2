import { useEffect } from 'react';
import { useMe } from '../../api/auth';

/** How often a visible tab asks whether its session still holds. */
export const SESSION_CHECK_MS = 60_000;

/**
 * An ended session told at once (docs/features/sign-in-and-users.md): the signed-in shell asks for the current user
 * (`GET /api/user/me`) as it opens, whenever the tab comes back (focus, or visible again) and every minute while it
 * is visible. A 401 clears the stored user (`api/client.ts`), and the route guard leads to the login screen with the
 * way back; nobody has to click first to find out. A hidden tab asks nothing: it asks as it is shown again.
 */
export function useSessionCheck() {
  const { refetch } = useMe();
  useEffect(() => {
    // A question already on its way answers this one too.
    const check = () => {
      if (document.visibilityState === 'visible') void refetch({ cancelRefetch: false });
    };
    const timer = setInterval(check, SESSION_CHECK_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [refetch]);
}
