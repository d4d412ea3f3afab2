import { AUTH, ERR, isLocale, LOCALES, type Locale, ROLES, type StoredUser, TWO_FACTOR } from '@backoffice/shared';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { passwordResets, sessions, users } from '../../db/schema.js';
import { DUMMY_HASH, hashPassword, randomToken, sha256, verifyPassword } from '../../http/crypto.js';
import { invalid } from '../../http/errors.js';
import type { PendingStage } from '../../http/session.js';
import { attemptThrottle } from '../../http/throttle.js';
import { enqueue } from '../../jobs/queue.js';
import { sendResetPasswordMail } from '../../mail/reset.js';
import { issueFileToken } from '../files/token.js';
import { countGuess, type GuessOrigin } from './guesses.js';

type UserRow = typeof users.$inferSelect;

/** Presenter: the only user fields that leave the server for the signed-in user. */
export function presentStoredUser(
  user: Pick<UserRow, 'id' | 'name' | 'surname' | 'email' | 'role_id' | 'image' | 'language_code'>,
  twoFactor: boolean,
  token?: string,
): StoredUser & { two_factor: boolean } {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    role_id: user.role_id,
    image: user.image ? `/gallery/user/${user.id}/thumb/${user.image}` : null,
    language_code: isLocale(user.language_code) ? user.language_code : 'sk',
    two_factor: twoFactor,
    ...(token ? { token } : {}),
  };
}

const findByEmail = async (ctx: AppContext, email: string) => {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deleted_at)))
    .limit(1);
  return user;
};

const canSignIn = (user: UserRow) => user.status && user.role_id !== ROLES.member && !user.deleted_at;

/**
 * Checks the credentials under the sign-in limits (`guesses.ts`), which count this attempt before the password is
 * checked (so a burst sent at once gets no more checks than the limits); the failure answer never says why, and an
 * unknown e-mail still costs a password hash and is counted the same, so neither the answer nor its timing tells
 * whether the account exists.
 */
export async function verifyLogin(
  ctx: AppContext,
  email: string,
  password: string,
  origin: GuessOrigin,
): Promise<UserRow> {
  const succeeded = await countGuess(ctx, { kind: 'password', email }, origin);
  const user = await findByEmail(ctx, email);
  const ok = await verifyPassword(password, user?.password ?? DUMMY_HASH);
  if (!user || !ok || !canSignIn(user)) throw invalid({ email: [ERR.authFailed] }, 'auth.failed');
  await succeeded();
  return user;
}

/**
 * Stores a signed-in session for a fresh session id; returns the token of the sign-in answer: the file manager's
 * token of this session (`modules/files/token.ts`), valid for the file manager only, for FILES.tokenTtlMinutes
 * and while the session lives. The row keeps the hash of that first token (`token_hash`, which nothing reads back).
 */
export async function openSession(
  ctx: AppContext,
  userId: number,
  sid: string,
  meta: { ip: string; userAgent?: string },
) {
  const sessionId = sha256(sid);
  const { token } = issueFileToken(ctx.config, { id: userId, sessionId });
  await ctx.db.delete(sessions).where(lt(sessions.expires_at, new Date()));
  await ctx.db.insert(sessions).values({
    id: sessionId,
    user_id: userId,
    token_hash: sha256(token),
    ip: meta.ip.slice(0, 64),
    user_agent: meta.userAgent?.slice(0, 512) ?? null,
    expires_at: new Date(Date.now() + AUTH.sessionTtlDays * 86_400_000),
  });
  await ctx.db.update(users).set({ online_at: new Date() }).where(eq(users.id, userId));
  return token;
}

/**
 * Stores a session row for a fresh session id that signs nobody in yet: the password was right and the second step
 * (`two_factor`) or the set-up role 1 requires (`setup`) comes next, within TWO_FACTOR.pendingMinutes.
 */
export async function openPendingSession(
  ctx: AppContext,
  userId: number,
  sid: string,
  stage: PendingStage,
  meta: { ip: string; userAgent?: string },
) {
  await ctx.db.insert(sessions).values({
    id: sha256(sid),
    user_id: userId,
    token_hash: '',
    ip: meta.ip.slice(0, 64),
    user_agent: meta.userAgent?.slice(0, 512) ?? null,
    expires_at: new Date(Date.now() + TWO_FACTOR.pendingMinutes * 60_000),
    stage,
  });
}

export async function closeSession(ctx: AppContext, sid: string) {
  await ctx.db.delete(sessions).where(eq(sessions.id, sha256(sid)));
}

/** Ends every session of a user (password reset, block, role change). */
export async function endUserSessions(ctx: AppContext, userId: number) {
  await ctx.db.delete(sessions).where(eq(sessions.user_id, userId));
}

/**
 * Takes a reset request under the per e-mail + address throttle and stores it as a job; the same work whether the
 * e-mail belongs to anyone, so neither the answer nor its timing tells (the mail goes out after the answer).
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string, lang: Locale) {
  const throttle = attemptThrottle(ctx.db, { max: AUTH.loginAttemptsPerMinute, windowMs: AUTH.loginWindowMs });
  await throttle.hit(`reset|${email.toLowerCase()}|${ip}`);
  await enqueue(ctx.db, PASSWORD_RESET_JOB, { email, lang });
}

export const PASSWORD_RESET_JOB = 'password_reset';
const resetJobPayload = z.object({ email: z.string().max(255), lang: z.enum(LOCALES) });

/**
 * The password-reset job: mails a single-use link valid 60 minutes when the e-mail belongs to a user who can sign
 * in, in the user's language; nothing for an unknown or blocked account.
 */
export async function sendPasswordReset(ctx: AppContext, payload: unknown) {
  const { email, lang } = resetJobPayload.parse(payload);
  const user = await findByEmail(ctx, email);
  if (!user || !canSignIn(user)) return;
  const token = randomToken();
  await ctx.db.insert(passwordResets).values({
    user_id: user.id,
    token_hash: sha256(token),
    expires_at: new Date(Date.now() + AUTH.resetTokenTtlMinutes * 60_000),
  });
  const link = `${ctx.config.appUrl}/admin/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  const userLang = isLocale(user.language_code) ? user.language_code : lang;
  await sendResetPasswordMail(ctx, { user, link, lang: userLang });
}

/** Sets the new password when the token is valid, marks it used and ends all the user's sessions. */
export async function resetPassword(ctx: AppContext, input: { token: string; email: string; password: string }) {
  const now = new Date();
  const [found] = await ctx.db
    .select({ resetId: passwordResets.id, userId: users.id })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.user_id))
    .where(
      and(
        eq(passwordResets.token_hash, sha256(input.token)),
        isNull(passwordResets.used_at),
        gt(passwordResets.expires_at, now),
        sql`lower(${users.email}) = ${input.email.toLowerCase()}`,
        isNull(users.deleted_at),
      ),
    )
    .limit(1);
  if (!found) throw invalid({ token: [ERR.invalid] }, 'auth.resetInvalid');
  const password = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ used_at: now })
      .where(and(eq(passwordResets.id, found.resetId), isNull(passwordResets.used_at)))
      .returning({ id: passwordResets.id });
    if (used.length === 0) throw invalid({ token: [ERR.invalid] }, 'auth.resetInvalid');
    await tx
      .update(passwordResets)
      .set({ used_at: now })
      .where(and(eq(passwordResets.user_id, found.userId), isNull(passwordResets.used_at)));
    await tx.update(users).set({ password, updated_at: now }).where(eq(users.id, found.userId));
    await tx.delete(sessions).where(eq(sessions.user_id, found.userId));
  });
}

/** A user's stored row (the second step of a sign-in presents it). */
export async function userById(ctx: AppContext, id: number): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw invalid({ email: [ERR.authFailed] }, 'auth.failed');
  return user;
}
