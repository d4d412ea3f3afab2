import {
  apiTokenCreatedSchema,
  apiTokenItemSchema,
  apiTokenSchema,
  dataResponse,
  deliveryAccessResponseSchema,
  deliveryAccessSchema,
  messageSchema,
  webhookCreatedSchema,
  webhookDeliveriesResponseSchema,
  webhookItemSchema,
  webhookSchema,
  writeResponse,
  zPathId,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import { idParams } from '../../resources/crud-routes.js';
import { canIntegrations } from './policy.js';
import { createToken, listTokens, readAccess, revokeToken, saveAccess } from './tokens.js';
import {
  createWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  newWebhookSecret,
  pingWebhook,
  removeWebhook,
  resendDelivery,
  updateWebhook,
} from './webhooks.js';

/**
 * API tokens, the delivery API's access rule and webhooks (docs/features/integrations.md): role 1 only, every other
 * role 403 before the body is read. Tokens and secrets are answered once, when made.
 */
export const integrationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const allow = authorizer(canIntegrations);
  const config = allow.roles('manage');
  app.addHook('onRequest', authenticate);

  app.get(
    '/api-tokens',
    { config, schema: { summary: 'The delivery API tokens', response: { 200: dataResponse(apiTokenItemSchema) } } },
    async () => ({ data: await listTokens(db) }),
  );
  app.post(
    '/api-tokens',
    {
      config,
      schema: {
        summary: 'Make a token (answered once)',
        body: apiTokenSchema,
        response: { 201: apiTokenCreatedSchema },
      },
    },
    async (request, reply) => {
      const data = await createToken(db, allow(request, 'manage'), request.body);
      return reply.code(201).send({ message: t(request.lang, 'crud.stored'), data });
    },
  );
  app.delete(
    '/api-tokens/:id',
    { config, schema: { summary: 'Revoke a token', params: idParams, response: { 200: messageSchema } } },
    async (request) => {
      await revokeToken(db, allow(request, 'manage'), request.params.id);
      return { message: t(request.lang, 'crud.destroyed') };
    },
  );

  app.get(
    '/delivery-access',
    { config, schema: { summary: 'Who may read the delivery API', response: { 200: deliveryAccessResponseSchema } } },
    async () => ({ data: await readAccess(db) }),
  );
  app.post(
    '/delivery-access',
    {
      config,
      schema: {
        summary: 'Save who may read the delivery API',
        body: deliveryAccessSchema,
        response: { 200: deliveryAccessResponseSchema.extend({ message: z.string() }) },
      },
    },
    async (request) => {
      const data = await saveAccess(db, allow(request, 'manage'), request.body);
      return { message: t(request.lang, 'crud.updated'), data };
    },
  );

  app.get(
    '/webhooks',
    { config, schema: { summary: 'The webhook endpoints', response: { 200: dataResponse(webhookItemSchema) } } },
    async () => ({ data: await listWebhooks(db) }),
  );
  app.post(
    '/webhooks',
    {
      config,
      schema: {
        summary: 'Add a webhook endpoint (its secret answered once)',
        body: webhookSchema,
        response: { 201: webhookCreatedSchema },
      },
    },
    async (request, reply) => {
      const data = await createWebhook(ctx, allow(request, 'manage'), request.body);
      return reply.code(201).send({ message: t(request.lang, 'crud.stored'), data });
    },
  );
  app.get(
    '/webhooks/:id',
    {
      config,
      schema: {
        summary: 'A webhook endpoint',
        params: idParams,
        response: { 200: z.object({ data: webhookItemSchema }) },
      },
    },
    async (request) => ({ data: await getWebhook(db, request.params.id) }),
  );
  app.post(
    '/webhooks/:id',
    {
      config,
      schema: {
        summary: 'Save a webhook endpoint',
        params: idParams,
        body: webhookSchema,
        response: { 200: writeResponse(webhookItemSchema) },
      },
    },
    async (request) => {
      const data = await updateWebhook(ctx, allow(request, 'manage'), request.params.id, request.body);
      return { message: t(request.lang, 'crud.updated'), data };
    },
  );
  app.delete(
    '/webhooks/:id',
    { config, schema: { summary: 'Remove a webhook endpoint', params: idParams, response: { 200: messageSchema } } },
    async (request) => {
      await removeWebhook(db, allow(request, 'manage'), request.params.id);
      return { message: t(request.lang, 'crud.destroyed') };
    },
  );
  app.post(
    '/webhooks/:id/secret',
    {
      config,
      schema: {
        summary: 'Give an endpoint a new secret (answered once)',
        params: idParams,
        response: { 200: webhookCreatedSchema },
      },
    },
    async (request) => {
      const data = await newWebhookSecret(ctx, allow(request, 'manage'), request.params.id);
      return { message: t(request.lang, 'crud.updated'), data };
    },
  );
  app.post(
    '/webhooks/:id/ping',
    { config, schema: { summary: 'Send a test event', params: idParams, response: { 200: messageSchema } } },
    async (request) => {
      allow(request, 'manage');
      await pingWebhook(db, request.params.id);
      return { message: t(request.lang, 'webhooks.queued') };
    },
  );
  app.get(
    '/webhooks/:id/deliveries',
    {
      config,
      schema: {
        summary: "An endpoint's deliveries, newest first",
        params: idParams,
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        response: { 200: webhookDeliveriesResponseSchema },
      },
    },
    async (request) => listDeliveries(db, request.params.id, request.query.page),
  );
  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config,
      schema: {
        summary: 'Send a delivery again',
        params: z.object({ id: zPathId, deliveryId: zPathId }),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      allow(request, 'manage');
      await resendDelivery(db, request.params.id, request.params.deliveryId);
      return { message: t(request.lang, 'webhooks.queued') };
    },
  );
};
