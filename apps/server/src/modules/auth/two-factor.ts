import { randomInt } from 'node:crypto';
import { ERR, TWO_FACTOR, TWO_FACTOR_ERR } from '@backoffice/shared';
import { and, count, eq, inArray, isNotNull, lt, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { sessions, signInPolicy, userPasskeys, userRecoveryCodes, users, userTwoFactor } from '../../db/schema.js';
import { hmac, verifyPassword } from '../../http/crypto.js';
import { forbidden, HttpError, invalid } from '../../http/errors.js';
import { isAdmin, isSelf } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';
import { siteValues } from '../../mail/templates.js';
import { logActivity } from '../../resources/activity-log.js';
import { type Actor, actorId } from '../../resources/operations.js';
import { countGuess, type GuessOrigin } from './guesses.js';
import { open, seal } from './secret-box.js';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp.js';

/** What the sealed TOTP secrets are bound to (`secret-box.ts`). */
const PURPOSE = 'totp';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const codeInvalid = () => invalid({ code: [TWO_FACTOR_ERR.codeInvalid] }, TWO_FACTOR_ERR.codeInvalid);

/** Whose code is checked: the user, and where the code comes from (`guesses.ts` counts it before the check). */
export interface CodeHolder extends GuessOrigin {
  id: number;
  email: string;
}
const countCode = (ctx: AppContext, holder: CodeHolder) =>
  countGuess(ctx, { kind: 'code', userId: holder.id, email: holder.email }, holder);

async function stateOf(ctx: AppContext, userId: number) {
  const [row] = await ctx.db.select().from(userTwoFactor).where(eq(userTwoFactor.user_id, userId)).limit(1);
  return row;
}

/** Whether the user's authenticator app (TOTP) is on. */
export async function totpEnabled(ctx: AppContext, userId: number): Promise<boolean> {
  const row = await stateOf(ctx, userId);
  return !!row?.enabled_at && !!row.secret;
}

/** Whether the user has a passkey (`passkeys.ts`), the other second factor. */
export async function hasPasskey(db: AppContext['db'] | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userPasskeys.id })
    .from(userPasskeys)
    .where(eq(userPasskeys.user_id, userId))
    .limit(1);
  return !!row;
}

/** Whether the user signs in with a second step: an authenticator app, a passkey, or both. */
export async function twoFactorEnabled(ctx: AppContext, userId: number): Promise<boolean> {
  return (await totpEnabled(ctx, userId)) || (await hasPasskey(ctx.db, userId));
}

/** Whether role 1 requires two-factor sign-in of all staff. */
export async function twoFactorRequired(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select().from(signInPolicy).where(eq(signInPolicy.id, 1)).limit(1);
  return row?.two_factor_required ?? false;
}

/**
 * A new secret for the authenticator app, kept sealed as the pending one until a code of it turns it on. Refused
 * (409) while two-factor sign-in is on: another device is set up after turning it off (password and code).
 */
export async function startSetup(ctx: AppContext, user: { id: number; email: string }) {
  if (await totpEnabled(ctx, user.id)) throw new HttpError(409, TWO_FACTOR_ERR.alreadyOn);
  const secret = newTotpSecret();
  const sealed = seal(ctx.config.sessionSecret, PURPOSE, secret);
  await ctx.db
    .insert(userTwoFactor)
    .values({ user_id: user.id, pending_secret: sealed })
    .onConflictDoUpdate({ target: userTwoFactor.user_id, set: { pending_secret: sealed, updated_at: new Date() } });
  // The site's name from the main settings, as the authenticator app lists the account under it.
  const site = await siteValues(ctx, 'sk');
  return { secret, otpauth_url: otpauthUrl(secret, user.email, site.name.slice(0, 64)) };
}

/** Ten new recovery codes (`xxxxx-xxxxx`, 10 letters and digits without look-alikes), stored as keyed hashes. */
function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < TWO_FACTOR.recoveryCodes) {
    const raw = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    codes.add(`${raw.slice(0, 5)}-${raw.slice(5)}`);
  }
  return [...codes];
}
const recoveryHash = (ctx: AppContext, code: string) =>
  hmac(ctx.config.sessionSecret, `recovery:${code.replace(/[\s-]+/g, '').toLowerCase()}`);

/** Ten new recovery codes in the caller's transaction in place of the user's old ones; answered to be shown once. */
export async function replaceRecoveryCodes(ctx: AppContext, tx: Tx, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.user_id, userId));
  await tx.insert(userRecoveryCodes).values(codes.map((c) => ({ user_id: userId, code_hash: recoveryHash(ctx, c) })));
  return codes;
}

/**
 * Turns two-factor sign-in on with a code of the pending secret (counted by the sign-in limits); that code's step is
 * the last used one. Returns the recovery codes, which are shown this once.
 */
export async function enable(ctx: AppContext, holder: CodeHolder, code: string): Promise<string[]> {
  const userId = holder.id;
  const succeeded = await countCode(ctx, holder);
  const row = await stateOf(ctx, userId);
  if (row?.enabled_at && row.secret) throw new HttpError(409, TWO_FACTOR_ERR.alreadyOn);
  const sealed = row?.pending_secret;
  const secret = sealed ? open(ctx.config.sessionSecret, PURPOSE, sealed) : null;
  if (!sealed || !secret) throw invalid({ code: [TWO_FACTOR_ERR.notStarted] }, TWO_FACTOR_ERR.notStarted);
  const step = matchingStep(secret, code, Date.now());
  if (step === null) throw codeInvalid();
  const codes = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    // Only the pending secret that was checked turns on (a set-up started again meanwhile wins).
    const done = await tx
      .update(userTwoFactor)
      .set({ secret: sealed, pending_secret: null, enabled_at: now, last_step: step, updated_at: now })
      .where(and(eq(userTwoFactor.user_id, userId), eq(userTwoFactor.pending_secret, sealed)))
      .returning({ id: userTwoFactor.user_id });
    if (done.length === 0) throw invalid({ code: [TWO_FACTOR_ERR.notStarted] }, TWO_FACTOR_ERR.notStarted);
    return replaceRecoveryCodes(ctx, tx, userId);
  });
  await succeeded();
  return codes;
}

/**
 * Accepts a code once: valid now (± one step) and of a later step than the last accepted one, which it then becomes
 * (a conditional update, so two requests with one code cannot both pass).
 */
async function useCode(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const row = await stateOf(ctx, userId);
  const secret = row?.enabled_at && row.secret ? open(ctx.config.sessionSecret, PURPOSE, row.secret) : null;
  if (!secret) return false;
  const step = matchingStep(secret, code, Date.now());
  if (step === null) return false;
  const used = await ctx.db
    .update(userTwoFactor)
    .set({ last_step: step })
    .where(and(eq(userTwoFactor.user_id, userId), lt(userTwoFactor.last_step, step)))
    .returning({ id: userTwoFactor.user_id });
  return used.length > 0;
}

/** Spends a recovery code: it is deleted, so it never works again. */
async function useRecoveryCode(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const spent = await ctx.db
    .delete(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.user_id, userId), eq(userRecoveryCodes.code_hash, recoveryHash(ctx, code))))
    .returning({ id: userRecoveryCodes.id });
  return spent.length > 0;
}

/** The second step of a sign-in: a code or a recovery code, counted by the sign-in limits before it is checked. */
export async function verifySecondStep(
  ctx: AppContext,
  holder: CodeHolder,
  input: { code?: string; recovery_code?: string },
) {
  const userId = holder.id;
  const succeeded = await countCode(ctx, holder);
  const ok = input.code
    ? await useCode(ctx, userId, input.code)
    : input.recovery_code
      ? await useRecoveryCode(ctx, userId, input.recovery_code)
      : false;
  if (!ok) {
    if (input.code) throw codeInvalid();
    throw invalid({ recovery_code: [TWO_FACTOR_ERR.codeInvalid] }, TWO_FACTOR_ERR.codeInvalid);
  }
  await succeeded();
}

/**
 * The user's two-factor state: on or off (any second factor), the authenticator app's, required by role 1's rule, the
 * recovery codes not yet spent.
 */
export async function twoFactorStatus(ctx: AppContext, userId: number) {
  const [totp, passkey, required, [left]] = await Promise.all([
    totpEnabled(ctx, userId),
    hasPasskey(ctx.db, userId),
    twoFactorRequired(ctx),
    ctx.db.select({ n: count() }).from(userRecoveryCodes).where(eq(userRecoveryCodes.user_id, userId)),
  ]);
  return { enabled: totp || passkey, totp, required, recovery_codes_left: left?.n ?? 0 };
}

/**
 * Ten new recovery codes for a current code of the authenticator app, or for the password where the second factor is
 * passkeys alone (either counted by the sign-in limits): the old ones stop working. Returns the new ones, shown this
 * once.
 */
export async function renewRecoveryCodes(
  ctx: AppContext,
  holder: CodeHolder,
  input: { code?: string; password?: string },
): Promise<string[]> {
  const userId = holder.id;
  const succeeded = await countCode(ctx, holder);
  if (await totpEnabled(ctx, userId)) {
    if (input.code === undefined) throw invalid({ code: [ERR.required] });
    if (!(await useCode(ctx, userId, input.code))) throw codeInvalid();
  } else if (await hasPasskey(ctx.db, userId)) {
    // Passkeys alone: no code to type, so the password confirms (the "sudo" step of GitHub and others).
    const [user] = await ctx.db.select({ password: users.password }).from(users).where(eq(users.id, userId));
    if (!user || input.password === undefined || !(await verifyPassword(input.password, user.password))) {
      throw invalid({ password: ['auth.failed'] }, 'auth.failed');
    }
  } else {
    throw invalid({ code: [TWO_FACTOR_ERR.notOn] }, TWO_FACTOR_ERR.notOn);
  }
  const codes = await ctx.db.transaction((tx) => replaceRecoveryCodes(ctx, tx, userId));
  await succeeded();
  return codes;
}

/**
 * Turns the authenticator app off with the password and a current code (counted together as one code guess). Refused
 * while role 1 requires two-factor sign-in of everyone and the user has no passkey to keep it.
 */
export async function disable(ctx: AppContext, holder: CodeHolder, input: { password: string; code: string }) {
  const userId = holder.id;
  const succeeded = await countCode(ctx, holder);
  if (!(await totpEnabled(ctx, userId))) throw invalid({ code: [TWO_FACTOR_ERR.notOn] }, TWO_FACTOR_ERR.notOn);
  if ((await twoFactorRequired(ctx)) && !(await hasPasskey(ctx.db, userId))) {
    throw invalid({ code: [TWO_FACTOR_ERR.required] }, TWO_FACTOR_ERR.required);
  }
  const [user] = await ctx.db.select({ password: users.password }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(input.password, user.password))) {
    throw invalid({ password: ['auth.failed'] }, 'auth.failed');
  }
  if (!(await useCode(ctx, userId, input.code))) throw codeInvalid();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.user_id, userId));
    // The recovery codes stay while a passkey keeps two-factor sign-in on.
    if (!(await hasPasskey(tx, userId)))
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.user_id, userId));
  });
  await succeeded();
}

/** Forgets a user's two-factor sign-in: the secrets, the passkeys and the recovery codes. */
async function removeTwoFactor(tx: Tx, userId: number) {
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.user_id, userId));
  await tx.delete(userPasskeys).where(eq(userPasskeys.user_id, userId));
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.user_id, userId));
}

/**
 * Role 1's reset of another user's two-factor sign-in (a lost phone): it is forgotten and every session of the user
 * ends, so the next sign-in is by password (and, when required, leads to a new set-up). As the server (`'server'`),
 * the operator's command `user:two-factor-reset` (`cli.ts`) does the same for a role-1 user who lost both the phone
 * and the recovery codes. Anyone else but role 1, and role 1 for their own (turned off with the password and a code
 * instead), is refused (403).
 */
export async function resetTwoFactor(ctx: Pick<AppContext, 'db'>, userId: number, actor: Actor) {
  if (actor !== 'server' && (!isAdmin(actor) || isSelf(actor, userId))) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await removeTwoFactor(tx, userId);
    await tx.delete(sessions).where(eq(sessions.user_id, userId));
    await logActivity(tx, { userId: actorId(actor), model: 'User', rowIds: [userId], action: 'two_factor_reset' });
  });
}

/** The users of `ids` who sign in with two-factor sign-in (an authenticator app or a passkey). */
export async function withTwoFactor(ctx: AppContext, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const [totp, passkeys] = await Promise.all([
    ctx.db
      .select({ id: userTwoFactor.user_id })
      .from(userTwoFactor)
      .where(and(inArray(userTwoFactor.user_id, ids), isNotNull(userTwoFactor.enabled_at))),
    ctx.db.selectDistinct({ id: userPasskeys.user_id }).from(userPasskeys).where(inArray(userPasskeys.user_id, ids)),
  ]);
  return new Set([...totp, ...passkeys].map((r) => r.id));
}

/**
 * Role 1 requires two-factor sign-in of all staff, or no longer. Requiring it needs one's own on first; then every
 * session of a user without it ends, so their next sign-in leads to the set-up (docs/features/sign-in-and-users.md).
 */
export async function setRequired(ctx: AppContext, actor: AuthUser, required: boolean) {
  if (!isAdmin(actor)) throw forbidden();
  const actorId = actor.id;
  if (required && !(await twoFactorEnabled(ctx, actorId))) {
    throw invalid({ required: [TWO_FACTOR_ERR.enableFirst] }, TWO_FACTOR_ERR.enableFirst);
  }
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(signInPolicy)
      .values({ id: 1, two_factor_required: required })
      .onConflictDoUpdate({ target: signInPolicy.id, set: { two_factor_required: required, updated_at: now } });
    if (required) {
      const withTotp = tx
        .select({ id: userTwoFactor.user_id })
        .from(userTwoFactor)
        .where(isNotNull(userTwoFactor.enabled_at));
      const withPasskey = tx.select({ id: userPasskeys.user_id }).from(userPasskeys);
      await tx
        .delete(sessions)
        .where(and(notInArray(sessions.user_id, withTotp), notInArray(sessions.user_id, withPasskey)));
    }
    await logActivity(tx, { userId: actorId, model: 'Settings', rowIds: [1], action: 'update' });
  });
}
