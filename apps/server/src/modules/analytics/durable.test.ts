import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDailyPaths, analyticsPageviews, analyticsSessions, analyticsVisitors } from '../../db/schema.js';
import { mulberry32 } from '../../seed/random.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { collectorsOf } from './collector.js';

/*
 * The collector across several servers on one database (docs/DEPLOY.md): an answer 2xx means the beacon is committed, a
 * database that cannot be written gives 503 and loses nothing answered, the rate limit is one for all servers, and
 * the sessions are those of the views in time order, whichever server got which view.
 */

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const MINUTE = 60_000;

let server: TestServer;
let others: FastifyInstance[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const { buildApp } = await import('../../app.js');
  others = [await buildApp(server.ctx, { logger: false }), await buildApp(server.ctx, { logger: false })];
});
afterAll(async () => {
  for (const app of others) await app.close();
  await server.close();
});
const apps = () => [server.app, ...others];

let ip = 0;
const nextAddress = () => `10.42.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

function collect(app: FastifyInstance, payload: object, address = nextAddress()) {
  return app.inject({
    method: 'POST',
    url: '/api/collect',
    payload: JSON.stringify(payload),
    remoteAddress: address,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME },
  });
}

const storedViews = async (prefix: string) => {
  const [row] = await server.ctx.db
    .select({ n: count() })
    .from(analyticsPageviews)
    .where(like(analyticsPageviews.view_key, `${prefix}%`));
  return row?.n ?? 0;
};

describe('an acknowledged beacon is durable', () => {
  it('every beacon answered 204 is in the database when the answer arrives', async () => {
    const sent = await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        collect(apps()[i % 3] as FastifyInstance, {
          type: 'view',
          visitor: `durable-visitor-${i % 30}`,
          view: `durable-view-${i}`,
          path: '/durable',
        }),
      ),
    );
    expect(sent.map((res) => res.statusCode)).toEqual(sent.map(() => 204));
    expect(await storedViews('durable-view-')).toBe(90);
  });

  it('while the database cannot be written: 503 with Retry-After, nothing acknowledged; after it, the same beacons are stored once', async () => {
    const collectors = collectorsOf(server.ctx.db);
    expect(collectors).toHaveLength(3);
    const record = collectors.map((c) => c.record);
    for (const c of collectors) {
      c.logger = { error: () => undefined };
      c.record = async () => {
        throw new Error('connection terminated');
      };
    }
    const beacons = Array.from({ length: 12 }, (_, i) => ({
      type: 'view',
      visitor: `outage-visitor-${i % 4}`,
      view: `outage-view-${i}`,
      path: '/outage',
    }));
    try {
      const during = await Promise.all(beacons.map((b, i) => collect(apps()[i % 3] as FastifyInstance, b)));
      for (const res of during) {
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json()).toEqual({ message: expect.any(String), error: expect.any(String) });
      }
      expect(await storedViews('outage-view-')).toBe(0);
    } finally {
      collectors.forEach((c, i) => {
        c.record = record[i] as typeof c.record;
      });
    }
    // The tracker sends what was refused again, with new beacons beside it.
    const again = [...beacons, ...beacons.slice(0, 3), { type: 'view', view: 'outage-view-new', path: '/outage' }];
    const after = await Promise.all(again.map((b, i) => collect(apps()[(i + 1) % 3] as FastifyInstance, b)));
    expect(after.map((res) => res.statusCode)).toEqual(after.map(() => 204));
    expect(await storedViews('outage-view-')).toBe(13);
  });
});

describe('the collector’s rate limit', () => {
  it('is shared by every server on the database: 130 beacons of one address over three → 120 stored', async () => {
    const address = '10.99.1.1';
    // The count is per minute: not at the end of one.
    const intoMinute = Date.now() % MINUTE;
    if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, MINUTE - intoMinute + 200));
    const sent = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        collect(
          apps()[i % 3] as FastifyInstance,
          { type: 'view', visitor: 'limited-visitor', view: `limited-view-${i}`, path: '/limited' },
          address,
        ),
      ),
    );
    const codes = sent.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(120);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    const refused = sent.find((res) => res.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedViews('limited-view-')).toBe(120);
  });
});

describe('sessions over several servers', () => {
  const VISITORS = 60;
  const VIEWS = 10;
  const next = mulberry32(14);
  // Each visitor's views, oldest first, minutes before now: gaps of 1–25 minutes within a visit, 35–60 between.
  const schedule = Array.from({ length: VISITORS }, () => {
    const gaps = Array.from({ length: VIEWS }, (_, j) =>
      j === 0 ? 0 : next() < 0.3 ? 35 + Math.floor(next() * 26) : 1 + Math.floor(next() * 25),
    );
    const total = gaps.reduce((a, b) => a + b, 0);
    let at = 0;
    return gaps.map((gap, j) => {
      at += gap;
      return { j, ageMs: (total - at + 2) * MINUTE };
    });
  });
  const beacon = (run: string, visitor: number, j: number) => ({
    type: 'view',
    visitor: `${run}-visitor-${visitor}`,
    view: `${run}-view-${visitor}-${j}`,
    path: `/${run}/p${(visitor + j) % 4}`,
    age: schedule[visitor]?.[j]?.ageMs,
  });

  /** Per visitor, their sessions in time order: views, entry and exit path without the run's prefix. */
  async function sessionsOf(run: string) {
    const rows = await server.ctx.db
      .select()
      .from(analyticsSessions)
      .where(like(analyticsSessions.visitor_id, `${run}-visitor-%`))
      .orderBy(asc(analyticsSessions.visitor_id), asc(analyticsSessions.started_at));
    const strip = (path: string) => path.slice(run.length + 1);
    return rows.map((s) => ({
      visitor: s.visitor_id.slice(run.length),
      pageviews: s.pageviews,
      entry: strip(s.entry_path),
      exit: strip(s.exit_path),
      isNew: s.is_new,
    }));
  }

  /** The path roll-ups of a run summed over its days: views, entrances and exits per path. */
  async function pathsOf(run: string) {
    return server.ctx.db
      .select({
        path: sql<string>`substr(${analyticsDailyPaths.path}, ${run.length + 2})`,
        pageviews: sql<number>`sum(${analyticsDailyPaths.pageviews})::int`,
        entrances: sql<number>`sum(${analyticsDailyPaths.entrances})::int`,
        exits: sql<number>`sum(${analyticsDailyPaths.exits})::int`,
      })
      .from(analyticsDailyPaths)
      .where(like(analyticsDailyPaths.path, `/${run}/%`))
      .groupBy(analyticsDailyPaths.path)
      .orderBy(analyticsDailyPaths.path);
  }

  it('60 visitors’ 600 views spread over three servers, each visitor’s in shuffled order → the sessions of one server', async () => {
    // One server, every visitor's views in time order.
    for (let j = 0; j < VIEWS; j++) {
      const sent = await Promise.all(
        schedule.map((_, v) => collect(server.app, beacon('single', v, j), `10.43.${v >> 8}.${v & 255}`)),
      );
      expect(sent.every((res) => res.statusCode === 204)).toBe(true);
    }
    // Three servers in turn, each visitor's views shuffled; a round sends one view of every visitor at once.
    const shuffled = schedule.map((views) => {
      const order = views.map((view) => view.j);
      for (let i = order.length - 1; i > 0; i--) {
        const k = Math.floor(next() * (i + 1));
        [order[i], order[k]] = [order[k] as number, order[i] as number];
      }
      return order;
    });
    let turn = 0;
    for (let round = 0; round < VIEWS; round++) {
      const sent = await Promise.all(
        shuffled.map((order, v) =>
          collect(
            apps()[turn++ % 3] as FastifyInstance,
            beacon('spread', v, order[round] as number),
            `10.44.${v >> 8}.${v & 255}`,
          ),
        ),
      );
      expect(sent.every((res) => res.statusCode === 204)).toBe(true);
    }

    const { db } = server.ctx;
    expect(await storedViews('spread-view-')).toBe(VISITORS * VIEWS);
    const [visitors] = await db
      .select({ n: count() })
      .from(analyticsVisitors)
      .where(like(analyticsVisitors.id, 'spread-visitor-%'));
    expect(visitors?.n).toBe(VISITORS);
    const expected = schedule.reduce(
      (n, views) =>
        n + views.filter((view, j) => j === 0 || (views[j - 1]?.ageMs ?? 0) - view.ageMs >= 30 * MINUTE).length,
      0,
    );
    const spread = await sessionsOf('spread');
    expect(spread).toHaveLength(expected);
    expect(spread).toEqual(await sessionsOf('single'));
    expect(await pathsOf('spread')).toEqual(await pathsOf('single'));
    // Each session holds exactly its views, and began with the first of them.
    const mismatched = await db.execute(sql`select s.id from ${analyticsSessions} s
      join ${analyticsPageviews} v on v.session_id = s.id
      where s.visitor_id like 'spread-visitor-%'
      group by s.id having count(*) <> max(s.pageviews) or min(v.at) <> max(s.started_at) or max(v.at) <> max(s.last_seen_at)`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
    const firstViews = await db
      .select({ n: count() })
      .from(analyticsSessions)
      .where(and(like(analyticsSessions.visitor_id, 'spread-visitor-%'), eq(analyticsSessions.is_new, 1)));
    expect(firstViews[0]?.n).toBe(VISITORS);
  });
});
