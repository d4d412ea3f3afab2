import { count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsGoals, analyticsPageviews, analyticsSessions } from '../../db/schema.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { type Beacon, recordBeacons, recordGoal } from './beacons.js';
import { addDays, dayOf } from './days.js';
import { removeOldRawEvents } from './retention.js';

const ctx = useSignedInServer();

const view = (visitor: string, viewKey: string, at: Date, path: string): Beacon => ({
  type: 'view',
  visitor,
  viewKey,
  at,
  path,
  referrer: '',
  utm: { source: '', medium: '', campaign: '', term: '', content: '' },
  language: 'sk',
  screen: '1920x1080',
  browser: 'Firefox',
  system: 'Linux',
  country: 'Slovakia',
  city: 'Bratislava',
  source: { page: '', engine: '', keyword: '' },
});

describe('raw event retention', () => {
  it('removes the sessions and views older than the kept days, and no answer of the statistics changes', async () => {
    const { db } = ctx.server.ctx;
    const now = new Date();
    const today = dayOf(now);
    const old = new Date(`${addDays(today, -500)}T10:00:00Z`);
    const kept = new Date(`${addDays(today, -399)}T10:00:00Z`);
    await recordBeacons(db, [
      view('retention-old', 'old-1', old, '/sk/'),
      view('retention-old', 'old-2', new Date(old.getTime() + 60_000), '/sk/kontakt'),
      view('retention-kept', 'kept-1', kept, '/en/'),
    ]);
    expect(await recordGoal(db, 'retention-old', 'contact', null, new Date(old.getTime() + 120_000))).toBe(true);
    const range = (day: Date) => `startDate=${dayOf(day)}&endDate=${dayOf(day)}`;
    const answers = async () =>
      Promise.all(
        ['traffic', 'content', 'demography/country'].flatMap((call) =>
          [old, kept].map(async (day) => (await ctx.admin.get(`/api/stats/${call}?${range(day)}`)).json()),
        ),
      );
    const before = await answers();

    expect(await removeOldRawEvents(db, 400, now)).toBe(1);
    const visitors = async (visitor: string) => {
      const [sessions] = await db
        .select({ n: count() })
        .from(analyticsSessions)
        .where(eq(analyticsSessions.visitor_id, visitor));
      const [views] = await db
        .select({ n: count() })
        .from(analyticsPageviews)
        .where(eq(analyticsPageviews.visitor_id, visitor));
      return [sessions?.n, views?.n];
    };
    expect(await visitors('retention-old')).toEqual([0, 0]);
    expect(await visitors('retention-kept')).toEqual([1, 1]);
    const [goal] = await db.select({ n: count() }).from(analyticsGoals).where(isNull(analyticsGoals.session_id));
    expect(goal?.n).toBe(1);
    expect(await answers()).toEqual(before);
    expect(await removeOldRawEvents(db, 400, now)).toBe(0);
  });
});
