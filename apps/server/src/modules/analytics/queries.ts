import type {
  ContentStatsRow,
  ListQuery,
  SessionStatsRow,
  StatsListResponse,
  StatsPoint,
  TrafficResponse,
  TrafficTotals,
} from '@backoffice/shared';
import {
  and,
  asc,
  between,
  count,
  countDistinct,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  analyticsDaily,
  analyticsDailyDims,
  analyticsDailyPaths,
  analyticsDailyVisitors,
  analyticsMonthlyDims,
  analyticsMonthlyPaths,
  analyticsMonthlyUsers,
} from '../../db/schema.js';
import { likePattern, pageMeta, resolveSort } from '../../resources/paging.js';
import { countryCode } from './client-info.js';
import { addDays, dayOf, daysBetween, monthsBetween, nextMonth, splitByMonth } from './days.js';
import { type Dimension, fillSketches } from './rollups.js';
import { emptySketch, estimate, mergeSketch } from './sketch.js';

/*
 * The answers of `/api/stats/*` (docs/spec-index.md S2.3, S2.7). Each reads the roll-ups only (never the raw views), so a range
 * costs one row per day, per path or per dimension value (per month and path for the whole months of a range), and
 * the raw tables can move elsewhere.
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
 * Up to this many day × visitor rows (the sum of the days' users), the users of a range are counted exactly;
 * beyond it, the days' HyperLogLog sketches are merged (about 0.8 % standard error, as GA4 estimates its users).
 */
export const EXACT_USERS_LIMIT = 100_000;

const { users_sketch: _sketch, ...dailyCounters } = getTableColumns(analyticsDaily);

/** Distinct visitors over a range whose days have `dayUsers` users in all. */
async function usersOf(db: Db, range: Range, dayUsers: number, exactUsersLimit: number): Promise<number> {
  const today = dayOf(new Date());
  if (dayUsers <= exactUsersLimit) {
    const [row] = await db
      .select({ n: countDistinct(analyticsDailyVisitors.visitor_id) })
      .from(analyticsDailyVisitors)
      .where(between(analyticsDailyVisitors.day, range.startDate, range.endDate));
    return num(row?.n);
  }
  await fillSketches(db, daysBetween(range.startDate, range.endDate));
  const sketch = emptySketch();
  const dailySketches = (from: string, to: string) =>
    db
      .select({ sketch: analyticsDaily.users_sketch })
      .from(analyticsDaily)
      .where(and(between(analyticsDaily.day, from, to), isNotNull(analyticsDaily.users_sketch)));
  const { months, days } = splitByMonth(range.startDate, range.endDate);
  for (const [from, to] of days) for (const row of await dailySketches(from, to)) mergeSketch(sketch, row.sketch);
  const lastDay = (month: string) => addDays(nextMonth(month), -1);
  const whole = months ? monthsBetween(months[0], months[1]) : [];
  // A month that is over no longer changes: its sketch is kept; one not over yet is read from its days.
  const ended = whole.filter((month) => lastDay(month) < today);
  const kept = ended.length
    ? await db
        .select({ month: analyticsMonthlyUsers.month, sketch: analyticsMonthlyUsers.users_sketch })
        .from(analyticsMonthlyUsers)
        .where(inArray(analyticsMonthlyUsers.month, ended))
    : [];
  const keptBy = new Map(kept.map((row) => [row.month, row.sketch]));
  for (const month of whole) {
    let monthly = keptBy.get(month);
    if (!monthly) {
      monthly = emptySketch();
      for (const row of await dailySketches(month, lastDay(month))) mergeSketch(monthly, row.sketch);
      if (lastDay(month) < today) {
        await db.insert(analyticsMonthlyUsers).values({ month, users_sketch: monthly }).onConflictDoNothing();
      }
    }
    mergeSketch(sketch, monthly);
  }
  return estimate(sketch);
}

/**
 * Users, new users and page views for every day of the range (zeros included), then the totals. Users over the
 * range are distinct visitors (a visitor of two days counts once: `usersOf`); the other totals are sums of the
 * daily rows. Rates are percentages, durations seconds; the session duration is the time the session's pages were
 * visible.
 */
export async function trafficOf(db: Db, range: Range, exactUsersLimit = EXACT_USERS_LIMIT): Promise<TrafficResponse> {
  const rows = await db
    .select(dailyCounters)
    .from(analyticsDaily)
    .where(between(analyticsDaily.day, range.startDate, range.endDate));
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
    users: await usersOf(
      db,
      range,
      total((r) => r.users),
      exactUsersLimit,
    ),
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
 * A roll-up over a range as one union: its monthly table for the whole months the range covers, its daily table
 * for the days around them (`splitByMonth`; a year ending mid-month reads 11 months and about 30 days).
 */
function overRange<Q extends { as: unknown }>(
  range: Range,
  part: (table: 'daily' | 'monthly', from: string, to: string) => Q,
): Q {
  const { months, days } = splitByMonth(range.startDate, range.endDate);
  const parts = [
    ...days.map(([from, to]) => part('daily', from, to)),
    ...(months ? [part('monthly', months[0], months[1])] : []),
  ];
  const [first, second, ...rest] = parts;
  if (!first) throw new Error('a range has days or months');
  // The parts have one selection, which the types of `unionAll` cannot see through a generic.
  return second ? (unionAll(first as never, second as never, ...(rest as never[])) as unknown as Q) : first;
}

/** The path rows of one table between two days (daily) or months (monthly). */
function pathsIn(db: Db, table: 'daily' | 'monthly', from: string, to: string, search: string | undefined) {
  const t = table === 'daily' ? analyticsDailyPaths : analyticsMonthlyPaths;
  const period = table === 'daily' ? analyticsDailyPaths.day : analyticsMonthlyPaths.month;
  return db
    .select({
      path: sql<string>`${t.path}`.as('path'),
      pageviews: sql<number>`${t.pageviews}`.as('pageviews'),
      entrances: sql<number>`${t.entrances}`.as('entrances'),
      exits: sql<number>`${t.exits}`.as('exits'),
      time_ms: sql<number>`${t.time_ms}`.as('time_ms'),
      timed: sql<number>`${t.timed}`.as('timed'),
    })
    .from(t)
    .where(and(between(period, from, to), search ? ilike(t.path, likePattern(search)) : undefined));
}

const pathRowsOf = (db: Db, range: Range, search: string | undefined) =>
  overRange(range, (table, from, to) => pathsIn(db, table, from, to, search)).as('p');

/**
 * Pages of the range (default page views descending): views, entrances and exits with their share of the range's
 * total in %, and the average time a view of the page was visible (seconds, over the views whose time arrived).
 */
export async function contentOf(db: Db, range: Range, query: ListQuery): Promise<StatsListResponse<ContentStatsRow>> {
  const t = pathRowsOf(db, range, query.search);
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
  const totalsOf = (rows: typeof t) =>
    db
      .select({
        paths: countDistinct(rows.path),
        pageviews: sum(rows.pageviews).mapWith(Number),
        entrances: sum(rows.entrances).mapWith(Number),
        exits: sum(rows.exits).mapWith(Number),
      })
      .from(rows);

  const [[totals], rows, [all]] = await Promise.all([
    totalsOf(t),
    db
      .select({ path: t.path, pageviews, entrances, exits, time })
      .from(t)
      .groupBy(t.path)
      .orderBy(direction(column[order.sort]), asc(t.path))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    // Rates are shares of all the pages of the range, whatever the search narrows the table to.
    query.search ? totalsOf(pathRowsOf(db, range, undefined)) : [undefined],
  ]);
  const whole = all ?? totals;
  return {
    data: rows.map((r) => ({
      path: r.path,
      pageviews: r.pageviews,
      pageviewsRate: rate(r.pageviews, num(whole?.pageviews)),
      entrances: r.entrances,
      entrancesRate: rate(r.entrances, num(whole?.entrances)),
      exits: r.exits,
      exitsRate: rate(r.exits, num(whole?.exits)),
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
  const rowsOf = (search: string | undefined) =>
    overRange(range, (table, from, to) => {
      const d = table === 'daily' ? analyticsDailyDims : analyticsMonthlyDims;
      const period = table === 'daily' ? analyticsDailyDims.day : analyticsMonthlyDims.month;
      return db
        .select({ value: sql<string>`${d.value}`.as('value'), sessions: sql<number>`${d.sessions}`.as('sessions') })
        .from(d)
        .where(
          and(eq(d.dim, dim), between(period, from, to), search ? ilike(d.value, likePattern(search)) : undefined),
        );
    }).as('d');
  const t = rowsOf(query.search);
  const sessions = sql<number>`sum(${t.sessions})`.mapWith(Number);
  const sorts = [key, 'sessions', 'sessionsRate'] as const;
  const order = resolveSort(query, sorts, { sort: 'sessions', order: 'desc' });
  const direction = order.order === 'asc' ? asc : desc;
  const sortColumn = order.sort === key ? sql`${t.value}` : sessions;
  const whole = rowsOf(undefined);

  const [[all], [matching], rows] = await Promise.all([
    db.select({ n: sum(whole.sessions).mapWith(Number) }).from(whole),
    db.select({ n: countDistinct(t.value) }).from(t),
    db
      .select({ value: t.value, sessions })
      .from(t)
      .groupBy(t.value)
      .orderBy(direction(sortColumn), asc(t.value))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  return {
    data: rows.map((r) => {
      const row = { [key]: r.value, sessions: r.sessions, sessionsRate: rate(r.sessions, num(all?.n)) };
      const code = dim === 'country' ? countryCode(r.value) : undefined;
      return (code ? { ...row, code } : row) as SessionStatsRow<K>;
    }),
    meta: pageMeta(num(matching?.n), query.page, query.per_page),
  };
}

/** Whether any traffic has been recorded (the demo adds its own only to an empty table). */
export async function hasTraffic(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(analyticsDaily);
  return num(row?.n) > 0;
}
