import { STATS, STATS_DATE_PATTERN, siteDayOf } from '@backoffice/shared';
import dayjs, { type Dayjs } from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';

dayjs.extend(isoWeek);

/** A statistics date range as the API takes it: both days included, YYYY-MM-DD. */
export interface StatsRange {
  startDate: string;
  endDate: string;
}

/** The quick ranges of the picker, in the order shown (docs/spec-index.md S2.9). */
export const STATS_PRESETS = [
  'today',
  'yesterday',
  'thisMonth',
  'thisYear',
  'lastIsoWeek',
  'previous7Days',
  'previous30Days',
] as const;
export type StatsPreset = (typeof STATS_PRESETS)[number];

const format = (day: Dayjs) => day.format(STATS.dateFormat);

/**
 * Today in the site's calendar (Europe/Bratislava), the one the server counts statistics days in
 * (docs/features/statistics.md): an editor whose computer is in another zone gets the same "today" as the server,
 * which refuses a day after it.
 */
export const siteToday = (now: Date = new Date()): Dayjs => dayjs(siteDayOf(now));

/** The range from one day to another (both included). */
export const rangeOf = (start: Dayjs, end: Dayjs): StatsRange => ({ startDate: format(start), endDate: format(end) });

/** The last `days` days up to yesterday. */
function daysUpToYesterday(today: Dayjs, days: number): StatsRange {
  const end = today.subtract(1, 'day');
  return rangeOf(end.subtract(days - 1, 'day'), end);
}

/** The default of every statistics screen and the dashboard: the last 7 days up to yesterday. */
export const defaultRange = (today: Dayjs = siteToday()): StatsRange => daysUpToYesterday(today, STATS.defaultDays);

/** The days of a quick range; weeks start on Monday (the last ISO week is the previous Monday–Sunday). */
export function presetRange(preset: StatsPreset, today: Dayjs = siteToday()): StatsRange {
  const day = today.startOf('day');
  switch (preset) {
    case 'today':
      return rangeOf(day, day);
    case 'yesterday':
      return rangeOf(day.subtract(1, 'day'), day.subtract(1, 'day'));
    case 'thisMonth':
      return rangeOf(day.startOf('month'), day);
    case 'thisYear':
      return rangeOf(day.startOf('year'), day);
    case 'lastIsoWeek': {
      const monday = day.subtract(1, 'week').startOf('isoWeek');
      return rangeOf(monday, monday.add(6, 'day'));
    }
    case 'previous7Days':
      return daysUpToYesterday(day, 7);
    case 'previous30Days':
      return daysUpToYesterday(day, 30);
  }
}

/** A day of a range as the calendar's value. */
export const toDay = (date: string): Dayjs => dayjs(date);

/** Days after today cannot be chosen (docs/spec-index.md S2.5). */
export const isAfterToday = (day: Dayjs, today: Dayjs = siteToday()): boolean => day.isAfter(today, 'day');

function isDate(value: unknown): value is string {
  return typeof value === 'string' && STATS_DATE_PATTERN.test(value) && format(dayjs(value)) === value;
}

/** A range the API accepts: two real days, in order, the later one not after today; anything else is null. */
export function validRange(value: unknown, today: Dayjs = siteToday()): StatsRange | null {
  if (typeof value !== 'object' || value === null) return null;
  const { startDate, endDate } = value as Record<string, unknown>;
  if (!isDate(startDate) || !isDate(endDate)) return null;
  if (startDate > endDate || isAfterToday(toDay(endDate), today)) return null;
  return { startDate, endDate };
}

/** The range kept in local storage, or the default when nothing valid is stored. */
export function loadRange(storage: Pick<Storage, 'getItem'> = localStorage, today: Dayjs = siteToday()): StatsRange {
  try {
    const stored = storage.getItem(STATS.rangeStorageKey);
    return (stored && validRange(JSON.parse(stored), today)) || defaultRange(today);
  } catch {
    return defaultRange(today);
  }
}

/** Keeps the range for every statistics screen and the next visit. */
export function saveRange(range: StatsRange, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(STATS.rangeStorageKey, JSON.stringify(range));
  } catch {
    // Storage full or disabled: the range still holds for this page.
  }
}
