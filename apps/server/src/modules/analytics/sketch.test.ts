import { describe, expect, it } from 'vitest';
import { monthsBetween, splitByMonth } from './days.js';
import { addToSketch, emptySketch, estimate, mergeSketch } from './sketch.js';

const sketchOf = (ids: string[]) => {
  const sketch = emptySketch();
  for (const id of ids) addToSketch(sketch, id);
  return sketch;
};
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe('users sketch', () => {
  it('counts small sets (nearly) exactly and a visitor added twice once', () => {
    expect(estimate(emptySketch())).toBe(0);
    expect(estimate(sketchOf(['a', 'b', 'c', 'b', 'a']))).toBe(3);
    // Two of these share a register: linear counting is off by a visitor at most.
    expect(Math.abs(estimate(sketchOf(ids('v', 500))) - 500)).toBeLessThanOrEqual(1);
  });

  it.each([10_000, 100_000, 1_000_000])('estimates %i distinct visitors within 2.5 %', (n) => {
    const found = estimate(sketchOf(ids(`n${n}`, n)));
    expect(Math.abs(found - n) / n).toBeLessThan(0.025);
  });

  it('a merge counts the union: a visitor of two days once', () => {
    const monday = sketchOf(ids('x', 30_000));
    const tuesday = sketchOf([...ids('x', 10_000), ...ids('y', 20_000)]); // 10 000 of Monday's come back
    const week = emptySketch();
    mergeSketch(week, monday);
    mergeSketch(week, tuesday);
    mergeSketch(week, null);
    expect(Math.abs(estimate(week) - 50_000) / 50_000).toBeLessThan(0.025);
  });
});

describe('splitByMonth', () => {
  it('cuts a range into whole months and the days around them', () => {
    expect(splitByMonth('2025-11-22', '2026-11-21')).toEqual({
      months: ['2025-12-01', '2026-10-01'],
      days: [
        ['2025-11-22', '2025-11-30'],
        ['2026-11-01', '2026-11-21'],
      ],
    });
    expect(splitByMonth('2026-02-01', '2026-02-28')).toEqual({ months: ['2026-02-01', '2026-02-01'], days: [] });
    expect(splitByMonth('2024-02-01', '2024-02-28')).toEqual({ months: null, days: [['2024-02-01', '2024-02-28']] });
    expect(splitByMonth('2026-03-02', '2026-03-03')).toEqual({ months: null, days: [['2026-03-02', '2026-03-03']] });
    expect(splitByMonth('2026-03-15', '2026-05-31')).toEqual({
      months: ['2026-04-01', '2026-05-01'],
      days: [['2026-03-15', '2026-03-31']],
    });
    expect(splitByMonth('2026-12-01', '2027-01-10')).toEqual({
      months: ['2026-12-01', '2026-12-01'],
      days: [['2027-01-01', '2027-01-10']],
    });
  });
});

describe('monthsBetween', () => {
  it('lists the first days of the months, across a year end', () => {
    expect(monthsBetween('2025-11-01', '2026-02-01')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
    expect(monthsBetween('2026-03-01', '2026-03-01')).toEqual(['2026-03-01']);
  });
});
