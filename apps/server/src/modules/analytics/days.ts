import { SITE_TIME_ZONE, siteDayOf } from '@backoffice/shared';

/** The server's calendar (docs/features/statistics.md): a statistics day is a day in the site's zone (Europe/Bratislava). */
export const STATS_TIME_ZONE = SITE_TIME_ZONE;

/** The YYYY-MM-DD day of a moment in the statistics time zone. */
export const dayOf = (at: Date): string => siteDayOf(at);

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isRealDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** The days from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

/** How many days `start`..`end` covers, both included. */
export const rangeLength = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** The first day of `day`'s month. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month `n` months after `day`'s month. */
export function addMonths(day: string, n: number): string {
  const d = new Date(`${monthOf(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * `start`..`end` cut into the whole calendar months it covers (`months`: the first days of the first and last, or
 * null for none) and the day spans before and after them, so a roll-up can read months where it has them.
 */
export function splitByMonth(
  start: string,
  end: string,
): { months: [string, string] | null; days: [string, string][] } {
  const first = start === monthOf(start) ? start : addMonths(start, 1);
  const afterLast = addDays(end, 1) === addMonths(end, 1) ? addMonths(end, 1) : monthOf(end);
  if (first >= afterLast) return { months: null, days: [[start, end]] };
  const days: [string, string][] = [];
  if (start < first) days.push([start, addDays(first, -1)]);
  if (afterLast <= end) days.push([afterLast, end]);
  return { months: [first, addMonths(afterLast, -1)], days };
}

/** The first day of the month after `day`'s. */
export const nextMonth = (day: string) => addMonths(day, 1);

/** The first days of the months from `first`'s to `last`'s, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let m = monthOf(first); m <= last; m = addMonths(m, 1)) out.push(m);
  return out;
}
