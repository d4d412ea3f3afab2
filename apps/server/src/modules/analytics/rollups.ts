import { STATS_NOT_SET } from '@backoffice/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { insertRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import {
  analyticsDaily,
  analyticsDailyDims,
  analyticsDailyPaths,
  analyticsDailyVisitors,
  analyticsMonthlyDims,
  analyticsMonthlyPaths,
  analyticsMonthlyUsers,
} from '../../db/schema.js';
import { monthOf } from './days.js';
import { addToSketch, emptySketch } from './sketch.js';

/*
 * The roll-up tables the statistics read (docs/features/statistics.md, docs/DEPLOY.md): counters summed per row before they are written, the
 * day sketches of users, and what completes roll-ups imported in bulk. `beacons.ts` records the events into them.
 */

/** The dimensions of `analytics_daily_dims`, as the session tables name them. */
export const DIMENSIONS = ['country', 'city', 'language', 'browser', 'system', 'page', 'keyword', 'search'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Shown for a device or place the server could not tell (the admin translates it). */
export const NOT_SET = STATS_NOT_SET;

/**
 * Counter deltas of one roll-up table summed per row, then written by one `insert … on conflict do update set
 * c = c + excluded.c` (a statement may touch a row once, hence the sums). Rows only ever change by deltas, so
 * concurrent writers add up rather than overwrite.
 */
class Tally {
  private readonly rows = new Map<string, Record<string, unknown>>();
  private readonly keys: string[];

  constructor(
    private readonly table: PgTable,
    private readonly target: PgColumn[],
    private readonly counters: string[],
  ) {
    this.keys = target.map((column) => column.name);
  }

  add(keys: Record<string, unknown>, deltas: Record<string, number>) {
    const id = this.keys.map((k) => String(keys[k])).join('\u0000');
    let row = this.rows.get(id);
    if (!row) {
      row = { ...keys, ...Object.fromEntries(this.counters.map((c) => [c, 0])) };
      this.rows.set(id, row);
    }
    for (const [name, delta] of Object.entries(deltas)) row[name] = (row[name] as number) + delta;
  }

  async write(db: Db) {
    const rows = [...this.rows.values()].filter((row) => this.counters.some((c) => row[c] !== 0));
    if (!rows.length) return;
    const add = sql.join(
      this.counters.map(
        (c) => sql`${sql.identifier(c)} = ${this.table}.${sql.identifier(c)} + excluded.${sql.identifier(c)}`,
      ),
      sql`, `,
    );
    const target = sql.join(
      this.target.map((column) => sql.identifier(column.name)),
      sql`, `,
    );
    await db.execute(sql`${insertRows(this.table, rows)} on conflict (${target}) do update set ${add}`);
  }
}

const PATH_COUNTERS = ['pageviews', 'entrances', 'exits', 'time_ms', 'timed'];

/** The roll-ups one batch of beacons changes, summed before they are written. */
export class Rollups {
  readonly daily = new Tally(
    analyticsDaily,
    [analyticsDaily.day],
    ['users', 'new_users', 'sessions', 'pageviews', 'bounces', 'duration_ms', 'goal_completions', 'goal_value'],
  );
  private readonly paths = new Tally(
    analyticsDailyPaths,
    [analyticsDailyPaths.day, analyticsDailyPaths.path],
    PATH_COUNTERS,
  );
  private readonly monthlyPaths = new Tally(
    analyticsMonthlyPaths,
    [analyticsMonthlyPaths.month, analyticsMonthlyPaths.path],
    PATH_COUNTERS,
  );
  private readonly dims = new Tally(
    analyticsDailyDims,
    [analyticsDailyDims.dim, analyticsDailyDims.day, analyticsDailyDims.value],
    ['sessions'],
  );
  private readonly monthlyDims = new Tally(
    analyticsMonthlyDims,
    [analyticsMonthlyDims.dim, analyticsMonthlyDims.month, analyticsMonthlyDims.value],
    ['sessions'],
  );

  /** A new session under one dimension's value, on its day and in its month (-1: a session undone). */
  session(day: string, dim: string, value: string, sign = 1) {
    this.dims.add({ dim, day, value }, { sessions: sign });
    this.monthlyDims.add({ dim, month: monthOf(day), value }, { sessions: sign });
  }

  /** A path's counters, on its day and in its month. */
  path(day: string, path: string, deltas: Record<string, number>) {
    this.paths.add({ day, path }, deltas);
    this.monthlyPaths.add({ month: monthOf(day), path }, deltas);
  }

  async write(db: Db) {
    await this.daily.write(db);
    await this.paths.write(db);
    await this.monthlyPaths.write(db);
    await this.dims.write(db);
    await this.monthlyDims.write(db);
  }
}

/**
 * Adds the day's new visitors to its users sketch. A day without a sketch yet (its visitors were counted before
 * sketches existed, or it is new) gets one built from all its day × visitor rows.
 */
export async function addToSketches(tx: Db, newDayVisitors: Map<string, string[]>) {
  if (!newDayVisitors.size) return;
  const rows = await tx
    .select({ day: analyticsDaily.day, sketch: analyticsDaily.users_sketch })
    .from(analyticsDaily)
    .where(inArray(analyticsDaily.day, [...newDayVisitors.keys()]))
    .orderBy(analyticsDaily.day)
    .for('update');
  for (const row of rows) {
    const sketch = row.sketch ? new Uint8Array(row.sketch) : await sketchOfDay(tx, row.day);
    for (const visitor of newDayVisitors.get(row.day) ?? []) addToSketch(sketch, visitor);
    await tx.update(analyticsDaily).set({ users_sketch: sketch }).where(eq(analyticsDaily.day, row.day));
  }
}

/** The sketch of every visitor of a day, from its day × visitor rows. */
async function sketchOfDay(db: Db, day: string): Promise<Uint8Array> {
  const sketch = emptySketch();
  const rows = await db
    .select({ visitor: analyticsDailyVisitors.visitor_id })
    .from(analyticsDailyVisitors)
    .where(eq(analyticsDailyVisitors.day, day));
  for (const row of rows) addToSketch(sketch, row.visitor);
  return sketch;
}

/**
 * Builds the users sketch of every day in `days` (all days when omitted) that has users but no sketch yet (days
 * counted before sketches existed, or imported in bulk). Answers how many it built.
 */
export async function fillSketches(db: Db, days?: string[]): Promise<number> {
  const missing = await db
    .select({ day: analyticsDaily.day })
    .from(analyticsDaily)
    .where(
      and(
        sql`${analyticsDaily.users_sketch} is null`,
        sql`${analyticsDaily.users} > 0`,
        days ? inArray(analyticsDaily.day, days) : undefined,
      ),
    );
  for (const { day } of missing) {
    const sketch = await sketchOfDay(db, day);
    await db
      .update(analyticsDaily)
      .set({ users_sketch: sketch })
      .where(and(eq(analyticsDaily.day, day), sql`${analyticsDaily.users_sketch} is null`));
  }
  return missing.length;
}

/**
 * After daily roll-ups were imported in bulk (the demo, a benchmark): the monthly roll-ups rebuilt from the daily
 * ones, the month sketches dropped (built again when read) and the users sketch of every day built.
 */
export async function completeImportedRollups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(analyticsMonthlyPaths);
    await tx.execute(sql`insert into ${analyticsMonthlyPaths} (month, path, pageviews, entrances, exits, time_ms, timed)
      select date_trunc('month', day)::date, path, sum(pageviews), sum(entrances), sum(exits), sum(time_ms), sum(timed)
      from ${analyticsDailyPaths} group by 1, 2`);
    await tx.delete(analyticsMonthlyDims);
    await tx.execute(sql`insert into ${analyticsMonthlyDims} (month, dim, value, sessions)
      select date_trunc('month', day)::date, dim, value, sum(sessions) from ${analyticsDailyDims} group by 1, 2, 3`);
    await tx.delete(analyticsMonthlyUsers);
  });
  await fillSketches(db);
}
