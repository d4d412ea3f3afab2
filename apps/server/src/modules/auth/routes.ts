import {
  dataResponse,
  forgottenPasswordSchema,
  type LoginAnswer,
  logItemSchema,
  loginAnswerSchema,
  loginSchema,
  messageSchema,
  noContentResponse,
  resetPasswordSchema,
  storedUserSchema,
  zPathId,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../http/errors.js';
import { isAdmin, isSelf } from '../../http/policy.js';
import { authenticate, currentUser, SESSION_COOKIE } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import { recentActivity } from '../activity/service.js';
import { issueFileToken } from '../files/token.js';
import { guessOrigin, rememberDevice } from './guesses.js';
import { noteSignIn } from './new-device.js';
import { passkeyRoutes } from './passkey-routes.js';
import * as auth from './service.js';
import { sessionRoutes } from './session-routes.js';
import * as twoFactor from './two-factor.js';
import { twoFactorRoutes } from './two-factor-routes.js';

/** `{data: user}`: the sign-in answer and `GET /api/user/me`. */
const signedIn = z.object({ data: storedUserSchema });

/** Sign-in, sign-out, the current user, password reset and the user menu's log (docs/spec-index.md S1.7 Session). */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/sanctum/csrf-cookie',
    { schema: { response: { 204: noContentResponse('The session and XSRF-TOKEN cookies are set') } } },
    async (request, reply) => {
      if (request.sid) reply.refreshCsrf(request.sid);
      else reply.startSession();
      return reply.code(204).send();
    },
  );

  // The password step. With two-factor sign-in on, or required of a user without it, the new session signs nobody in
  // yet: the second step (`POST /api/login/two-factor`) or the set-up comes next (docs/features/sign-in-and-users.md).
  app.post(
    '/api/login',
    { schema: { body: loginSchema, response: { 200: loginAnswerSchema } } },
    async (request, reply): Promise<LoginAnswer> => {
      const user = await auth.verifyLogin(ctx, request.body.email, request.body.password, guessOrigin(request));
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'] };
      if (request.sid) await auth.closeSession(ctx, request.sid);
      const sid = reply.startSession();
      if (await twoFactor.twoFactorEnabled(ctx, user.id)) {
        await auth.openPendingSession(ctx, user.id, sid, 'two_factor', meta);
        // The second step offers "Use a passkey" to a user who has one.
        return (await twoFactor.hasPasskey(ctx.db, user.id))
          ? { two_factor: true, passkey: true }
          : { two_factor: true };
      }
      if (await twoFactor.twoFactorRequired(ctx)) {
        await auth.openPendingSession(ctx, user.id, sid, 'setup', meta);
        return { two_factor_setup: true };
      }
      await noteSignIn(ctx, request, user);
      const token = await auth.openSession(ctx, user.id, sid, meta);
      rememberDevice(reply, ctx.config, user.email);
      return { data: auth.presentStoredUser(user, false, token) };
    },
  );

  app.post('/api/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    if (request.sid) await auth.closeSession(ctx, request.sid);
    reply.startSession();
    return { message: t(request.lang, 'auth.loggedOut') };
  });

  // The stored user's token is renewed with every fresh copy of the user (docs/features/file-manager.md).
  app.get('/api/user/me', { onRequest: authenticate, schema: { response: { 200: signedIn } } }, async (request) => {
    const user = currentUser(request);
    const enabled = await twoFactor.twoFactorEnabled(ctx, user.id);
    return { data: auth.presentStoredUser(user, enabled, issueFileToken(ctx.config, user).token) };
  });

  app.post(
    '/api/password',
    { schema: { body: forgottenPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      await auth.requestPasswordReset(ctx, request.body.email, request.ip, request.lang);
      app.jobs.nudge();
      return { message: t(request.lang, 'auth.resetSent') };
    },
  );

  app.post(
    '/api/password/reset',
    { schema: { body: resetPasswordSchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      await auth.resetPassword(ctx, request.body);
      if (request.cookies[SESSION_COOKIE]) reply.startSession();
      return { message: t(request.lang, 'auth.resetDone') };
    },
  );

  app.get(
    '/api/user/logs/:userId',
    {
      onRequest: authenticate,
      schema: { params: z.object({ userId: zPathId }), response: { 200: dataResponse(logItemSchema) } },
    },
    async (request) => {
      const user = currentUser(request);
      if (!isSelf(user, request.params.userId) && !isAdmin(user)) throw forbidden();
      return { data: await recentActivity(ctx.db, request.params.userId, request.lang) };
    },
  );

  await app.register(twoFactorRoutes, { ctx });
  await app.register(passkeyRoutes, { ctx });
  await app.register(sessionRoutes, { ctx });
};
