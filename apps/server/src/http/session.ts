import { DEFAULT_LOCALE, type Locale, ROLES } from '@backoffice/shared';
import { and, desc, eq, gt, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { languageOf } from '../i18n/index.js';
import { hmac, randomToken, safeEqual, sha256 } from './crypto.js';
import { csrfMismatch, unauthenticated } from './errors.js';

export const SESSION_COOKIE = 'bo_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** last_seen_at is refreshed at most this often per session, online_at at most this often per user. */
const TOUCH_EVERY_MS = 60_000;

export interface AuthUser {
  id: number;
  role_id: number;
  name: string;
  surname: string;
  email: string;
  image: string | null;
  language_code: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw session cookie (anonymous or signed in). */
    sid: string | undefined;
    user: AuthUser | null;
    /** The language of the answer's messages, from Accept-Language. */
    lang: Locale;
  }
  interface FastifyContextConfig {
    /** false for public endpoints that take no CSRF token (collector, public forms). */
    csrf?: boolean;
  }
}

/**
 * Sessions and CSRF: the session cookie holds a random id; the XSRF-TOKEN cookie holds an HMAC of it,
 * which the admin echoes in X-XSRF-TOKEN (signed double-submit). Signed-in sessions live in the database
 * under the id's SHA-256; anonymous visitors cost no row.
 */
export function registerSessions(app: FastifyInstance, db: Db, config: Config) {
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: config.secureCookies };
  if (!config.sessionSecret) throw new Error('no session secret: start through startServer, or set SESSION_SECRET');
  const csrfFor = (sid: string) => hmac(config.sessionSecret, `csrf:${sid}`);
  const sessionUser = sessionUserStatement(db);

  app.decorateRequest('sid', undefined);
  app.decorateRequest('user', null);
  app.decorateRequest('lang', DEFAULT_LOCALE);

  /** Gives the reply a new session id and the matching CSRF cookie. */
  app.decorateReply('startSession', function (this: FastifyReply) {
    const sid = randomToken();
    this.setCookie(SESSION_COOKIE, sid, { ...cookieBase, httpOnly: true, maxAge: 60 * 60 * 24 * 14 });
    this.setCookie(XSRF_COOKIE, csrfFor(sid), { ...cookieBase, httpOnly: false });
    this.request.sid = sid;
    return sid;
  });
  app.decorateReply('refreshCsrf', function (this: FastifyReply, sid: string) {
    this.setCookie(XSRF_COOKIE, csrfFor(sid), { ...cookieBase, httpOnly: false });
  });

  app.addHook('onRequest', async (request) => {
    request.lang = languageOf(request.headers['accept-language']);
    request.sid = request.cookies[SESSION_COOKIE];
    if (MUTATING.has(request.method) && request.routeOptions.config?.csrf !== false) {
      const header = request.headers['x-xsrf-token'];
      if (!request.sid || typeof header !== 'string' || !safeEqual(header, csrfFor(request.sid))) throw csrfMismatch();
    }
    if (request.sid) request.user = await loadUser(db, sessionUser, request.sid);
  });
}

/** What a live session's look-up answers: the user, and when the session was last used. */
const sessionUserFields = {
  id: users.id,
  role_id: users.role_id,
  name: users.name,
  surname: users.surname,
  email: users.email,
  image: users.image,
  language_code: users.language_code,
  sessionId: sessions.id,
  last_seen_at: sessions.last_seen_at,
};

/** A session row that signs its user in at `now`: unexpired, past every step, the user active and not removed. */
const liveAt = (now: Date | Placeholder) =>
  and(
    gt(sessions.expires_at, now),
    // A password step still waiting for its second step (or its set-up) signs nobody in.
    isNull(sessions.stage),
    eq(users.status, true),
    isNull(users.deleted_at),
  );

/**
 * The users holding a live session, newest use first: the session unexpired, the user active and not removed.
 * The file manager's token (`modules/files/token.ts`) reads them by user; the session cookie through
 * `sessionUserStatement`, the same query prepared once. Site members (role 3) come back too, so that each caller
 * refuses them its own way: the cookie treats them as signed out (401), the token's policy answers 403.
 */
export async function liveSessionUsers(
  db: Db,
  holder: { userId: number },
  now: Date,
  limit = 1,
): Promise<(AuthUser & { last_seen_at: Date })[]> {
  return db
    .select(sessionUserFields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.user_id, holder.userId), liveAt(now)))
    .orderBy(desc(sessions.last_seen_at))
    .limit(limit);
}

/**
 * The look-up behind every request with a session cookie, as a prepared statement: built once per process and
 * planned once per database connection, it took a quarter of the time of the same query built for each request
 * (docs/features/lists.md, "What a request costs").
 */
function sessionUserStatement(db: Db) {
  return db
    .select(sessionUserFields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.id, sql.placeholder('id')), liveAt(sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user');
}

/** The stages of a session row that signs nobody in yet (`sessions.stage`, docs/features/sign-in-and-users.md). */
export type PendingStage = 'two_factor' | 'setup';

/**
 * The user of a session waiting at `stage` (unexpired, the user active, not removed, staff), or null. The second step
 * of a sign-in and the set-up that role 1 requires are the only routes that read such a session.
 */
export async function pendingSessionUser(
  db: Db,
  sid: string | undefined,
  stage: PendingStage,
): Promise<{ userId: number; email: string; sessionId: string } | null> {
  if (!sid) return null;
  const [row] = await db
    .select({ userId: users.id, email: users.email, role_id: users.role_id, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.id, sha256(sid)),
        eq(sessions.stage, stage),
        gt(sessions.expires_at, new Date()),
        eq(users.status, true),
        isNull(users.deleted_at),
      ),
    )
    .limit(1);
  if (!row || row.role_id === ROLES.member) return null;
  return { userId: row.userId, email: row.email, sessionId: row.sessionId };
}

type SessionUserStatement = ReturnType<typeof sessionUserStatement>;

/** A member (role 3) never signs in to the back office: a session of one is no signed-in user. */
const signedIn = (user: AuthUser | undefined): user is AuthUser => !!user && user.role_id !== ROLES.member;

async function loadUser(db: Db, lookUp: SessionUserStatement, sid: string): Promise<AuthUser | null> {
  const id = sha256(sid);
  const now = new Date();
  const [row] = await lookUp.execute({ id, now });
  if (!signedIn(row)) return null;
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, id));
    // Once a minute per user, however many sessions (tabs, devices) they have open.
    await db
      .update(users)
      .set({ online_at: now })
      .where(
        and(
          eq(users.id, row.id),
          sql`(${users.online_at} is null or ${users.online_at} < ${new Date(now.getTime() - TOUCH_EVERY_MS)})`,
        ),
      );
  }
  const { last_seen_at: _seen, ...user } = row;
  return user;
}

/** onRequest guard: a signed-in user is required (401 otherwise). */
export async function authenticate(request: FastifyRequest) {
  if (!request.user) throw unauthenticated();
}

/** The signed-in user of a route guarded by `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

declare module 'fastify' {
  interface FastifyReply {
    startSession(): string;
    refreshCsrf(sid: string): void;
  }
}
