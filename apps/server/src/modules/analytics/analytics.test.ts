import type { ContentStatsRow, FormKind, TrafficResponse } from '@backoffice/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsDaily, analyticsMonthlyPaths, analyticsMonthlyUsers } from '../../db/schema.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { Agent } from '../../test/harness.js';
import { type Beacon, recordBeacons, recordGoal, type ViewFacts } from './beacons.js';
import { addDays, dayOf } from './days.js';
import { trafficOf } from './queries.js';
import { SKETCH_SIZE } from './sketch.js';

const ctx = useSignedInServer();
/*
 * The hand-built set: two days of March 2026 (UTC+1 in Bratislava, so 08:00–13:00 UTC stay on their day).
 *   Visitor A, day 1: 10:00 /home (from Google, "Transport Bratislava"), 10:05 /about       → session S1 (2 views)
 *                     11:00 /home (55 min after the last view: a new session)               → session S2 (bounce)
 *                     11:01 submits the contact form (goal 1, 10 EUR)
 *   Visitor B, day 1: 12:00 /about (from partner.example/links)                             → session S3 (bounce)
 *              day 2: 09:00 /home, 09:10 /contact                                           → session S4 (2 views)
 *   Visitor C, day 2: 10:00 /home (utm_term "Cheap transport"), sent twice (same view id)   → session S5 (bounce)
 * Times visible (leave beacons): S1 /home 300 s, /about 60 s; S2 /home 30 s; S3 /about 120 s, then 90 s (less:
 * ignored), then 150 s (grows by 30 s); S4 /home 100 s, /contact none; S5 none.
 */
const D1 = '2026-03-02';
const D2 = '2026-03-03';
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const base = (over: Partial<ViewFacts>): ViewFacts => ({
  visitor: 'visitor-a',
  viewKey: 'view-0001',
  at: at(D1, '10:00'),
  path: '/home',
  referrer: '',
  utm: { source: '', medium: '', campaign: '', term: '', content: '' },
  language: 'sk-sk',
  screen: '1920x1080',
  browser: 'Chrome',
  system: 'Windows',
  country: 'Slovakia',
  city: 'Bratislava',
  source: { page: '', engine: '', keyword: '' },
  ...over,
});
const B = {
  visitor: 'visitor-b',
  browser: 'Firefox',
  system: 'Linux',
  country: 'Czechia',
  city: 'Prague',
  language: 'en-us',
};
const C = {
  visitor: 'visitor-c',
  browser: 'Safari',
  system: 'iOS',
  country: 'Austria',
  city: 'Vienna',
  language: 'de-at',
};

type Step = Beacon | { type: 'goal'; visitor: string; kind: FormKind; at: Date; counts: boolean };

/** The hand-built set on days `d1` and `d2`, its visitors named `prefix` + a, b, c. */
function handSet(d1: string, d2: string, prefix = ''): Step[] {
  const [a, b, c] = ['a', 'b', 'c'].map((x) => `${prefix}visitor-${x}`) as [string, string, string];
  const view = (over: Partial<ViewFacts>) => ({ type: 'view' as const, ...base({ visitor: a, ...over }) });
  const leave = (visitor: string, viewKey: string, ms: number): Beacon => ({ type: 'leave', visitor, viewKey, ms });
  const cView = view({
    ...C,
    visitor: c,
    viewKey: 'c-view-1',
    at: at(d2, '10:00'),
    utm: { source: 'newsletter', medium: 'email', campaign: 'spring', term: 'Cheap transport', content: '' },
    source: { page: '', engine: '', keyword: 'cheap transport' },
  });
  return [
    view({
      viewKey: 'a-view-1',
      at: at(d1, '10:00'),
      referrer: 'https://www.google.com/search?q=Transport+Bratislava',
      source: { page: 'www.google.com/search', engine: 'Google', keyword: 'transport bratislava' },
    }),
    view({ viewKey: 'a-view-2', at: at(d1, '10:05'), path: '/about' }),
    leave(a, 'a-view-1', 300_000),
    leave(a, 'a-view-2', 60_000),
    view({ viewKey: 'a-view-3', at: at(d1, '11:00') }),
    leave(a, 'a-view-3', 30_000),
    { type: 'goal', visitor: a, kind: 'contact', at: at(d1, '11:01'), counts: true },
    { type: 'goal', visitor: `${prefix}nobody-we-know`, kind: 'price', at: at(d1, '11:02'), counts: false },
    view({
      ...B,
      visitor: b,
      viewKey: 'b-view-1',
      at: at(d1, '12:00'),
      path: '/about',
      referrer: 'https://partner.example/links',
      source: { page: 'partner.example/links', engine: '', keyword: '' },
    }),
    leave(b, 'b-view-1', 120_000),
    leave(b, 'b-view-1', 90_000),
    leave(b, 'b-view-1', 150_000),
    view({ ...B, visitor: b, viewKey: 'b-view-2', at: at(d2, '09:00') }),
    view({ ...B, visitor: b, viewKey: 'b-view-3', at: at(d2, '09:10'), path: '/contact' }),
    leave(b, 'b-view-2', 100_000),
    cView,
    { ...cView, at: at(d2, '10:01') },
  ];
}

/**
 * Records the steps one beacon at a time, or (`batched`) each run of beacons between two goals as one batch, as
 * the collector's writer does under load.
 */
async function record(steps: Step[], batched: boolean) {
  const { db } = ctx.server.ctx;
  let run: Beacon[] = [];
  for (const step of steps) {
    if (step.type !== 'goal') {
      if (batched) run.push(step);
      else await recordBeacons(db, [step]);
      continue;
    }
    if (run.length) await recordBeacons(db, run);
    run = [];
    expect(await recordGoal(db, step.visitor, step.kind, null, step.at)).toBe(step.counts);
  }
  if (run.length) await recordBeacons(db, run);
}

const buildHandSet = () => record(handSet(D1, D2), false);

describe('aggregation of a hand-built set of events', () => {
  beforeAll(buildHandSet);

  it('traffic over both days: distinct users, new users, sessions, bounces, durations and goal 1', async () => {
    const res = await ctx.admin.get(`/api/stats/traffic?startDate=${D1}&endDate=${D2}`);
    expect(res.statusCode).toBe(200);
    const [users, newUsers, views, totals] = (res.json() as TrafficResponse).data;
    // Day 1: A and B; day 2: B and C.
    expect(users).toEqual([
      { date: D1, value: 2 },
      { date: D2, value: 2 },
    ]);
    // A and B are first seen on day 1, C on day 2 (B on day 2 is a returning user).
    expect(newUsers.map((p) => p.value)).toEqual([2, 1]);
    // Day 1: A 3 views + B 1; day 2: B 2 + C 1 (C's repeated view id counts once).
    expect(views.map((p) => p.value)).toEqual([4, 3]);
    expect(totals).toEqual({
      users: 3, // A, B, C: B of both days counts once (the daily sums would say 4)
      newUsers: 3, // A, B, C
      sessions: 5, // S1–S5
      pageviews: 7, // 4 + 3
      pageviewsPerSession: 1.4, // 7 / 5
      bounceRate: 60, // S2, S3, S5 have one view: 3 / 5
      avgSessionDuration: 128, // (S1 300+60, S2 30, S3 150, S4 100, S5 0) = 640 s / 5
      goal1ConversionRate: 20, // 1 completion / 5 sessions
      goal1Completions: 1, // A's contact form; the unknown visitor's price form counts nothing
      goal1Value: 10, // a contact form is worth 10 EUR
    });
  });

  it('traffic of day 2 alone', async () => {
    const res = await ctx.admin.get(`/api/stats/traffic?startDate=${D2}&endDate=${D2}`);
    const totals = (res.json() as TrafficResponse).data[3];
    expect(totals).toMatchObject({
      users: 2, // B, C
      newUsers: 1, // C
      sessions: 2, // S4, S5
      pageviews: 3,
      pageviewsPerSession: 1.5,
      bounceRate: 50, // S5
      avgSessionDuration: 50, // (100 + 0) / 2
      goal1Completions: 0,
      goal1Value: 0,
    });
  });

  it('a range with no traffic has every day with zeros', async () => {
    const res = await ctx.admin.get('/api/stats/traffic?startDate=2026-02-26&endDate=2026-03-01');
    const [users, , views, totals] = (res.json() as TrafficResponse).data;
    expect(users.map((p) => p.date)).toEqual(['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01']);
    expect(views.every((p) => p.value === 0)).toBe(true);
    expect(totals).toMatchObject({ users: 0, sessions: 0, pageviewsPerSession: 0, bounceRate: 0 });
  });

  it('content: page views, entrances, exits and time on page per path', async () => {
    const res = await ctx.admin.get(`/api/stats/content?startDate=${D1}&endDate=${D2}`);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json() as { data: ContentStatsRow[]; meta: { total: number } };
    expect(meta.total).toBe(3);
    // Totals: 7 views, 5 entrances (one per session), 5 exits (one per session).
    expect(data).toEqual([
      {
        path: '/home',
        pageviews: 4, // A 10:00, A 11:00, B day 2, C
        pageviewsRate: 57.14, // 4 / 7
        entrances: 4, // S1, S2, S4, S5 start here
        entrancesRate: 80, // 4 / 5
        exits: 2, // S2 and S5 end here
        exitsRate: 40, // 2 / 5
        timeOnPage: 143.33, // (300 + 30 + 100) s over the 3 views whose time arrived
      },
      {
        path: '/about',
        pageviews: 2, // A 10:05, B day 1
        pageviewsRate: 28.57,
        entrances: 1, // S3
        entrancesRate: 20,
        exits: 2, // S1 (its exit moved from /home to /about), S3
        exitsRate: 40,
        timeOnPage: 105, // (60 + 150) / 2
      },
      {
        path: '/contact',
        pageviews: 1,
        pageviewsRate: 14.29,
        entrances: 0,
        entrancesRate: 0,
        exits: 1, // S4
        exitsRate: 20,
        timeOnPage: 0, // no time arrived
      },
    ]);
  });

  it('content: sort, search and paging', async () => {
    const byTime = await ctx.admin.get(
      `/api/stats/content?startDate=${D1}&endDate=${D2}&sort=timeOnPage&order=asc&per_page=2&page=1`,
    );
    expect(byTime.json().data.map((r: ContentStatsRow) => r.path)).toEqual(['/contact', '/about']);
    expect(byTime.json().meta).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    const searched = await ctx.admin.get(`/api/stats/content?startDate=${D1}&endDate=${D2}&search=abo`);
    expect(searched.json().data).toHaveLength(1);
    // The rate stays the share of all pages: 2 of 7.
    expect(searched.json().data[0]).toMatchObject({ path: '/about', pageviewsRate: 28.57 });
    const unknownSort = await ctx.admin.get(`/api/stats/content?startDate=${D1}&endDate=${D2}&sort=evil;drop`);
    expect(unknownSort.json().data[0].path).toBe('/home');
  });

  it('session tables: sources, demography and devices, by sessions', async () => {
    const get = async (url: string) => {
      const res = await ctx.admin.get(`/api/stats/${url}?startDate=${D1}&endDate=${D2}`);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    // Sessions: A 2 (Slovakia), B 2 (Czechia), C 1 (Austria); ties by name. Each with its ISO code, which the
    // admin names in the UI's language.
    expect(await get('demography/country')).toEqual([
      { country: 'Czechia', code: 'CZ', sessions: 2, sessionsRate: 40 },
      { country: 'Slovakia', code: 'SK', sessions: 2, sessionsRate: 40 },
      { country: 'Austria', code: 'AT', sessions: 1, sessionsRate: 20 },
    ]);
    expect((await get('demography/city')).map((r: { city: string }) => r.city)).toEqual([
      'Bratislava',
      'Prague',
      'Vienna',
    ]);
    expect(await get('demography/language')).toContainEqual({ language: 'de-at', sessions: 1, sessionsRate: 20 });
    expect(await get('device/browser')).toContainEqual({ browser: 'Chrome', sessions: 2, sessionsRate: 40 });
    expect(await get('device/system')).toContainEqual({ system: 'iOS', sessions: 1, sessionsRate: 20 });
    // Only S1 (Google) and S3 (partner.example) came from another page.
    expect(await get('source/page')).toEqual([
      { path: 'partner.example/links', sessions: 1, sessionsRate: 50 },
      { path: 'www.google.com/search', sessions: 1, sessionsRate: 50 },
    ]);
    expect(await get('source/search')).toEqual([{ path: 'Google', sessions: 1, sessionsRate: 100 }]);
    expect(await get('source/keyword')).toEqual([
      { path: 'cheap transport', sessions: 1, sessionsRate: 50 },
      { path: 'transport bratislava', sessions: 1, sessionsRate: 50 },
    ]);
    const searched = await ctx.admin.get(`/api/stats/demography/country?startDate=${D1}&endDate=${D2}&search=slov`);
    expect(searched.json()).toMatchObject({ data: [{ country: 'Slovakia', sessionsRate: 40 }], meta: { total: 1 } });
    const ascending = await ctx.admin.get(
      `/api/stats/device/browser?startDate=${D1}&endDate=${D2}&sort=browser&order=asc`,
    );
    expect(ascending.json().data.map((r: { browser: string }) => r.browser)).toEqual(['Chrome', 'Firefox', 'Safari']);
  });
});

describe('batches, whole months and users sketches', () => {
  // The same set recorded in April, each run of beacons between two goals as one batch.
  const E1 = '2026-04-06';
  const E2 = '2026-04-07';
  beforeAll(() => record(handSet(E1, E2, 'april-'), true));
  const get = async (call: string, from: string, to: string) => {
    const res = await ctx.admin.get(`/api/stats/${call}?startDate=${from}&endDate=${to}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('a batch of beacons gives the answers of one beacon at a time', async () => {
    const values = (data: TrafficResponse['data']) =>
      data.slice(0, 3).map((s) => (s as { value: number }[]).map((p) => p.value));
    const one = (await get('traffic', D1, D2)) as TrafficResponse;
    const batch = (await get('traffic', E1, E2)) as TrafficResponse;
    expect(values(batch.data)).toEqual(values(one.data));
    expect(batch.data[3]).toEqual(one.data[3]);
    for (const call of [
      'content',
      'demography/country',
      'demography/language',
      'source/page',
      'source/keyword',
      'device/browser',
    ]) {
      expect(await get(call, E1, E2)).toEqual(await get(call, D1, D2));
    }
  });

  it('a range of whole months reads the monthly path roll-up and answers as its days do', async () => {
    const [[march], [april]] = await Promise.all(
      ['2026-03-01', '2026-04-01'].map((month) =>
        ctx.server.ctx.db
          .select({ n: count() })
          .from(analyticsMonthlyPaths)
          .where(eq(analyticsMonthlyPaths.month, month)),
      ),
    );
    expect([march?.n, april?.n]).toEqual([3, 3]); // /home, /about, /contact in each month
    expect(await get('content', '2026-03-01', '2026-03-31')).toEqual(await get('content', D1, D2));
    for (const call of ['demography/country', 'source/keyword', 'device/system']) {
      expect(await get(call, '2026-03-01', '2026-03-31')).toEqual(await get(call, D1, D2));
    }
    // February's last days, all of March, April's first six days (the batch's first day): both sets.
    const mixed = await get('content', '2026-02-20', E1);
    expect(mixed.data[0]).toMatchObject({ path: '/home', pageviews: 4 + 2, entrances: 4 + 2 });
  });

  it('users over a range past the exact limit come from the days’ sketches', async () => {
    const { db } = ctx.server.ctx;
    const users = async (from: string, to: string, limit?: number) =>
      (await trafficOf(db, { startDate: from, endDate: to }, limit)).data[3].users;
    expect(await users(D1, D2, 0)).toBe(3);
    expect(await users(D1, E2, 0)).toBe(6);
    expect(await users(D1, E2)).toBe(6);
    // March and April are over: their month sketches are built once, then read.
    expect(await users('2026-03-01', '2026-04-30', 0)).toBe(6);
    const months = await db.select({ month: analyticsMonthlyUsers.month }).from(analyticsMonthlyUsers);
    expect(months.map((m) => m.month).sort()).toEqual(['2026-03-01', '2026-04-01']);
    expect(await users('2026-02-15', '2026-04-30', 0)).toBe(6);
    const [day] = await db.select().from(analyticsDaily).where(eq(analyticsDaily.day, D2));
    expect(day?.users_sketch?.length).toBe(SKETCH_SIZE);
  });
});

describe('the date range', () => {
  const today = dayOf(new Date());

  it('a range past today → 422 on the field; reversed → 422; not a date → 422', async () => {
    const future = await ctx.admin.get(`/api/stats/traffic?startDate=${today}&endDate=${addDays(today, 1)}`);
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ endDate: ['errors.dateFuture'] });
    const reversed = await ctx.admin.get(`/api/stats/content?startDate=${D2}&endDate=${D1}`);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ endDate: ['errors.dateRange'] });
    const bad = await ctx.admin.get('/api/stats/device/browser?startDate=2026-02-30&endDate=x');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ startDate: ['errors.date'], endDate: ['errors.date'] });
    const array = await ctx.admin.get(`/api/stats/traffic?startDate=${D1}&startDate=${D2}&endDate=${D2}`);
    expect(array.statusCode).toBe(422);
  });

  it('no dates: the last 7 days up to yesterday', async () => {
    const res = await ctx.admin.get('/api/stats/traffic');
    const users = (res.json() as TrafficResponse).data[0];
    expect(users.map((p) => p.date)).toEqual([...Array(7)].map((_, i) => addDays(today, i - 7)));
  });

  it('without a session → 401; every staff role reads (an editor too)', async () => {
    const anon = new Agent(ctx.server.app);
    for (const url of ['traffic', 'content', 'source/page', 'demography/city', 'device/system', 'totals']) {
      expect((await anon.get(`/api/stats/${url}`)).statusCode).toBe(401);
    }
    expect((await ctx.editor.get(`/api/stats/content?startDate=${D1}&endDate=${D2}`)).statusCode).toBe(200);
  });
});
