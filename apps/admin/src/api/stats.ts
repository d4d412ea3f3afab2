import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { request } from './client';

/** Counts per model, e.g. `{Text: 12, User: 3}`. */
export type StatsTotals = Record<string, number>;

/** The dashboard range: the last 7 days ending yesterday, as YYYY-MM-DD (spec 1 §9). */
export function lastWeekRange(): { startDate: string; endDate: string } {
  const end = dayjs().subtract(1, 'day');
  return { startDate: end.subtract(6, 'day').format('YYYY-MM-DD'), endDate: end.format('YYYY-MM-DD') };
}

/** GET /api/stats/totals → record counts per content type. */
export function useStatsTotals() {
  return useQuery({
    queryKey: ['stats', 'totals'],
    queryFn: async ({ signal }) =>
      (await request<{ data: StatsTotals }>('GET', '/api/stats/totals', { query: lastWeekRange(), signal })).data,
  });
}
