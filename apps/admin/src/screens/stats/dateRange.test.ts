import { STATS } from '@backoffice/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange, isAfterToday, loadRange, presetRange, saveRange, siteToday, validRange } from './dateRange';

// A Sunday: in ISO weeks the last day of the week, so a Sunday-first calendar would get "last week" wrong.
const sunday = dayjs('2026-11-22T15:30:00');

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('the statistics date range', () => {
  it('defaults to the last 7 days up to yesterday', () => {
    expect(defaultRange(sunday)).toEqual({ startDate: '2026-11-15', endDate: '2026-11-21' });
  });

  it('offers today, yesterday, this month and this year, none of them past today', () => {
    expect(presetRange('today', sunday)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-22' });
    expect(presetRange('yesterday', sunday)).toEqual({ startDate: '2026-11-21', endDate: '2026-11-21' });
    expect(presetRange('thisMonth', sunday)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-22' });
    expect(presetRange('thisYear', sunday)).toEqual({ startDate: '2026-01-01', endDate: '2026-11-22' });
  });

  it('takes the last ISO week from Monday to Sunday', () => {
    expect(presetRange('lastIsoWeek', sunday)).toEqual({ startDate: '2026-11-09', endDate: '2026-11-15' });
    expect(presetRange('lastIsoWeek', dayjs('2026-11-23'))).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    // Across a new year: Wednesday 7 January 2026 → Monday 29 December 2025 to Sunday 4 January.
    expect(presetRange('lastIsoWeek', dayjs('2026-01-07'))).toEqual({
      startDate: '2025-12-29',
      endDate: '2026-01-04',
    });
    expect(dayjs(presetRange('lastIsoWeek', sunday).startDate).day()).toBe(1);
  });

  it('counts the previous 7 and 30 days up to yesterday', () => {
    expect(presetRange('previous7Days', sunday)).toEqual({ startDate: '2026-11-15', endDate: '2026-11-21' });
    expect(presetRange('previous30Days', sunday)).toEqual({ startDate: '2026-10-23', endDate: '2026-11-21' });
  });

  it("takes today from the site's calendar, not the computer's", () => {
    // 23:30 UTC on 29 November is 00:30 on the 30th in Bratislava, whatever zone this computer is in.
    const lateEvening = new Date('2026-11-29T23:30:00Z');
    expect(presetRange('today', siteToday(lateEvening))).toEqual({ startDate: '2026-11-30', endDate: '2026-11-30' });
    expect(isAfterToday(dayjs('2026-11-30'), siteToday(lateEvening))).toBe(false);
    // Summer time: 22:30 UTC on 30 June is already 1 July there.
    expect(siteToday(new Date('2026-06-30T22:30:00Z')).format('YYYY-MM-DD')).toBe('2026-07-01');
    expect(siteToday(new Date('2026-06-30T21:30:00Z')).format('YYYY-MM-DD')).toBe('2026-06-30');
  });

  it('never goes past today', () => {
    expect(isAfterToday(sunday.add(1, 'day'), sunday)).toBe(true);
    expect(isAfterToday(sunday.endOf('day'), sunday)).toBe(false);
    expect(validRange({ startDate: '2026-11-20', endDate: '2026-11-23' }, sunday)).toBeNull();
    expect(validRange({ startDate: '2026-11-20', endDate: '2026-11-22' }, sunday)).toEqual({
      startDate: '2026-11-20',
      endDate: '2026-11-22',
    });
  });

  it('refuses reversed ranges and days that do not exist', () => {
    expect(validRange({ startDate: '2026-11-21', endDate: '2026-11-20' }, sunday)).toBeNull();
    expect(validRange({ startDate: '2026-02-30', endDate: '2026-03-01' }, sunday)).toBeNull();
    expect(validRange({ startDate: '20261101', endDate: '2026-11-02' }, sunday)).toBeNull();
    expect(validRange('2026-11-01', sunday)).toBeNull();
  });

  it('keeps the range in local storage under the shared key and reads it back', () => {
    const storage = memoryStorage();
    saveRange({ startDate: '2026-10-01', endDate: '2026-10-31' }, storage);
    expect(JSON.parse(storage.items.get(STATS.rangeStorageKey) ?? '')).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(loadRange(storage, sunday)).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
  });

  it('falls back to the default when the stored range is missing, broken or in the future', () => {
    expect(loadRange(memoryStorage(), sunday)).toEqual(defaultRange(sunday));
    expect(loadRange(memoryStorage({ [STATS.rangeStorageKey]: '{not json' }), sunday)).toEqual(defaultRange(sunday));
    const future = JSON.stringify({ startDate: '2026-11-22', endDate: '2026-12-01' });
    expect(loadRange(memoryStorage({ [STATS.rangeStorageKey]: future }), sunday)).toEqual(defaultRange(sunday));
  });
});
