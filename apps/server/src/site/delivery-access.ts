// Who may read the delivery API and from where (docs/api.md "Delivery API", "Tokens and CORS"): the access rule role
// 1 saves (a token required or not, the origins a browser may read from), read on each request, and the token a
// request carries: its scope lets it read unpublished records too.
import type { ApiTokenScope } from '@backoffice/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import { readAccess, tokenScope } from '../modules/integrations/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** `public` without a token; else the scope of the token the request carries. */
    deliveryScope: 'public' | ApiTokenScope;
  }
}

/** A CDN may keep a public answer a minute and serve it stale for five while it asks again (the ETag makes that a 304). */
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/** 401 with the scheme the caller should use. */
const needsToken = () => new HttpError(401, 'http.unauthenticated', undefined, {}, { 'www-authenticate': 'Bearer' });

/** Whether a record the request asked for by its address may be answered: published, or a preview token. */
export const shown = (request: FastifyRequest, record: { published: boolean } | null | undefined) =>
  !!record && (record.published || request.deliveryScope === 'preview');

/**
 * The access hooks of the delivery API's scope: CORS for the saved origins (and its preflight), the bearer token
 * (an unknown or revoked one is 401, none is 401 when the rule requires one), and `Cache-Control` by what was read:
 * public answers for a CDN, an answer to a token for the caller alone, a preview never kept.
 */
export function registerDeliveryAccess(app: FastifyInstance, db: Db) {
  app.decorateRequest('deliveryScope', 'public');
  const required = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', async (request, reply) => {
    const access = await readAccess(db);
    const origin = request.headers.origin;
    reply.header('Vary', 'Origin');
    if (origin && (access.cors_origins.includes('*') || access.cors_origins.includes(origin.toLowerCase()))) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Expose-Headers', 'ETag');
    }
    if (request.method === 'OPTIONS') return;
    if (access.token_required) required.add(request);
    const header = request.headers.authorization;
    if (header === undefined) {
      if (access.token_required) throw needsToken();
      return;
    }
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const scope = token ? await tokenScope(db, token) : null;
    if (!scope) throw needsToken();
    request.deliveryScope = scope;
  });

  // The preflight of a browser's request with `Authorization` or `If-None-Match`.
  app.options('/*', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    reply.header('Access-Control-Allow-Headers', 'Authorization, If-None-Match');
    reply.header('Access-Control-Max-Age', '600');
    return reply.code(204).send();
  });

  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400 || request.method === 'OPTIONS') return;
    const cache =
      request.deliveryScope === 'preview'
        ? 'private, no-store'
        : request.deliveryScope !== 'public' || required.has(request)
          ? 'private, max-age=60'
          : PUBLIC_CACHE;
    reply.header('Cache-Control', cache);
  });
}
