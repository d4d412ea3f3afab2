import {
  loginAnswerSchema,
  messageSchema,
  passkeyAuthenticationOptionsSchema,
  passkeyCreatedSchema,
  passkeyCreateSchema,
  passkeyItemSchema,
  passkeyLoginSchema,
  passkeyRegistrationOptionsSchema,
  zPathId,
} from '@backoffice/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sha256 } from '../../http/crypto.js';
import { unauthenticated } from '../../http/errors.js';
import { authenticate, currentUser, pendingSessionUser } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import * as passkeys from './passkeys.js';
import { completeSignIn } from './two-factor-routes.js';

/**
 * Passkeys as a second factor (docs/features/sign-in-and-users.md): the signed-in user's own (list, add, remove) and
 * the second step of a sign-in with one. Every route is the caller's own: there is nobody else's passkey to ask for.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** The signed-in user's ceremony, bound to this session. */
  const ownCeremony = (request: FastifyRequest): passkeys.Ceremony => ({
    userId: currentUser(request).id,
    sessionId: sha256(request.sid ?? ''),
  });
  /** The ceremony of a password step that awaits its second step; nobody else's (401). */
  const signInCeremony = async (request: FastifyRequest): Promise<passkeys.Ceremony> => {
    const waiting = await pendingSessionUser(ctx.db, request.sid, 'two_factor');
    if (!waiting) throw unauthenticated();
    return { userId: waiting.userId, sessionId: waiting.sessionId };
  };

  app.get(
    '/api/user/me/passkeys',
    {
      onRequest: authenticate,
      schema: {
        summary: 'My passkeys, the newest first',
        response: { 200: z.object({ data: z.array(passkeyItemSchema) }) },
      },
    },
    async (request) => ({ data: await passkeys.listPasskeys(ctx, currentUser(request).id) }),
  );

  app.post(
    '/api/user/me/passkeys/options',
    {
      onRequest: authenticate,
      config: { openapiErrors: ['Conflict'] },
      schema: {
        summary: 'Start adding a passkey: the options of navigator.credentials.create()',
        response: { 200: z.object({ data: passkeyRegistrationOptionsSchema }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { data: await passkeys.registrationOptions(ctx, user, ownCeremony(request)) };
    },
  );

  app.post(
    '/api/user/me/passkeys',
    {
      onRequest: authenticate,
      config: { openapiErrors: ['Conflict'] },
      schema: {
        summary: "Add a passkey from the authenticator's answer (the first one answers recovery codes, once)",
        body: passkeyCreateSchema,
        response: { 201: passkeyCreatedSchema },
      },
    },
    async (request, reply) => {
      const added = await passkeys.addPasskey(ctx, ownCeremony(request), request.body);
      reply.code(201);
      return {
        message: t(request.lang, 'passkey.added'),
        data: added.passkey,
        ...(added.recoveryCodes ? { recovery_codes: added.recoveryCodes } : {}),
      };
    },
  );

  app.delete(
    '/api/user/me/passkeys/:id',
    {
      onRequest: authenticate,
      config: { openapiErrors: ['NotFound', 'Conflict'] },
      schema: {
        summary: 'Remove one of my passkeys (not the last second factor while it is required)',
        params: z.object({ id: zPathId }),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await passkeys.removePasskey(ctx, currentUser(request).id, request.params.id);
      return { message: t(request.lang, 'passkey.removed') };
    },
  );

  app.post(
    '/api/login/passkey/options',
    {
      // 422: the waiting user has no passkey.
      config: { openapiErrors: ['Unauthorized', 'Invalid'] },
      schema: {
        summary: 'Sign in, the second step with a passkey: the options of navigator.credentials.get()',
        security: [],
        response: { 200: z.object({ data: passkeyAuthenticationOptionsSchema }) },
      },
    },
    async (request) => ({ data: await passkeys.signInOptions(ctx, await signInCeremony(request)) }),
  );

  app.post(
    '/api/login/passkey',
    {
      config: { openapiErrors: ['Unauthorized'] },
      schema: {
        summary: "Sign in, the second step with a passkey: the authenticator's answer",
        security: [],
        body: passkeyLoginSchema,
        response: { 200: loginAnswerSchema.options[0] },
      },
    },
    async (request, reply) => {
      const ceremony = await signInCeremony(request);
      await passkeys.verifySignIn(ctx, ceremony, request.body.response);
      return { data: await completeSignIn(ctx, request, reply, ceremony.userId) };
    },
  );
};
