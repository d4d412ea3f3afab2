import type { TrafficResponse } from '@backoffice/shared';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsDaily, analyticsPageviews } from '../../db/schema.js';
import { addDays, dayOf } from '../../modules/analytics/days.js';
import { trafficOf } from '../../modules/analytics/queries.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { seedDemoTraffic } from './traffic.js';

const ctx = useSignedInServer();

describe('demo traffic', () => {
  it('fills every statistics screen for the last 90 days, consistently, and only once', async () => {
    const { db } = ctx.server.ctx;
    const started = Date.now();
    await seedDemoTraffic(db, () => {});
    expect(Date.now() - started).toBeLessThan(30_000);
    const [days] = await db.select({ n: count() }).from(analyticsDaily);
    expect(days?.n).toBe(90);
    const [raw] = await db.select({ n: count() }).from(analyticsPageviews);
    await seedDemoTraffic(db, () => {});
    const [again] = await db.select({ n: count() }).from(analyticsPageviews);
    expect(again?.n).toBe(raw?.n);

    const today = dayOf(new Date());
    const range = `startDate=${addDays(today, -30)}&endDate=${addDays(today, -1)}`;
    const traffic = (await ctx.admin.get(`/api/stats/traffic?${range}`)).json() as TrafficResponse;
    const [users, newUsers, views, totals] = traffic.data;
    expect(users).toHaveLength(30);
    expect(views.every((p) => p.value > 0)).toBe(true);
    // Weekdays are busier than Sundays.
    const weekday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();
    const avg = (pts: { date: string; value: number }[]) => pts.reduce((n, p) => n + p.value, 0) / pts.length;
    expect(avg(views.filter((p) => weekday(p.date) === 2))).toBeGreaterThan(
      avg(views.filter((p) => weekday(p.date) === 0)),
    );
    expect(totals.users).toBeLessThanOrEqual(users.reduce((n, p) => n + p.value, 0));
    expect(totals.newUsers).toBe(newUsers.reduce((n, p) => n + p.value, 0));
    expect(totals.goal1Completions).toBeGreaterThan(0);
    expect(totals.bounceRate).toBeGreaterThan(20);
    expect(totals.bounceRate).toBeLessThan(70);

    const content = (await ctx.admin.get(`/api/stats/content?${range}&per_page=100`)).json();
    const sum = (rows: Record<string, number>[], key: string) => rows.reduce((n, r) => n + (r[key] ?? 0), 0);
    expect(sum(content.data, 'entrances')).toBe(totals.sessions);
    expect(sum(content.data, 'exits')).toBe(totals.sessions);
    for (const url of [
      'demography/country',
      'demography/city',
      'demography/language',
      'device/browser',
      'device/system',
    ]) {
      const rows = (await ctx.admin.get(`/api/stats/${url}?${range}&per_page=100`)).json().data;
      expect(sum(rows, 'sessions')).toBe(totals.sessions);
    }
    // 89 days hold whole months: their paths come from the monthly roll-up and still add up to the sessions.
    const long = { startDate: addDays(today, -89), endDate: addDays(today, -1) };
    const longTraffic = await trafficOf(db, long);
    const longContent = await ctx.admin.get(
      `/api/stats/content?startDate=${long.startDate}&endDate=${long.endDate}&per_page=100`,
    );
    expect(longContent.json().meta.total).toBeLessThanOrEqual(100);
    expect(sum(longContent.json().data, 'entrances')).toBe(longTraffic.data[3].sessions);
    expect(sum(longContent.json().data, 'pageviews')).toBe(longTraffic.data[3].pageviews);
    // The users sketches estimate the exact count within 2 %.
    const sketched = (await trafficOf(db, long, 0)).data[3].users;
    expect(Math.abs(sketched - longTraffic.data[3].users)).toBeLessThanOrEqual(longTraffic.data[3].users * 0.02);
    for (const url of ['source/page', 'source/keyword', 'source/search']) {
      const { data } = (await ctx.admin.get(`/api/stats/${url}?${range}`)).json();
      expect(data.length).toBeGreaterThan(2);
    }
  });
});
