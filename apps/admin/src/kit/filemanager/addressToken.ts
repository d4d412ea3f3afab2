import { fetchFileToken } from '../../api/files';
import { getUser, setUser } from '../../api/session';

/** A stored token with less time left than this is renewed before it goes into the frame's address. */
const MIN_LEFT_MS = 5 * 60_000;

/**
 * The expiry of a file-manager token (`<user id>.<expiry ms>.<signature>`, docs/features/file-manager.md), or null
 * for anything else.
 */
export function tokenExpiry(token: string | undefined): number | null {
  const match = token ? /^\d+\.(\d{13,15})\.[A-Za-z0-9_-]+$/.exec(token) : null;
  return match ? Number(match[1]) : null;
}

/**
 * The token for the file manager's address: the stored user's (the sign-in answer's, renewed by every
 * `/api/user/me`) while it has at least MIN_LEFT_MS left, otherwise a new one from `GET /api/files/token`, which
 * then replaces the stored user's.
 */
export async function addressToken(now = Date.now()): Promise<string> {
  const stored = getUser();
  const expiry = tokenExpiry(stored?.token);
  if (stored?.token && expiry !== null && expiry - now >= MIN_LEFT_MS) return stored.token;
  const { token } = await fetchFileToken();
  const current = getUser();
  if (current && current.id === stored?.id) setUser({ ...current, token });
  return token;
}
