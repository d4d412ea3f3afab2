import type { FastifyInstance } from 'fastify';

/**
 * One log line per answered request (docs/DEPLOY.md "Logs"): method, the route's pattern, the address asked for,
 * status, milliseconds and the signed-in user's id (null for none), at `info`; the health checks and /metrics log at
 * `warn` and above only (their routes' `logLevel`), so they stay out of it.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: request.user?.id ?? null,
      },
      'request',
    );
  });
}
