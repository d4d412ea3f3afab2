import { collectSchema, STATS } from '@backoffice/shared';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { hmac } from '../../http/crypto.js';
import { forbidden, HttpError, throttled } from '../../http/errors.js';
import { deviceOf, isBotAgent, placeOf, sourceOf } from './client-info.js';
import { collectorOf } from './collector.js';
import { dayOf } from './days.js';
import { startRawEventRetention } from './retention.js';
import { TRACKER_ETAG, TRACKER_JS } from './tracker.js';

/** Beacons per address and minute. */
export const COLLECT_PER_MINUTE = 120;

const badRequest = () => new HttpError(400, 'http.badRequest');

/**
 * `/tracker.js` and `POST /api/collect` (DESIGN §6, §8): public (no session, no CSRF token; a foreign `Origin` is
 * refused), rate-limited per address in the server's memory (a beacon writes nothing for the limit), at most
 * `STATS.collectMaxBytes` (413). A body that is not a beacon is a 400; a bot's beacon is answered 204 and dropped.
 * Browser and system come from the user agent, country and city from the address (offline), which is never
 * stored: without the tracker's visitor id a visitor is `h:` + an HMAC of the day, address and user agent under the
 * server's secret, so it changes daily. The beacon is queued for the collector's writer (`collector.ts`) and
 * answered 204 at once; a full queue is a 429.
 */
export const analyticsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const collector = collectorOf(ctx.db);
  collector.logger = app.log;
  const stopRetention = startRawEventRetention(ctx.db, ctx.config.analyticsRawDays, (err) =>
    app.log.warn({ err }, 'removing old raw analytics events failed'),
  );
  app.addHook('onClose', async () => stopRetention());
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => `collect:${request.ip}`,
    errorResponseBuilder: (_request, context) => throttled(Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  // sendBeacon posts text/plain (no preflight); its body is the same JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: STATS.collectMaxBytes }, (_r, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(badRequest(), undefined);
    }
  });

  const ownHosts = (request: FastifyRequest) =>
    new Set([new URL(ctx.config.appUrl).host.toLowerCase(), request.host.toLowerCase()]);

  // Neither route is access-logged: beacons would flood the log, and its lines would keep visitors' addresses.
  app.get('/tracker.js', { logLevel: 'warn' }, async (request, reply) => {
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .header('ETag', TRACKER_ETAG);
    if (request.headers['if-none-match'] === TRACKER_ETAG) return reply.code(304).send();
    return TRACKER_JS;
  });

  app.post(
    '/api/collect',
    {
      bodyLimit: STATS.collectMaxBytes,
      logLevel: 'warn',
      config: { csrf: false, rateLimit: { max: COLLECT_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const claimed = request.headers.origin;
      if (claimed && claimed !== 'null') {
        let host = '';
        try {
          host = new URL(claimed).host.toLowerCase();
        } catch {
          host = '';
        }
        if (!ownHosts(request).has(host)) throw forbidden();
      }
      const parsed = collectSchema.safeParse(request.body);
      if (!parsed.success) throw badRequest();
      const beacon = parsed.data;
      const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 1000);
      if (isBotAgent(userAgent)) return reply.code(204).send();

      const at = new Date();
      const visitor =
        beacon.visitor ??
        `h:${hmac(ctx.config.sessionSecret, `visitor:${dayOf(at)}:${request.ip}:${userAgent}`).slice(0, 40)}`;
      const queue = (queued: boolean) => {
        if (!queued) throw throttled(1);
        return reply.code(204).send();
      };
      if (beacon.type === 'leave') {
        return queue(collector.add({ type: 'leave', visitor, viewKey: beacon.view, ms: beacon.ms }));
      }
      const language = (beacon.language || String(request.headers['accept-language'] ?? '').split(/[,;]/)[0] || '')
        .trim()
        .toLowerCase()
        .slice(0, 35);
      const queued = collector.add({
        type: 'view',
        visitor,
        viewKey: beacon.view,
        at,
        path: beacon.path,
        referrer: beacon.referrer,
        utm: {
          source: beacon.utm_source,
          medium: beacon.utm_medium,
          campaign: beacon.utm_campaign,
          term: beacon.utm_term,
          content: beacon.utm_content,
        },
        language,
        screen: beacon.screen ?? '',
        ...deviceOf(userAgent),
        ...placeOf(request.ip),
        source: sourceOf(beacon.referrer, beacon.utm_term, ownHosts(request)),
      });
      return queue(queued);
    },
  );
};
