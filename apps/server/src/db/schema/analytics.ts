import {
  bigint,
  bigserial,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ts } from './base.js';

/*
 * ── First-party analytics (docs/features/statistics.md, docs/DEPLOY.md) ──
 * Raw facts (`analytics_pageviews`, `analytics_sessions`, `analytics_goals`) are written by `POST /api/collect` and
 * the public forms; the daily roll-ups beside them are updated in the same transaction, and every `/api/stats/*`
 * answer reads roll-ups only, so the raw tables can move to a column store without changing an answer. A `day` is
 * the server's calendar day in Europe/Bratislava. The raw client address is never stored.
 */

const day = () => date('day', { mode: 'string' }).notNull();
/** A visitor: the tracker's first-party id, or `h:` + a salted daily hash of address and user agent. */
const visitor = () => varchar('visitor_id', { length: 64 }).notNull();

/** Every visitor once: when first seen (a user is new on the day of their first session). */
export const analyticsVisitors = pgTable('analytics_visitors', {
  id: varchar('id', { length: 64 }).primaryKey(),
  first_day: day(),
  first_seen_at: ts('first_seen_at').notNull().defaultNow(),
});

/** A visit: page views of one visitor with no gap of `STATS.sessionTimeoutMs`; attributed to the day it starts. */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    id: serial('id').primaryKey(),
    visitor_id: visitor(),
    day: day(),
    started_at: ts('started_at').notNull(),
    last_seen_at: ts('last_seen_at').notNull(),
    is_new: smallint('is_new').notNull().default(0),
    pageviews: integer('pageviews').notNull().default(0),
    /** The time on the session's pages (the tracker's visible time), milliseconds. */
    duration_ms: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
    entry_path: text('entry_path').notNull(),
    /** The last page seen and the day it was seen on (its exit is counted there). */
    exit_path: text('exit_path').notNull(),
    exit_day: date('exit_day', { mode: 'string' }).notNull(),
    referrer_page: text('referrer_page').notNull().default(''),
    search_engine: varchar('search_engine', { length: 32 }).notNull().default(''),
    keyword: text('keyword').notNull().default(''),
    utm_source: varchar('utm_source', { length: 255 }).notNull().default(''),
    utm_medium: varchar('utm_medium', { length: 255 }).notNull().default(''),
    utm_campaign: varchar('utm_campaign', { length: 255 }).notNull().default(''),
    country: varchar('country', { length: 100 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull().default(''),
    language: varchar('language', { length: 35 }).notNull().default(''),
    browser: varchar('browser', { length: 64 }).notNull().default(''),
    system: varchar('system', { length: 64 }).notNull().default(''),
    screen: varchar('screen', { length: 20 }).notNull().default(''),
    goal_completions: integer('goal_completions').notNull().default(0),
    goal_value: integer('goal_value').notNull().default(0),
  },
  (t) => [
    index('analytics_sessions_visitor_idx').on(t.visitor_id, t.last_seen_at),
    index('analytics_sessions_day_idx').on(t.day),
  ],
);

/** One page view as the tracker sent it; `duration_ms` grows with the page's leave beacons. */
export const analyticsPageviews = pgTable(
  'analytics_pageviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The tracker's id of this view, so its leave beacon finds it. */
    view_key: varchar('view_key', { length: 64 }).notNull(),
    visitor_id: visitor(),
    session_id: integer('session_id')
      .notNull()
      .references(() => analyticsSessions.id, { onDelete: 'cascade' }),
    day: day(),
    at: ts('at').notNull(),
    path: text('path').notNull(),
    referrer: text('referrer').notNull().default(''),
    utm_source: varchar('utm_source', { length: 255 }).notNull().default(''),
    utm_medium: varchar('utm_medium', { length: 255 }).notNull().default(''),
    utm_campaign: varchar('utm_campaign', { length: 255 }).notNull().default(''),
    utm_term: varchar('utm_term', { length: 255 }).notNull().default(''),
    utm_content: varchar('utm_content', { length: 255 }).notNull().default(''),
    duration_ms: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('analytics_pageviews_view_idx').on(t.visitor_id, t.view_key),
    index('analytics_pageviews_day_idx').on(t.day),
  ],
);

/** Goal 1: a form submission by a tracked visitor, with its value in EUR. */
export const analyticsGoals = pgTable(
  'analytics_goals',
  {
    id: serial('id').primaryKey(),
    visitor_id: visitor(),
    session_id: integer('session_id').references(() => analyticsSessions.id, { onDelete: 'set null' }),
    day: day(),
    at: ts('at').notNull().defaultNow(),
    form_kind: varchar('form_kind', { length: 32 }).notNull(),
    submission_id: integer('submission_id'),
    value: integer('value').notNull().default(0),
  },
  (t) => [index('analytics_goals_day_idx').on(t.day)],
);

/* ── Daily roll-ups: what the answers read ── */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Per day: users (distinct visitors with a view that day), new users, sessions, views, bounces, time, goals, and
 * the day's visitors as a HyperLogLog sketch (`sketch.ts`; null until built), which a long range merges instead of
 * counting its day × visitor rows.
 */
export const analyticsDaily = pgTable('analytics_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  users: integer('users').notNull().default(0),
  users_sketch: bytea('users_sketch'),
  new_users: integer('new_users').notNull().default(0),
  sessions: integer('sessions').notNull().default(0),
  pageviews: integer('pageviews').notNull().default(0),
  bounces: integer('bounces').notNull().default(0),
  duration_ms: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
  goal_completions: integer('goal_completions').notNull().default(0),
  goal_value: integer('goal_value').notNull().default(0),
});

/** Per day × visitor with a view that day: users over a range are the distinct visitors of its rows. */
export const analyticsDailyVisitors = pgTable(
  'analytics_daily_visitors',
  { day: day(), visitor_id: visitor() },
  (t) => [primaryKey({ columns: [t.day, t.visitor_id] })],
);

/** What a path counts: views, entrances, exits, the time its views were visible and how many views sent a time. */
const pathCounters = () => ({
  pageviews: integer('pageviews').notNull().default(0),
  entrances: integer('entrances').notNull().default(0),
  exits: integer('exits').notNull().default(0),
  time_ms: bigint('time_ms', { mode: 'number' }).notNull().default(0),
  timed: integer('timed').notNull().default(0),
});

/** Per day × path: views, entrances, exits and the measured time on the page (`timed`: views with a time). */
export const analyticsDailyPaths = pgTable(
  'analytics_daily_paths',
  {
    day: day(),
    path: text('path').notNull(),
    ...pathCounters(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Per calendar month (its first day) × path: the sums of `analytics_daily_paths`, so a year reads 12 rows a path. */
export const analyticsMonthlyPaths = pgTable(
  'analytics_monthly_paths',
  {
    month: date('month', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    ...pathCounters(),
  },
  (t) => [primaryKey({ columns: [t.month, t.path] })],
);

/**
 * Per calendar month (its first day): the users sketch of the whole month, the merge of its days' sketches. Kept
 * only for months that are over (they no longer change), built the first time a range covers one.
 */
export const analyticsMonthlyUsers = pgTable('analytics_monthly_users', {
  month: date('month', { mode: 'string' }).primaryKey(),
  users_sketch: bytea('users_sketch').notNull(),
});

/**
 * Per day × dimension × value: sessions started that day (dimension: country, city, language, browser, system,
 * page (the referring page), keyword, search (the search engine)).
 */
export const analyticsDailyDims = pgTable(
  'analytics_daily_dims',
  {
    day: day(),
    dim: varchar('dim', { length: 16 }).notNull(),
    value: text('value').notNull(),
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dim, t.day, t.value] })],
);

/** Per calendar month (its first day) × dimension × value: the sums of `analytics_daily_dims`. */
export const analyticsMonthlyDims = pgTable(
  'analytics_monthly_dims',
  {
    month: date('month', { mode: 'string' }).notNull(),
    dim: varchar('dim', { length: 16 }).notNull(),
    value: text('value').notNull(),
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dim, t.month, t.value] })],
);

/**
 * The collector's rate limit (docs/DEPLOY.md): beacons counted per address and minute, shared by every server process.
 * `key` is an HMAC of the address under the server's secret (never the address itself); rows of past minutes are
 * removed by the collector.
 */
export const analyticsCollectCounts = pgTable(
  'analytics_collect_counts',
  {
    key: varchar('key', { length: 64 }).notNull(),
    /** Minutes since the Unix epoch, by the database's clock. */
    minute: integer('minute').notNull(),
    beacons: integer('beacons').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.minute] })],
);
