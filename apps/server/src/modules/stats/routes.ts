import {
  contentStatsResponseSchema,
  STATS,
  STATS_DEMOGRAPHY,
  STATS_DEVICES,
  STATS_ERRORS,
  STATS_MAX_RANGE_DAYS,
  STATS_SOURCES,
  sessionStatsResponseSchema,
  statsRangeQuerySchema,
  statsTableQuerySchema,
  statsTotalsResponseSchema,
  trafficResponseSchema,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { invalid } from '../../http/errors.js';
import { authenticate } from '../../http/session.js';
import { addDays, dayOf, isRealDay, rangeLength } from '../analytics/days.js';
import { contentOf, type Range, sessionsBy, trafficOf } from '../analytics/queries.js';
import type { Dimension } from '../analytics/rollups.js';
import { dashboardTotals } from './service.js';

/**
 * The range of a statistics call: `startDate`..`endDate` (YYYY-MM-DD, both included). Neither given: the last
 * `STATS.defaultDays` days up to yesterday. Not a real date, a range beyond today (Europe/Bratislava), a reversed
 * or an over-long range → 422 with the field's key (`STATS_ERRORS`).
 */
export function rangeOf(query: unknown, now = new Date()): Range {
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const today = dayOf(now);
  if (q.startDate === undefined && q.endDate === undefined) {
    return { startDate: addDays(today, -STATS.defaultDays), endDate: addDays(today, -1) };
  }
  const errors: Record<string, string[]> = {};
  const read = (field: 'startDate' | 'endDate') => {
    const value = q[field];
    if (typeof value !== 'string' || !isRealDay(value)) {
      errors[field] = [STATS_ERRORS.date];
      return '';
    }
    if (value > today) errors[field] = [STATS_ERRORS.future];
    return value;
  };
  const startDate = read('startDate');
  const endDate = read('endDate');
  if (!errors.startDate && !errors.endDate) {
    if (startDate > endDate) errors.endDate = [STATS_ERRORS.range];
    else if (rangeLength(startDate, endDate) > STATS_MAX_RANGE_DAYS) errors.startDate = [STATS_ERRORS.range];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return { startDate, endDate };
}

/** The session tables: URL group → its dimensions, each answered as `[dimension, row key]`. */
const SESSION_TABLES = {
  source: Object.fromEntries(STATS_SOURCES.map((d) => [d, [d, 'path']])),
  demography: Object.fromEntries(STATS_DEMOGRAPHY.map((d) => [d, [d, d]])),
  device: Object.fromEntries(STATS_DEVICES.map((d) => [d, [d, d]])),
} as Record<string, Record<string, [Dimension, string]>>;

export const statsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate);
  // Every beacon acknowledged (by any server) is committed, so an answer read from the database includes it.
  app.get('/totals', { schema: { response: { 200: statsTotalsResponseSchema } } }, async () => {
    return { data: await dashboardTotals(ctx.db) };
  });

  // The answers of the statistics screens (docs/spec-index.md S2.3, S2.7), read from the daily roll-ups.
  // The query schemas only take each day as one text; `rangeOf` checks the days (422 with STATS_ERRORS).
  app.get(
    '/traffic',
    { schema: { querystring: statsRangeQuerySchema, response: { 200: trafficResponseSchema } } },
    async (request) => trafficOf(ctx.db, rangeOf(request.query)),
  );
  app.get(
    '/content',
    { schema: { querystring: statsTableQuerySchema, response: { 200: contentStatsResponseSchema } } },
    async (request) => contentOf(ctx.db, rangeOf(request.query), request.query),
  );
  for (const [group, tables] of Object.entries(SESSION_TABLES)) {
    for (const [name, [dim, key]] of Object.entries(tables)) {
      app.get(
        `/${group}/${name}`,
        { schema: { querystring: statsTableQuerySchema, response: { 200: sessionStatsResponseSchema(key) } } },
        async (request) => sessionsBy(ctx.db, dim, key, rangeOf(request.query), request.query),
      );
    }
  }
};
