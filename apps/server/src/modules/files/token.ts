import { FILES, INT4_MAX } from '@backoffice/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { hmac, safeEqual } from '../../http/crypto.js';
import { type AuthUser, liveSessionUsers } from '../../http/session.js';

const TTL_MS = FILES.tokenTtlMinutes * 60_000;
/**
 * Sessions of one user tried against a token, most recently used first. Far more than anyone keeps signed in (every
 * sign-in's token is this token, and sessions live 14 days); one HMAC per row, only for calls made with a token.
 */
const MAX_SESSIONS = 1000;

const signature = (config: Config, userId: number, sessionId: string, expiresAt: number) =>
  hmac(config.sessionSecret, `files:${userId}:${sessionId}:${expiresAt}`);

/**
 * The token of the file manager's address (`/admin/filemanager?token=…`): `<user id>.<expiry ms>.<signature>`,
 * the HMAC (SESSION_SECRET) of the user, the session it was issued in and the expiry. It is the `token` of the
 * sign-in answer and of `/api/user/me` (the stored user's), renewed by `GET /api/files/token`
 * (docs/features/file-manager.md). It opens the file manager, and nothing else, for FILES.tokenTtlMinutes and only
 * while that session lives: a logout, a password reset or a block (which end the session) end the token too. It
 * never leaves the session's id or any stored secret in the address.
 *
 * `user.sessionId` is the session row's id (the SHA-256 of the session cookie), as in `AuthUser`.
 */
export function issueFileToken(config: Config, user: Pick<AuthUser, 'id' | 'sessionId'>, now = Date.now()) {
  const expiresAt = now + TTL_MS;
  return {
    token: `${user.id}.${expiresAt}.${signature(config, user.id, user.sessionId, expiresAt)}`,
    expires_at: new Date(expiresAt).toISOString(),
  };
}

/**
 * The user a token was issued to, when it is well formed, unexpired, signed for one of the user's live sessions
 * and the user is active; null otherwise. The role is not checked here: the policy answers 403 for a wrong one,
 * a site member's included.
 */
export async function userOfFileToken(
  db: Db,
  config: Config,
  token: string,
  now = Date.now(),
): Promise<AuthUser | null> {
  const match = /^([1-9][0-9]{0,9})\.([0-9]{13,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expiresAt = Number(match[2]);
  const given = match[3] ?? '';
  if (expiresAt <= now || expiresAt > now + TTL_MS || userId > INT4_MAX) return null;
  const rows = await liveSessionUsers(db, { userId }, new Date(now), MAX_SESSIONS);
  const found = rows.find((row) => safeEqual(given, signature(config, userId, row.sessionId, expiresAt)));
  if (!found) return null;
  const { last_seen_at: _seen, ...user } = found;
  return user;
}
