import { AUTH, isLocale, type Locale } from '@backoffice/shared';
import { and, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { hmac, randomToken, safeEqual } from '../../http/crypto.js';
import { HttpError } from '../../http/errors.js';
import { attemptThrottle, type Limit } from '../../http/throttle.js';
import { t } from '../../i18n/index.js';
import { enqueue } from '../../jobs/queue.js';
import { sendNotice, siteValues } from '../../mail/templates.js';

/*
 * How many passwords and two-factor codes may be tried (SECURITY.md "Sign-in limits"), in three counts, all in the
 * database so every server process shares them:
 *
 * - per account + address: what one person typing gets, 5 a minute (a success clears it);
 * - per account, from every browser the account has not signed in from, together: the bound on credential stuffing
 *   and code guessing from many addresses; when it is met the owner is mailed, at most once an hour;
 * - per known device: a browser that completed a sign-in of the account before carries a signed cookie
 *   (DEVICE_COOKIE) and gets an allowance of its own in place of the account's, so an attacker who meets the account's
 *   limit does not lock the owner out (OWASP's device cookies).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One person typing, per account + address. */
const PER_ADDRESS: Limit = { max: AUTH.loginAttemptsPerMinute, windowMs: AUTH.loginWindowMs };
/** Passwords per account from unknown browsers, or per known device: OWASP ASVS 4.0.3 V2.2.1 (≤ 100 failed an hour). */
export const PASSWORD_LIMITS: readonly Limit[] = [{ max: 100, windowMs: HOUR }];
/** Codes per account from unknown browsers, or per known device: 10 a minute, then a back-off (RFC 4226 §7.3). */
export const CODE_LIMITS: readonly Limit[] = [
  { max: 10, windowMs: MINUTE },
  { max: 30, windowMs: HOUR },
  { max: 100, windowMs: DAY },
];
/** The owner hears of a limit met on the account at most this often. */
const ALERT_LIMIT: Limit = { max: 1, windowMs: HOUR };

/** A guess at a password (of whatever account the e-mail names) or at a two-factor code of a known user. */
export type Guess = { kind: 'password'; email: string } | { kind: 'code'; userId: number; email: string };

/** Where a guess comes from: the address and the raw value of the request's DEVICE_COOKIE. */
export interface GuessOrigin {
  ip: string;
  device?: string | undefined;
}

export const DEVICE_COOKIE = 'bo_device';

/** The origin of a request's guess. */
export const guessOrigin = (request: FastifyRequest): GuessOrigin => ({
  ip: request.ip,
  device: request.cookies[DEVICE_COOKIE],
});
const DEVICE_DAYS = 365;

const deviceSignature = (config: Config, email: string, id: string) =>
  hmac(config.sessionSecret, `device:${email.toLowerCase()}:${id}`);

/** The id of the known device the cookie names for `email`, when its signature holds; else null. */
export function knownDevice(config: Config, email: string, cookie: string | undefined): string | null {
  const [id, signature, ...rest] = (cookie ?? '').split('.');
  if (!id || !signature || rest.length > 0 || id.length > 64) return null;
  return safeEqual(signature, deviceSignature(config, email, id)) ? id : null;
}

/**
 * Marks the browser of a completed sign-in as a known device of `email` (a new id each time): HttpOnly, for the API
 * only, kept a year. One account per browser; another's sign-in there replaces it.
 */
export function rememberDevice(reply: FastifyReply, config: Config, email: string) {
  const id = randomToken(16);
  reply.setCookie(DEVICE_COOKIE, `${id}.${deviceSignature(config, email, id)}`, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: DEVICE_DAYS * 86_400,
  });
}

/** The throttle keys of a guess: per address, per account, per known device. */
function keysOf(guess: Guess, ip: string, device: string | null) {
  const account = guess.kind === 'password' ? `login|${guess.email.toLowerCase()}` : `two_factor|${guess.userId}`;
  return {
    address: `${account}|${ip}`,
    shared: device ? `${guess.kind}-device|${device}` : account,
  };
}

/**
 * Counts a guess before it is checked (so a burst sent at once gets no more checks than the limits) and throws 429
 * with Retry-After when a limit is met; the account's limit also queues the owner's alert. Answers what to call once
 * the guess was right: it forgets the address's and the device's counts, and takes back this one guess from the
 * account's (which counts failures only, and never forgets them because the owner signed in meanwhile).
 */
export async function countGuess(ctx: AppContext, guess: Guess, origin: GuessOrigin): Promise<() => Promise<void>> {
  const device = knownDevice(ctx.config, guess.email, origin.device);
  const keys = keysOf(guess, origin.ip, device);
  const perAddress = attemptThrottle(ctx.db, PER_ADDRESS);
  const shared = attemptThrottle(ctx.db, guess.kind === 'password' ? PASSWORD_LIMITS : CODE_LIMITS);
  await perAddress.hit(keys.address);
  try {
    await shared.hit(keys.shared);
  } catch (err) {
    if (!device && err instanceof HttpError && err.status === 429) await alertOwner(ctx, guess);
    throw err;
  }
  return async () => {
    await perAddress.clear(keys.address);
    await (device ? shared.clear(keys.shared) : shared.refund(keys.shared));
  };
}

export const SIGN_IN_ALERT_JOB = 'sign_in_alert';
const alertPayload = z.object({ email: z.string().max(255), kind: z.enum(['password', 'code']) });

/** Queues the owner's alert, once an hour per account and kind; the same work whether the e-mail is anyone's. */
async function alertOwner(ctx: AppContext, guess: Guess) {
  try {
    await attemptThrottle(ctx.db, ALERT_LIMIT).hit(`alert|${guess.kind}|${guess.email.toLowerCase()}`);
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) return;
    throw err;
  }
  await enqueue(ctx.db, SIGN_IN_ALERT_JOB, { email: guess.email, kind: guess.kind });
}

/**
 * The alert job: tells the account's owner, in their language, that its limit was met and what that means; nothing
 * for an e-mail that is nobody's.
 */
export async function sendSignInAlert(ctx: AppContext, payload: unknown) {
  const { email, kind } = alertPayload.parse(payload);
  const [user] = await ctx.db
    .select({ email: users.email, name: users.name, language_code: users.language_code })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deleted_at)))
    .limit(1);
  if (!user) return;
  const lang: Locale = isLocale(user.language_code) ? user.language_code : 'sk';
  const site = await siteValues(ctx, lang);
  const max = (kind === 'password' ? PASSWORD_LIMITS : CODE_LIMITS)[0]?.max ?? 0;
  const lines = ['greeting', 'body', 'paused', 'advice'];
  const line = (key: string, encode: (s: string) => string) =>
    t(lang, `mail.signInAlert.${key === 'greeting' ? key : `${kind}.${key}`}`, {
      name: encode(user.name),
      site: encode(site.name || site.url),
      max,
    });
  await sendNotice(ctx, user.email, lang, lines, line);
}
