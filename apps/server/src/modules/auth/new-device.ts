// A sign-in from a browser the account was not used in before tells its owner by mail (docs/features/sign-in-and-
// users.md): a stolen password used elsewhere is seen at once. "Known" is the signed device cookie of the throttles
// (guesses.ts); the account's very first sign-in tells nobody.
import { isLocale, type Locale } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { t } from '../../i18n/index.js';
import { enqueue } from '../../jobs/queue.js';
import { sendNotice, siteValues } from '../../mail/templates.js';
import { DEVICE_COOKIE, knownDevice } from './guesses.js';
import { deviceOf } from './sessions.js';

export const NEW_SIGN_IN_JOB = 'new_sign_in';
const payloadSchema = z.object({
  userId: z.number().int(),
  browser: z.string().max(64),
  system: z.string().max(64),
  ip: z.string().max(64),
  at: z.string().max(40),
});

/**
 * Before a sign-in completes (its session not yet opened): queues the owner's mail when the browser is not a known
 * device of the account and the account has signed in before (`online_at`).
 */
export async function noteSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  user: { id: number; email: string; online_at: Date | null },
) {
  if (user.online_at === null) return;
  if (knownDevice(ctx.config, user.email, request.cookies[DEVICE_COOKIE])) return;
  const { browser, system } = deviceOf(request.headers['user-agent'] ?? '');
  await enqueue(ctx.db, NEW_SIGN_IN_JOB, {
    userId: user.id,
    browser,
    system,
    ip: request.ip.slice(0, 64),
    at: new Date().toISOString(),
  });
}

/** The mail job: in the user's language, what signed in, from where and when, and what to do if it was not them. */
export async function sendNewSignIn(ctx: AppContext, payload: unknown) {
  const { userId, browser, system, ip, at } = payloadSchema.parse(payload);
  const [user] = await ctx.db
    .select({ email: users.email, name: users.name, language_code: users.language_code })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const lang: Locale = isLocale(user.language_code) ? user.language_code : 'sk';
  const site = await siteValues(ctx, lang);
  // "Chrome 126 (Windows 10)", or what is known of it.
  const device = browser && system ? `${browser} (${system})` : browser || system || t(lang, 'mail.newSignIn.unknown');
  const time = new Date(at).toLocaleString(lang === 'sk' ? 'sk-SK' : 'en-GB', { timeZone: 'UTC' });
  const lines = ['greeting', 'body', 'advice'];
  const line = (key: string, encode: (s: string) => string) =>
    t(lang, `mail.newSignIn.${key}`, {
      name: encode(user.name),
      site: encode(site.name || site.url),
      device: encode(device),
      ip: encode(ip),
      time,
    });
  await sendNotice(ctx, user.email, lang, lines, line);
}
