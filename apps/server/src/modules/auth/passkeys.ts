import {
  PASSKEY_ERR,
  PASSKEYS,
  type PasskeyItem,
  type passkeyAuthenticationResponseSchema,
  type passkeyRegistrationResponseSchema,
  TWO_FACTOR,
} from '@backoffice/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, count, eq, gt, lt, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import {
  signInPolicy,
  userPasskeys,
  userRecoveryCodes,
  users,
  userTwoFactor,
  webauthnChallenges,
} from '../../db/schema.js';
import { hmac } from '../../http/crypto.js';
import { HttpError, invalid, isUniqueViolation, notFound } from '../../http/errors.js';
import { siteValues } from '../../mail/templates.js';
import { replaceRecoveryCodes, twoFactorEnabled } from './two-factor.js';

/*
 * Passkeys (WebAuthn, @simplewebauthn/server) as a second factor beside the authenticator app
 * (docs/features/sign-in-and-users.md). The password comes first, so a passkey proves possession only: user
 * verification is not asked for (the library's advice for a second factor), nor required. Each ceremony's challenge lives in the
 * database (any process may take the answer), bound to the session and the user that asked, and is spent by the first
 * answer that names it, whether that answer then verifies or not.
 */

type Purpose = 'register' | 'sign_in';
type RegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;
type AuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

/** Whose ceremony it is: the user and the session (its stored id, a hash of the cookie) that asked for it. */
export interface Ceremony {
  userId: number;
  sessionId: string;
}

/** The relying party is the site of APP_URL: its host name is the RP ID, its origin the only one answers may come from. */
export function relyingParty(config: Pick<Config, 'appUrl'>) {
  const url = new URL(config.appUrl);
  return { id: url.hostname, origin: url.origin };
}

const passkeyInvalid = () => invalid({ response: [PASSKEY_ERR.invalid] }, PASSKEY_ERR.invalid);
const challengeSpent = () => invalid({ response: [PASSKEY_ERR.expired] }, PASSKEY_ERR.expired);

async function storeChallenge(ctx: AppContext, ceremony: Ceremony, purpose: Purpose, challenge: string) {
  const now = new Date();
  // Challenges never answered are forgotten by the next ceremony (no job needed for a table this small).
  await ctx.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expires_at, now));
  await ctx.db.insert(webauthnChallenges).values({
    challenge,
    session_id: ceremony.sessionId,
    user_id: ceremony.userId,
    purpose,
    expires_at: new Date(now.getTime() + PASSKEYS.challengeMinutes * 60_000),
  });
}

const clientData = z.object({ challenge: z.string().min(1).max(128) });

/**
 * Spends the challenge an answer's client data names, when it is this ceremony's and still valid; answers it for the
 * library to compare. A deleted row is the single use: two answers with one challenge cannot both pass.
 */
async function spendChallenge(ctx: AppContext, ceremony: Ceremony, purpose: Purpose, clientDataJSON: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
  } catch {
    throw passkeyInvalid();
  }
  const data = clientData.safeParse(parsed);
  if (!data.success) throw passkeyInvalid();
  const spent = await ctx.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, data.data.challenge),
        eq(webauthnChallenges.session_id, ceremony.sessionId),
        eq(webauthnChallenges.user_id, ceremony.userId),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expires_at, new Date()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (spent.length === 0) throw challengeSpent();
  return data.data.challenge;
}

/** Presenter: what the user's list shows of a passkey (never the credential or its key). */
function present(row: typeof userPasskeys.$inferSelect): PasskeyItem {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/** The signed-in user's passkeys, the newest first. */
export async function listPasskeys(ctx: AppContext, userId: number): Promise<PasskeyItem[]> {
  const rows = await ctx.db
    .select()
    .from(userPasskeys)
    .where(eq(userPasskeys.user_id, userId))
    .orderBy(userPasskeys.created_at, userPasskeys.id);
  return rows.reverse().map(present);
}

const credentialsOf = (ctx: AppContext, userId: number) =>
  ctx.db
    .select({ id: userPasskeys.credential_id, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.user_id, userId));

/**
 * The options of `navigator.credentials.create()` for a new passkey of the user; the user's passkeys are excluded, so
 * an authenticator that holds one says so instead of making a second. The user handle is a keyed hash of the id: the
 * authenticator keeps one passkey per account and learns nothing of it.
 */
export async function registrationOptions(ctx: AppContext, user: { id: number; email: string }, ceremony: Ceremony) {
  const existing = await credentialsOf(ctx, user.id);
  if (existing.length >= PASSKEYS.max) throw new HttpError(409, PASSKEY_ERR.tooMany, undefined, { max: PASSKEYS.max });
  const site = await siteValues(ctx, 'sk');
  const options = await generateRegistrationOptions({
    rpName: site.name.slice(0, 64) || TWO_FACTOR.issuer,
    rpID: relyingParty(ctx.config).id,
    userName: user.email,
    userDisplayName: user.email,
    userID: Buffer.from(hmac(ctx.config.sessionSecret, `passkey-user:${user.id}`), 'base64url'),
    attestationType: 'none',
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'discouraged' },
    timeout: PASSKEYS.challengeMinutes * 60_000,
  });
  await storeChallenge(ctx, ceremony, 'register', options.challenge);
  return options;
}

/**
 * Adds a passkey from the authenticator's answer to `registrationOptions`. When it is the user's first second factor,
 * it turns two-factor sign-in on and answers ten recovery codes, shown once, as the authenticator app's set-up does.
 */
export async function addPasskey(
  ctx: AppContext,
  ceremony: Ceremony,
  input: { name: string; response: RegistrationResponse },
): Promise<{ passkey: PasskeyItem; recoveryCodes?: string[] }> {
  const challenge = await spendChallenge(ctx, ceremony, 'register', input.response.response.clientDataJSON);
  const rp = relyingParty(ctx.config);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: { ...input.response, clientExtensionResults: {} },
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    // The library throws on any answer that does not hold (origin, RP ID, format, signature): all the same to the user.
    throw passkeyInvalid();
  }
  if (!verified.verified) throw passkeyInvalid();
  const { credential } = verified.registrationInfo;
  const userId = ceremony.userId;
  const first = !(await twoFactorEnabled(ctx, userId));
  try {
    return await ctx.db.transaction(async (tx) => {
      const [held] = await tx.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.user_id, userId));
      if ((held?.n ?? 0) >= PASSKEYS.max) {
        throw new HttpError(409, PASSKEY_ERR.tooMany, undefined, { max: PASSKEYS.max });
      }
      const [row] = await tx
        .insert(userPasskeys)
        .values({
          user_id: userId,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: input.name,
        })
        .returning();
      if (!row) throw passkeyInvalid();
      const recoveryCodes = first ? await replaceRecoveryCodes(ctx, tx, userId) : undefined;
      return { passkey: present(row), ...(recoveryCodes ? { recoveryCodes } : {}) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, PASSKEY_ERR.duplicate);
    throw err;
  }
}

/**
 * Removes one of the user's passkeys (another user's is a 404). The last second factor is kept while role 1 requires
 * two-factor sign-in (409); without any left, the recovery codes go too. The user's row is locked meanwhile, so two
 * removals at once cannot both take "the other one".
 */
export async function removePasskey(ctx: AppContext, userId: number, passkeyId: number) {
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx
      .select({ id: userPasskeys.id })
      .from(userPasskeys)
      .where(and(eq(userPasskeys.id, passkeyId), eq(userPasskeys.user_id, userId)));
    if (!row) throw notFound();
    const [others] = await tx
      .select({ n: count() })
      .from(userPasskeys)
      .where(and(eq(userPasskeys.user_id, userId), ne(userPasskeys.id, passkeyId)));
    const [totp] = await tx
      .select({ on: userTwoFactor.enabled_at })
      .from(userTwoFactor)
      .where(eq(userTwoFactor.user_id, userId));
    const last = (others?.n ?? 0) === 0 && !totp?.on;
    if (last) {
      const [policy] = await tx
        .select({ required: signInPolicy.two_factor_required })
        .from(signInPolicy)
        .where(eq(signInPolicy.id, 1));
      if (policy?.required) throw new HttpError(409, PASSKEY_ERR.lastFactor);
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.user_id, userId));
    }
    await tx.delete(userPasskeys).where(eq(userPasskeys.id, passkeyId));
  });
}

/** The options of `navigator.credentials.get()` for the second step of a sign-in: the user's passkeys only. */
export async function signInOptions(ctx: AppContext, ceremony: Ceremony) {
  const allowCredentials = await credentialsOf(ctx, ceremony.userId);
  if (allowCredentials.length === 0) throw passkeyInvalid();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).id,
    allowCredentials,
    userVerification: 'discouraged',
    timeout: PASSKEYS.challengeMinutes * 60_000,
  });
  await storeChallenge(ctx, ceremony, 'sign_in', options.challenge);
  return options;
}

/**
 * Checks the second step of a sign-in with a passkey: the challenge of this session, a credential of this user (another
 * user's is refused like a bad signature), the origin and RP ID of APP_URL, the signature, and a counter that moved on;
 * then keeps the new counter and the time of use.
 */
export async function verifySignIn(ctx: AppContext, ceremony: Ceremony, response: AuthenticationResponse) {
  const challenge = await spendChallenge(ctx, ceremony, 'sign_in', response.response.clientDataJSON);
  const [row] = await ctx.db
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.credential_id, response.id), eq(userPasskeys.user_id, ceremony.userId)))
    .limit(1);
  if (!row) throw passkeyInvalid();
  const rp = relyingParty(ctx.config);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: { ...response, clientExtensionResults: {} },
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
        counter: row.counter,
        transports: row.transports,
      },
      requireUserVerification: false,
    });
  } catch {
    throw passkeyInvalid();
  }
  if (!verified.verified) throw passkeyInvalid();
  await ctx.db
    .update(userPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: new Date() })
    .where(eq(userPasskeys.id, row.id));
}
