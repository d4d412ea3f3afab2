import {
  loginAnswerSchema,
  messageSchema,
  ROLES,
  twoFactorDisableSchema,
  twoFactorEnabledSchema,
  twoFactorEnableSchema,
  twoFactorLoginSchema,
  twoFactorPolicyAnswerSchema,
  twoFactorPolicySchema,
  twoFactorRenewedSchema,
  twoFactorRenewSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  zPathId,
} from '@backoffice/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { forbidden, notFound, unauthenticated } from '../../http/errors.js';
import { isAdmin, isSelf, isStaff } from '../../http/policy.js';
import { authenticate, currentUser, pendingSessionUser } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import { guessOrigin, rememberDevice } from './guesses.js';
import { noteSignIn } from './new-device.js';
import * as auth from './service.js';
import * as twoFactor from './two-factor.js';

/**
 * Two-factor sign-in (TOTP, docs/features/sign-in-and-users.md, SECURITY.md): the second step of a sign-in, the
 * set-up and turning it off from the user menu, the rule of role 1 that requires it of all staff, and role 1's reset
 * of another user's.
 */
/** The routes of role 1's rule and resets, asked before their bodies are read (http/policy.ts registerRoleCheck). */
const ADMIN_ONLY = { roles: [ROLES.admin] };

/**
 * Replaces a waiting session by a signed-in one (a new id: no fixation), marks the browser as a known device of the
 * account and presents its user: the end of a second step (a code, a recovery code, a passkey) or of the set-up.
 */
export async function completeSignIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: number) {
  if (request.sid) await auth.closeSession(ctx, request.sid);
  const sid = reply.startSession();
  await noteSignIn(ctx, request, await auth.userById(ctx, userId));
  const token = await auth.openSession(ctx, userId, sid, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const user = await auth.userById(ctx, userId);
  rememberDevice(reply, ctx.config, user.email);
  return auth.presentStoredUser(user, true, token);
}

export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const signIn = (request: FastifyRequest, reply: FastifyReply, userId: number) =>
    completeSignIn(ctx, request, reply, userId);

  /**
   * Whose two-factor sign-in a set-up route changes: the signed-in user's, or that of a password step which role 1's
   * rule sends to the set-up (`pending`); nobody else's (401).
   */
  const holders = new WeakMap<FastifyRequest, { id: number; email: string; pending: boolean }>();
  /** onRequest guard of the set-up routes: 401 before the body is read, like `authenticate`. */
  const findSetupHolder = async (request: FastifyRequest) => {
    if (request.user) {
      holders.set(request, { id: request.user.id, email: request.user.email, pending: false });
      return;
    }
    const waiting = await pendingSessionUser(ctx.db, request.sid, 'setup');
    if (!waiting) throw unauthenticated();
    holders.set(request, { id: waiting.userId, email: waiting.email, pending: true });
  };
  const setupHolder = (request: FastifyRequest) => {
    const holder = holders.get(request);
    if (!holder) throw unauthenticated();
    return holder;
  };

  app.post(
    '/api/login/two-factor',
    {
      config: { openapiErrors: ['Unauthorized', 'TooManyRequests'] },
      schema: {
        summary: 'Sign in: the second step (a code or a recovery code)',
        security: [],
        body: twoFactorLoginSchema,
        response: { 200: loginAnswerSchema.options[0] },
      },
    },
    async (request, reply) => {
      const waiting = await pendingSessionUser(ctx.db, request.sid, 'two_factor');
      if (!waiting) throw unauthenticated();
      const holder = { id: waiting.userId, email: waiting.email, ...guessOrigin(request) };
      await twoFactor.verifySecondStep(ctx, holder, request.body);
      return { data: await signIn(request, reply, waiting.userId) };
    },
  );

  app.get(
    '/api/user/me/two-factor',
    {
      onRequest: authenticate,
      schema: {
        summary: 'My two-factor sign-in: on, required, recovery codes left',
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => ({ data: await twoFactor.twoFactorStatus(ctx, currentUser(request).id) }),
  );

  app.post(
    '/api/user/me/two-factor/recovery-codes',
    {
      onRequest: authenticate,
      config: { openapiErrors: ['TooManyRequests'] },
      schema: {
        summary: 'Make new recovery codes with a current code, or the password for passkeys alone (answered once)',
        body: twoFactorRenewSchema,
        response: { 200: twoFactorRenewedSchema },
      },
    },
    async (request) => {
      const { id, email } = currentUser(request);
      const codes = await twoFactor.renewRecoveryCodes(ctx, { id, email, ...guessOrigin(request) }, request.body);
      return { message: t(request.lang, 'twoFactor.recoveryRenewed'), recovery_codes: codes };
    },
  );

  app.post(
    '/api/user/me/two-factor',
    {
      onRequest: findSetupHolder,
      schema: { summary: 'Start setting up two-factor sign-in', response: { 200: twoFactorSetupSchema } },
    },
    async (request) => twoFactor.startSetup(ctx, setupHolder(request)),
  );

  app.post(
    '/api/user/me/two-factor/enable',
    {
      onRequest: findSetupHolder,
      config: { openapiErrors: ['Conflict', 'TooManyRequests'] },
      schema: {
        summary: 'Turn two-factor sign-in on with a code',
        body: twoFactorEnableSchema,
        response: { 200: twoFactorEnabledSchema },
      },
    },
    async (request, reply) => {
      const holder = setupHolder(request);
      const codes = await twoFactor.enable(ctx, { ...holder, ...guessOrigin(request) }, request.body.code);
      const message = t(request.lang, 'twoFactor.enabled');
      // The set-up role 1 requires completes the sign-in that led to it.
      if (holder.pending) return { message, recovery_codes: codes, data: await signIn(request, reply, holder.id) };
      return { message, recovery_codes: codes };
    },
  );

  app.post(
    '/api/user/me/two-factor/disable',
    {
      onRequest: authenticate,
      config: { openapiErrors: ['TooManyRequests'] },
      schema: {
        summary: 'Turn two-factor sign-in off (password and code)',
        body: twoFactorDisableSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const { id, email } = currentUser(request);
      await twoFactor.disable(ctx, { id, email, ...guessOrigin(request) }, request.body);
      // With a passkey left, two-factor sign-in stays on: only the app is off.
      const kept = await twoFactor.hasPasskey(ctx.db, id);
      return { message: t(request.lang, kept ? 'twoFactor.appDisabled' : 'twoFactor.disabled') };
    },
  );

  const policy = async (request: FastifyRequest) => ({
    data: { required: await twoFactor.twoFactorRequired(ctx) },
    abilities: { update: isAdmin(currentUser(request)) },
  });

  app.get(
    '/api/user/two-factor/policy',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Whether two-factor sign-in is required of all staff',
        response: { 200: twoFactorPolicyAnswerSchema },
      },
    },
    async (request) => {
      if (!isStaff(currentUser(request))) throw forbidden();
      return policy(request);
    },
  );

  app.post(
    '/api/user/two-factor/policy',
    {
      onRequest: authenticate,
      config: ADMIN_ONLY,
      schema: {
        summary: 'Require two-factor sign-in of all staff, or not (role 1)',
        body: twoFactorPolicySchema,
        response: { 200: twoFactorPolicyAnswerSchema.extend({ message: z.string() }) },
      },
    },
    async (request) => {
      await twoFactor.setRequired(ctx, currentUser(request), request.body.required);
      return { message: t(request.lang, 'twoFactor.policySaved'), ...(await policy(request)) };
    },
  );

  app.delete(
    '/api/user/:id/two-factor',
    {
      onRequest: authenticate,
      config: ADMIN_ONLY,
      schema: {
        summary: "Reset a user's two-factor sign-in (role 1)",
        params: z.object({ id: zPathId }),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      // One's own is turned off with the password and a code instead (the operation refuses it).
      if (!isAdmin(user) || isSelf(user, id)) throw forbidden();
      const found = await twoFactor.withTwoFactor(ctx, [id]);
      if (!found.has(id)) throw notFound();
      await twoFactor.resetTwoFactor(ctx, id, user);
      return { message: t(request.lang, 'twoFactor.reset') };
    },
  );
};
