import type { SessionItem } from '@backoffice/shared';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import type { AppContext } from '../../context.js';
import { sessions } from '../../db/schema.js';
import { hmac } from '../../http/crypto.js';
import { notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/session.js';

/**
 * The name of a session in the list: an HMAC of its row id (itself the SHA-256 of the cookie) under the server's
 * secret. It names the row and nothing else: it is no cookie, and no cookie or row id can be read back from it.
 */
export const sessionHandle = (ctx: AppContext, rowId: string) =>
  hmac(ctx.config.sessionSecret, `session-handle:${rowId}`).slice(0, 32);

/** "Firefox 128", "Windows 10": the browser and the system of a user agent, '' when unknown. */
export function deviceOf(userAgent: string) {
  const { browser, os } = new UAParser(userAgent).getResult();
  const named = (name?: string, version?: string) => [name, version].filter(Boolean).join(' ').slice(0, 64);
  return { browser: named(browser.name, browser.major), system: named(os.name, os.version) };
}

const signedInSessionsOf = (ctx: AppContext, userId: number) =>
  ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), isNull(sessions.stage), gt(sessions.expires_at, new Date())))
    .orderBy(desc(sessions.last_seen_at), desc(sessions.created_at));

/** Every signed-in session of the user, the last used first; `current` marks the one of this request. */
export async function listSessions(ctx: AppContext, user: AuthUser): Promise<SessionItem[]> {
  const rows = await signedInSessionsOf(ctx, user.id);
  return rows.map((row) => ({
    id: sessionHandle(ctx, row.id),
    ...deviceOf(row.user_agent ?? ''),
    user_agent: row.user_agent ?? '',
    ip: row.ip ?? '',
    created_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    current: row.id === user.sessionId,
  }));
}

/** Ends one session of the user by its handle (404 for one that is not theirs); says whether it was this one. */
export async function endSession(ctx: AppContext, user: AuthUser, handle: string): Promise<{ current: boolean }> {
  const rows = await signedInSessionsOf(ctx, user.id);
  const row = rows.find((r) => sessionHandle(ctx, r.id) === handle);
  if (!row) throw notFound();
  await ctx.db.delete(sessions).where(and(eq(sessions.id, row.id), eq(sessions.user_id, user.id)));
  return { current: row.id === user.sessionId };
}

/** Ends every other session of the user; returns how many signed-in sessions ended. */
export async function endOtherSessions(ctx: AppContext, user: AuthUser): Promise<number> {
  const ended = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.user_id, user.id), ne(sessions.id, user.sessionId)))
    .returning({ stage: sessions.stage });
  return ended.filter((r) => r.stage === null).length;
}
