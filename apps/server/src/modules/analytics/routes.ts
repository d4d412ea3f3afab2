import { collectSchema, errorBodySchema, noContentResponse, STATS } from '@backoffice/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { hmac } from '../../http/crypto.js';
import { errorBody } from '../../http/error-handler.js';
import { forbidden, HttpError, throttled } from '../../http/errors.js';
import { t } from '../../i18n/index.js';
import type { Beacon } from './beacons.js';
import { deviceOf, isBotAgent, placeOf, sourceOf } from './client-info.js';
import { COLLECT_PER_MINUTE } from './collect-limit.js';
import { COLLECT_RETRY_AFTER, openCollector } from './collector.js';
import { dayOf } from './days.js';
import { startRawEventRetention } from './retention.js';
import { TRACKER_ETAG, TRACKER_JS } from './tracker.js';

export { COLLECT_PER_MINUTE } from './collect-limit.js';

const badRequest = () => new HttpError(400, 'http.badRequest');

/**
 * The tracker's answers in the OpenAPI document: the script as `text/javascript` (the type it is served with,
 * RFC 9239), or 304 when `If-None-Match` names its ETag. A string is sent as it is, never serialized.
 */
const TRACKER_RESPONSES = {
  200: {
    description: 'The tracking script (cached a day, ETag)',
    content: { 'text/javascript': { schema: z.string() } },
  },
  304: noContentResponse('Not modified: If-None-Match named the current ETag'),
};

/**
 * The collector's answers: 204 without a body once the beacon is stored (or dropped as a bot's), 503 `{message,
 * error}` with Retry-After when it could not be stored; 400 (not a beacon), 403, 413, 415 and 429 are errors.
 */
const COLLECT_RESPONSES = {
  204: noContentResponse("The beacon is stored (or was a bot's and was dropped)"),
  503: errorBodySchema.describe('The beacon could not be stored; Retry-After says when to send it again'),
};

/**
 * The requests of each address in this process's current minute: a first, local check that turns a flood away
 * without the database (a process's count never exceeds the shared one, so it refuses nothing the shared limit
 * would admit), and the only count of bots' beacons, which store nothing.
 */
function localCount(max: number) {
  let minute = -1;
  let counts = new Map<string, number>();
  return (key: string) => {
    const now = Date.now();
    const current = Math.floor(now / 60_000);
    if (current !== minute) {
      minute = current;
      counts = new Map();
    }
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return n > max ? Math.max(1, Math.ceil(((current + 1) * 60_000 - now) / 1000)) : 0;
  };
}

/**
 * `/tracker.js` and `POST /api/collect` (docs/features/statistics.md, docs/DEPLOY.md, SECURITY.md): public (no session, no CSRF token; a foreign `Origin`
 * is refused), `COLLECT_PER_MINUTE` beacons per address and minute counted in the database by the batch that
 * stores them (`collect-limit.ts`), so every server shares one limit, at most `STATS.collectMaxBytes` (413). A body
 * that is not a beacon is a 400; a bot's beacon is answered 204 and dropped. Browser and system come from the user
 * agent, country and city from the address (offline), which is never stored: without the tracker's visitor id a
 * visitor is `h:` + an HMAC of the day, address and user agent under the server's secret, so it changes daily. A
 * view's time is the server's less the `age` the tracker gives a beacon it sends again. The answer waits for the
 * collector's writer (`collector.ts`): 204 once the beacon is committed, 503 with Retry-After when it could not
 * be stored, 429 over the limit or with the queue full.
 */
export const analyticsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { collector, close } = openCollector(ctx.db);
  collector.logger = app.log;
  app.addHook('onClose', close);
  const overLocalLimit = localCount(COLLECT_PER_MINUTE);
  const stopRetention = startRawEventRetention(ctx.db, ctx.config.analyticsRawDays, (err) =>
    app.log.warn({ err }, 'removing old raw analytics events failed'),
  );
  app.addHook('onClose', async () => stopRetention());
  /** Answers once the beacon is committed (204), refused by the shared limit (429) or not stored (503). */
  const store = async (request: FastifyRequest, reply: FastifyReply, beacon: Beacon) => {
    const stored = collector.add(beacon, hmac(ctx.config.sessionSecret, `collect:${request.ip}`));
    if (!stored) throw throttled(1);
    let wait: number;
    try {
      wait = await stored;
    } catch {
      // The collector logged it once for its batch; the tracker keeps the beacon and sends it again.
      return reply
        .code(503)
        .header('Retry-After', String(COLLECT_RETRY_AFTER))
        .send(errorBody(t(request.lang ?? 'sk', 'http.unavailable')));
    }
    if (wait) throw throttled(wait);
    return reply.code(204).send();
  };

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
  app.get('/tracker.js', { logLevel: 'warn', schema: { response: TRACKER_RESPONSES } }, async (request, reply) => {
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
      config: { csrf: false },
      schema: { response: COLLECT_RESPONSES },
    },
    async (request, reply) => {
      const wait = overLocalLimit(request.ip);
      if (wait) throw throttled(wait);
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

      const at = new Date(Date.now() - beacon.age);
      const visitor =
        beacon.visitor ??
        `h:${hmac(ctx.config.sessionSecret, `visitor:${dayOf(at)}:${request.ip}:${userAgent}`).slice(0, 40)}`;
      if (beacon.type === 'leave') {
        return store(request, reply, { type: 'leave', visitor, viewKey: beacon.view, ms: beacon.ms });
      }
      const language = (beacon.language || String(request.headers['accept-language'] ?? '').split(/[,;]/)[0] || '')
        .trim()
        .toLowerCase()
        .slice(0, 35);
      return store(request, reply, {
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
    },
  );
};
