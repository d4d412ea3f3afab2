import type {
  ContentStatsRow,
  SessionStatsRow,
  StatsDemography,
  StatsDevice,
  StatsListResponse,
  StatsSource,
  TrafficResponse,
  TranslationSummaryRow,
} from '@backoffice/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Query, request } from './client';

/** Counts per model, e.g. `{Text: 12, User: 3}`. */
export type StatsTotals = Record<string, number>;

/** The days a statistics call covers, both included, as YYYY-MM-DD. */
export interface StatsDates {
  startDate: string;
  endDate: string;
}

/** The session tables: `source/page`, `demography/country`, `device/browser`, … */
export type SessionTable = `source/${StatsSource}` | `demography/${StatsDemography}` | `device/${StatsDevice}`;

/** The name a session table's row gives its dimension: the source tables call theirs `path`. */
export type SessionDimension<T extends SessionTable> = T extends `source/${string}`
  ? 'path'
  : T extends `${string}/${infer D}`
    ? D
    : never;

export const STATS_KEY = 'stats';

/**
 * How long a statistics answer is reused: one range is loaded once when the dashboard and the traffic screen, or
 * two visits of one screen, ask for it within this time (the roll-ups change slowly).
 */
const STATS_FRESH_MS = 60_000;

/** GET /api/stats/totals → record counts per content type. */
export function useStatsTotals(dates: StatsDates) {
  return useQuery({
    queryKey: [STATS_KEY, 'totals', dates],
    queryFn: async ({ signal }) =>
      (await request<{ data: StatsTotals }>('GET', '/api/stats/totals', { query: { ...dates }, signal })).data,
    staleTime: STATS_FRESH_MS,
  });
}

/** GET /api/stats/traffic → users, new users and page views per day, then the totals (docs/spec-index.md S1.3). */
export function useTraffic(dates: StatsDates) {
  return useQuery({
    queryKey: [STATS_KEY, 'traffic', dates],
    queryFn: async ({ signal }) =>
      (await request<TrafficResponse>('GET', '/api/stats/traffic', { query: { ...dates }, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: STATS_FRESH_MS,
  });
}

/**
 * One page of a statistics table (`content` or a session table). A failed load is ignored (docs/spec-index.md S2.8): no
 * notification, no retry; the table shows its empty text.
 */
export function useStatsTable<Row>(table: 'content' | SessionTable, dates: StatsDates, params: Query) {
  return useQuery({
    queryKey: [STATS_KEY, table, dates, params],
    queryFn: ({ signal }) =>
      request<StatsListResponse<Row>>('GET', `/api/stats/${table}`, { query: { ...dates, ...params }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
    meta: { silent: true },
  });
}

export type ContentStatsPage = StatsListResponse<ContentStatsRow>;
export type SessionStatsPage<T extends SessionTable> = StatsListResponse<SessionStatsRow<SessionDimension<T>>>;

/**
 * GET /api/stats/translations → per translated resource, the live records with a locale missing a field or
 * outdated (docs/features/translations.md). Always refetched on the dashboard: a save elsewhere changes it.
 */
export function useTranslationSummary() {
  return useQuery({
    queryKey: [STATS_KEY, 'translations'],
    queryFn: async ({ signal }) =>
      (await request<{ data: TranslationSummaryRow[] }>('GET', '/api/stats/translations', { signal })).data,
    staleTime: 0,
  });
}
