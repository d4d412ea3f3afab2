import { z } from 'zod';
import type { ListMeta } from '../api.js';
import { listMetaSchema } from './api.js';
import type { FormKind } from './form.js';
import { listQuerySchema } from './list.js';

/**
 * The statistics API (docs/spec-index.md S1.3 Dashboard stats, S2.3 Statistics rows, S2.7, S2.9; docs/features/statistics.md), answered from the
 * product's own analytics. Every call takes `startDate` and `endDate` as YYYY-MM-DD (both included, the server's
 * day in Europe/Bratislava); a range past today or reversed is a 422. Tables also take the list query (page,
 * per_page, sort, order, search).
 */
export const STATS = {
  /** A session ends after this long without a page view. */
  sessionTimeoutMs: 30 * 60 * 1000,
  /** The largest body `POST /api/collect` takes. */
  collectMaxBytes: 64 * 1024,
  /** The dashboard and the statistics screens start with the last 7 days up to yesterday. */
  defaultDays: 7,
  /** The local-storage key of the statistics date range, shared by the five screens. */
  rangeStorageKey: 'stats.dateRange',
  dateFormat: 'YYYY-MM-DD',
  chartHeight: { dashboard: 361, traffic: 350 },
  currency: 'EUR',
} as const;

export const STATS_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** One day of a series. */
export interface StatsPoint {
  date: string;
  value: number;
}

/** `data[3]` of the traffic answer. Rates are percentages (0–100), durations seconds, value in EUR. */
export interface TrafficTotals {
  users: number;
  newUsers: number;
  sessions: number;
  pageviews: number;
  pageviewsPerSession: number;
  bounceRate: number;
  avgSessionDuration: number;
  goal1ConversionRate: number;
  goal1Completions: number;
  goal1Value: number;
}

/** `GET /api/stats/traffic`: users, new users and page views per day of the range, then the totals. */
export interface TrafficResponse {
  data: [StatsPoint[], StatsPoint[], StatsPoint[], TrafficTotals];
}

/** A row of `GET /api/stats/content` (default pageviews descending). Rates in %, timeOnPage in seconds. */
export interface ContentStatsRow {
  path: string;
  pageviews: number;
  pageviewsRate: number;
  entrances: number;
  entrancesRate: number;
  exits: number;
  exitsRate: number;
  timeOnPage: number;
}

/** The dimensions of the session tables (default sessions descending). */
export const STATS_SOURCES = ['page', 'keyword', 'search'] as const;
export const STATS_DEMOGRAPHY = ['country', 'city', 'language'] as const;
export const STATS_DEVICES = ['browser', 'system'] as const;
export type StatsSource = (typeof STATS_SOURCES)[number];
export type StatsDemography = (typeof STATS_DEMOGRAPHY)[number];
export type StatsDevice = (typeof STATS_DEVICES)[number];

/**
 * A row of `/api/stats/source/{page|keyword|search}` (`path`: the referring page, the search keyword, or the
 * search engine), `/api/stats/demography/{country|city|language}` and `/api/stats/device/{browser|system}`: the
 * dimension's value under its own name, with sessions and their share in %.
 */
export type SessionStatsRow<K extends string> = { [key in K]: string } & {
  sessions: number;
  sessionsRate: number;
  /** Country rows only: the ISO 3166-1 alpha-2 code of the country, for its name in the UI's language. */
  code?: string;
};

/** The value of a session table's row for visitors the server could not place or recognise. */
export const STATS_NOT_SET = '(not set)';

export interface StatsListResponse<Row> {
  data: Row[];
  meta: ListMeta;
}

/** The message keys of a refused date range (422, on `startDate` or `endDate`). */
export const STATS_ERRORS = {
  /** Not a real YYYY-MM-DD date. */
  date: 'errors.date',
  /** The range goes beyond today. */
  future: 'errors.dateFuture',
  /** The start is after the end, or the range is longer than `STATS_MAX_RANGE_DAYS`. */
  range: 'errors.dateRange',
} as const;

/** The longest range a statistics call answers (days). */
export const STATS_MAX_RANGE_DAYS = 3 * 366;

/** The value of goal 1 (a form submission by a tracked visitor) per form, in EUR. */
export const GOAL_VALUES: Record<FormKind, number> = { contact: 10, price: 50, registration: 30 };

/** The name of the hidden field the tracker adds to the site's forms. */
export const VISITOR_FIELD = 'visitor_id';
/** A tracker's visitor id or page-view id: up to 64 letters, digits, `-` and `_`. */
export const trackerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

const text = (max: number) => z.string().max(max).optional().default('');

/** The oldest a beacon may say it is (`age`, ms): the tracker keeps unsent beacons for the tab's life. */
export const COLLECT_MAX_AGE_MS = 86_400_000;
/** How long ago the tracker made a beacon it sends again (ms; capped at a day, anything else is 0). */
const age = z.preprocess(
  (v) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? Math.min(v, COLLECT_MAX_AGE_MS) : 0),
  z.number(),
);

/**
 * A beacon of `/tracker.js` to `POST /api/collect`: a page view (`type: 'view'`) or the time the page was visible
 * when it was hidden (`type: 'leave'`, `ms` so far, sent again each time it is hidden). Anything else is a 400.
 */
export const collectSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('view'),
    visitor: trackerIdSchema.optional(),
    age,
    view: trackerIdSchema,
    path: z.string().min(1).max(2048),
    referrer: text(2048),
    utm_source: text(255),
    utm_medium: text(255),
    utm_campaign: text(255),
    utm_term: text(255),
    utm_content: text(255),
    language: text(35),
    screen: z
      .string()
      .regex(/^\d{1,5}x\d{1,5}$/)
      .optional(),
  }),
  z.object({
    type: z.literal('leave'),
    visitor: trackerIdSchema.optional(),
    age,
    view: trackerIdSchema,
    ms: z
      .number()
      .int()
      .min(0)
      .max(24 * 60 * 60 * 1000),
  }),
]);
export type CollectBeacon = z.infer<typeof collectSchema>;

/* ── Answers of /api/stats (docs/api.md): the server serializes through these. ── */

/** `GET /api/stats/totals`: the dashboard's counts of live records by model (User, Text, Page, Blog, Form, …). */
export const statsTotalsResponseSchema = z.object({
  data: z
    .record(z.string(), z.number().int())
    .meta({ id: 'DashboardTotals', description: 'Live records by log model name, e.g. {"Page": 12, "Form": 3}.' }),
});

/** One day of a series: the day (YYYY-MM-DD) and its count. */
export const statsPointSchema = z
  .object({ date: z.string().regex(STATS_DATE_PATTERN), value: z.number().int() })
  .meta({ id: 'StatsPoint' });

/** `TrafficTotals` as answered: rates in %, durations in seconds, the goal's value in EUR. */
export const trafficTotalsSchema = z
  .object({
    users: z.number().int(),
    newUsers: z.number().int(),
    sessions: z.number().int(),
    pageviews: z.number().int(),
    pageviewsPerSession: z.number(),
    bounceRate: z.number(),
    avgSessionDuration: z.number(),
    goal1ConversionRate: z.number(),
    goal1Completions: z.number().int(),
    goal1Value: z.number(),
  })
  .meta({ id: 'TrafficTotals' });

/** `GET /api/stats/traffic`: users, new users and page views per day of the range, then the totals. */
export const trafficResponseSchema = z.object({
  data: z.tuple([z.array(statsPointSchema), z.array(statsPointSchema), z.array(statsPointSchema), trafficTotalsSchema]),
});

/** A statistics table's answer: `{data, meta}` (no abilities: the tables are read-only). */
const statsList = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), meta: listMetaSchema as unknown as z.ZodType<ListMeta> });

/** `GET /api/stats/content`: page views, entrances and exits of each path with their shares (%), time on page (s). */
export const contentStatsResponseSchema = statsList(
  z
    .object({
      path: z.string(),
      pageviews: z.number().int(),
      pageviewsRate: z.number(),
      entrances: z.number().int(),
      entrancesRate: z.number(),
      exits: z.number().int(),
      exitsRate: z.number(),
      timeOnPage: z.number(),
    })
    .meta({ id: 'ContentStatsRow' }),
);

/**
 * The answer of a session table whose rows name their value under `key` (`path` for the sources, else the
 * dimension: country, city, language, browser, system); country rows add `code` (ISO 3166-1 alpha-2).
 */
const sessionStatsSchemas = new Map<string, ReturnType<typeof sessionStatsList>>();
const sessionStatsList = (key: string) =>
  statsList(
    z
      .object({
        [key]: z.string(),
        sessions: z.number().int(),
        sessionsRate: z.number(),
        ...(key === 'country' ? { code: z.string().optional() } : {}),
      })
      .meta({ id: `SessionsBy${key[0]?.toUpperCase()}${key.slice(1)}Row` }),
  );
export const sessionStatsResponseSchema = (key: string) => {
  let schema = sessionStatsSchemas.get(key);
  if (!schema) {
    schema = sessionStatsList(key);
    sessionStatsSchemas.set(key, schema);
  }
  return schema;
};

/**
 * The range of a statistics call as the document shows it. The server checks the days themselves (a real date, not
 * after today, not reversed, at most `STATS_MAX_RANGE_DAYS`: 422 with `STATS_ERRORS`); here only that each is
 * one text, so a repeated parameter is refused with the same key.
 */
const statsDay = (description: string) => z.string({ error: STATS_ERRORS.date }).optional().meta({ description });
export const statsRangeQuerySchema = z.object({
  startDate: statsDay('The first day, YYYY-MM-DD. Without both days: the last 7 days up to yesterday.'),
  endDate: statsDay('The last day, YYYY-MM-DD, not after today (Europe/Bratislava).'),
});
/** A statistics table's query: the range and the list parameters (page, per_page, sort, order, search). */
export const statsTableQuerySchema = listQuerySchema.extend(statsRangeQuerySchema.shape);
