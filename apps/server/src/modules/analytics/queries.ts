import type {
  ContentStatsRow,
  ListQuery,
  SessionStatsRow,
  StatsListResponse,
  StatsPoint,
  TrafficResponse,
  TrafficTotals,
} from '@backoffice/shared';
import { and, asc, between, count, countDistinct, desc, eq, ilike, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { analyticsDaily, analyticsDailyDims, analyticsDailyPaths, analyticsDailyVisitors } from '../../db/schema.js';
import { likePattern, pageMeta, resolveSort } from '../../http/paging.js';
import { daysBetween } from './days.js';
import type { Dimension } from './rollups.js';

/*
 * The answers of `/api/stats/*` (spec 2 §3, §7). Each reads the daily roll-ups only (never the raw views), so a
 * range costs one row per day, per path or per dimension value, and the raw tables can move elsewhere.
 */

export interface Range {
  startDate: string;
  endDate: string;
}

const round = (n: number, places = 2) => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};
/** `part` of `whole` in %, 2 decimals; 0 of nothing. */
const rate = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100) : 0);
const num = (v: unknown) => Number(v ?? 0);

/**
 * Users, new users and page views for every day of the range (zeros included), then the totals. Users over the
 * range are the distinct visitors of the per day × visitor roll-up (a visitor of two days counts once); the other
 * totals are sums of the daily rows. Rates are percentages, durations seconds; the session duration is the time
 * the session's pages were visible.
 */
export async function trafficOf(db: Db, range: Range): Promise<TrafficResponse> {
  const inRange = between(analyticsDaily.day, range.startDate, range.endDate);
  const [rows, [distinct]] = await Promise.all([
    db.select().from(analyticsDaily).where(inRange),
    db
      .select({ n: countDistinct(analyticsDailyVisitors.visitor_id) })
      .from(analyticsDailyVisitors)
      .where(between(analyticsDailyVisitors.day, range.startDate, range.endDate)),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = daysBetween(range.startDate, range.endDate);
  const series = (pick: (r: (typeof rows)[number]) => number): StatsPoint[] =>
    days.map((date) => {
      const row = byDay.get(date);
      return { date, value: row ? pick(row) : 0 };
    });
  const total = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + num(pick(r)), 0);
  const sessions = total((r) => r.sessions);
  const pageviews = total((r) => r.pageviews);
  const completions = total((r) => r.goal_completions);
  const totals: TrafficTotals = {
    users: num(distinct?.n),
    newUsers: total((r) => r.new_users),
    sessions,
    pageviews,
    pageviewsPerSession: sessions ? round(pageviews / sessions) : 0,
    bounceRate: rate(
      total((r) => r.bounces),
      sessions,
    ),
    avgSessionDuration: sessions ? round(total((r) => r.duration_ms) / 1000 / sessions) : 0,
    goal1ConversionRate: rate(completions, sessions),
    goal1Completions: completions,
    goal1Value: total((r) => r.goal_value),
  };
  return {
    data: [series((r) => r.users), series((r) => r.new_users), series((r) => r.pageviews), totals],
  };
}

const CONTENT_SORTS = [
  'path',
  'pageviews',
  'pageviewsRate',
  'entrances',
  'entrancesRate',
  'exits',
  'exitsRate',
  'timeOnPage',
] as const;

/**
 * Pages of the range (default page views descending): views, entrances and exits with their share of the range's
 * total in %, and the average time a view of the page was visible (seconds, over the views whose time arrived).
 */
export async function contentOf(db: Db, range: Range, query: ListQuery): Promise<StatsListResponse<ContentStatsRow>> {
  const t = analyticsDailyPaths;
  const where = and(
    between(t.day, range.startDate, range.endDate),
    query.search ? ilike(t.path, likePattern(query.search)) : undefined,
  );
  const pageviews = sql<number>`sum(${t.pageviews})`.mapWith(Number);
  const entrances = sql<number>`sum(${t.entrances})`.mapWith(Number);
  const exits = sql<number>`sum(${t.exits})`.mapWith(Number);
  const time = sql<number>`coalesce(sum(${t.time_ms})::float8 / nullif(sum(${t.timed}), 0), 0)`.mapWith(Number);
  const order = resolveSort(query, CONTENT_SORTS, { sort: 'pageviews', order: 'desc' });
  const column: Record<(typeof CONTENT_SORTS)[number], SQL> = {
    path: sql`${t.path}`,
    pageviews,
    pageviewsRate: pageviews,
    entrances,
    entrancesRate: entrances,
    exits,
    exitsRate: exits,
    timeOnPage: time,
  };
  const direction = order.order === 'asc' ? asc : desc;

  const [totals] = await db
    .select({
      paths: countDistinct(t.path),
      pageviews: sum(t.pageviews).mapWith(Number),
      entrances: sum(t.entrances).mapWith(Number),
      exits: sum(t.exits).mapWith(Number),
    })
    .from(t)
    .where(where);
  const rows = await db
    .select({ path: t.path, pageviews, entrances, exits, time })
    .from(t)
    .where(where)
    .groupBy(t.path)
    .orderBy(direction(column[order.sort]), asc(t.path))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  // Rates are shares of all the pages of the range, whatever the search narrows the table to.
  const [all] = query.search
    ? await db
        .select({
          pageviews: sum(t.pageviews).mapWith(Number),
          entrances: sum(t.entrances).mapWith(Number),
          exits: sum(t.exits).mapWith(Number),
        })
        .from(t)
        .where(between(t.day, range.startDate, range.endDate))
    : [totals];
  return {
    data: rows.map((r) => ({
      path: r.path,
      pageviews: r.pageviews,
      pageviewsRate: rate(r.pageviews, num(all?.pageviews)),
      entrances: r.entrances,
      entrancesRate: rate(r.entrances, num(all?.entrances)),
      exits: r.exits,
      exitsRate: rate(r.exits, num(all?.exits)),
      timeOnPage: round(r.time / 1000),
    })),
    meta: pageMeta(num(totals?.paths), query.page, query.per_page),
  };
}

/**
 * Sessions of the range by one dimension (default sessions descending), each with its share in % of the sessions
 * the dimension counted in the range. The row names its value under `key` (path, country, city, language, browser,
 * system), as the screens read it.
 */
export async function sessionsBy<K extends string>(
  db: Db,
  dim: Dimension,
  key: K,
  range: Range,
  query: ListQuery,
): Promise<StatsListResponse<SessionStatsRow<K>>> {
  const t = analyticsDailyDims;
  const inRange = and(eq(t.dim, dim), between(t.day, range.startDate, range.endDate));
  const where = and(inRange, query.search ? ilike(t.value, likePattern(query.search)) : undefined);
  const sessions = sql<number>`sum(${t.sessions})`.mapWith(Number);
  const sorts = [key, 'sessions', 'sessionsRate'] as const;
  const order = resolveSort(query, sorts, { sort: 'sessions', order: 'desc' });
  const direction = order.order === 'asc' ? asc : desc;
  const sortColumn = order.sort === key ? sql`${t.value}` : sessions;

  const [[all], [matching], rows] = await Promise.all([
    db
      .select({ n: sum(t.sessions).mapWith(Number) })
      .from(t)
      .where(inRange),
    db
      .select({ n: countDistinct(t.value) })
      .from(t)
      .where(where),
    db
      .select({ value: t.value, sessions })
      .from(t)
      .where(where)
      .groupBy(t.value)
      .orderBy(direction(sortColumn), asc(t.value))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  return {
    data: rows.map(
      (r) =>
        ({ [key]: r.value, sessions: r.sessions, sessionsRate: rate(r.sessions, num(all?.n)) }) as SessionStatsRow<K>,
    ),
    meta: pageMeta(num(matching?.n), query.page, query.per_page),
  };
}

/** Whether any traffic has been recorded (the demo adds its own only to an empty table). */
export async function hasTraffic(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(analyticsDaily);
  return num(row?.n) > 0;
}
