import { type FormKind, GOAL_VALUES, STATS } from '@backoffice/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { anyOf, insertRows, pairsIn, updateRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import {
  analyticsDaily,
  analyticsDailyDims,
  analyticsDailyPaths,
  analyticsDailyVisitors,
  analyticsGoals,
  analyticsMonthlyDims,
  analyticsMonthlyPaths,
  analyticsMonthlyUsers,
  analyticsPageviews,
  analyticsSessions,
  analyticsVisitors,
} from '../../db/schema.js';
import { dayOf, monthOf } from './days.js';
import { addToSketch, emptySketch } from './sketch.js';

/** The dimensions of `analytics_daily_dims`, as the session tables name them. */
export const DIMENSIONS = ['country', 'city', 'language', 'browser', 'system', 'page', 'keyword', 'search'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** What a session shows of its visitor, taken from its first view. */
export interface ViewFacts {
  visitor: string;
  viewKey: string;
  at: Date;
  path: string;
  referrer: string;
  utm: { source: string; medium: string; campaign: string; term: string; content: string };
  language: string;
  screen: string;
  browser: string;
  system: string;
  country: string;
  city: string;
  source: { page: string; engine: string; keyword: string };
}

/** Shown for a device or place the server could not tell. */
export const NOT_SET = '(not set)';

/** The values a new session counts under each dimension; a source the visit did not have is not counted. */
function dimensionValues(f: ViewFacts): Record<Dimension, string> {
  return {
    country: f.country || NOT_SET,
    city: f.city || NOT_SET,
    language: f.language || NOT_SET,
    browser: f.browser || NOT_SET,
    system: f.system || NOT_SET,
    page: f.source.page,
    keyword: f.source.keyword,
    search: f.source.engine,
  };
}

/** A leave beacon: the time the view's page has been visible so far. */
export interface LeaveFacts {
  visitor: string;
  viewKey: string;
  ms: number;
}

export type Beacon = ({ type: 'view' } & ViewFacts) | ({ type: 'leave' } & LeaveFacts);

/** The transaction-level advisory lock that serialises the writers of beacons (any number: it only has to be fixed). */
const BATCH_LOCK = 727_001;

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
class Rollups {
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

  /** A new session under one dimension's value, on its day and in its month. */
  session(day: string, dim: string, value: string) {
    this.dims.add({ dim, day, value }, { sessions: 1 });
    this.monthlyDims.add({ dim, month: monthOf(day), value }, { sessions: 1 });
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

/** A visitor's latest session while a batch is worked out: `id` is null until a new session is stored. */
interface OpenSession {
  id: number | null;
  day: string;
  pageviews: number;
  lastSeenAt: Date;
  exitPath: string;
  exitDay: string;
  /** An existing session the batch continued. */
  changed: boolean;
  /** A session the batch starts: its first view and whether its visitor is new. */
  start?: { facts: ViewFacts; isNew: boolean };
}

const viewId = (visitor: string, viewKey: string) => `${visitor}\u0000${viewKey}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The page views of a batch, in the order they came: the visitor (new on their first view), the session
 * (continued when its last view is less than `STATS.sessionTimeoutMs` ago, else a new one that counts as a bounce
 * until its second view), the view itself, the path's views, entrances and exits (the exit moves to the newest view
 * of the session), the day's users and the dimensions of a new session. A view sent twice (the same view id)
 * counts once.
 */
async function addViews(tx: Db, views: ViewFacts[], rollups: Rollups, newDayVisitors: Map<string, string[]>) {
  const firstViews = new Map<string, ViewFacts>();
  for (const f of views) if (!firstViews.has(f.visitor)) firstViews.set(f.visitor, f);
  const visitors = [...firstViews.keys()];
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(
      sql`${insertRows(
        analyticsVisitors,
        [...firstViews.values()].map((f) => ({ id: f.visitor, first_day: dayOf(f.at), first_seen_at: f.at })),
      )} on conflict do nothing returning id`,
    ),
  );
  const newVisitors = new Set(inserted.map((row) => row.id));

  const stored = await tx
    .select({ visitor: analyticsPageviews.visitor_id, viewKey: analyticsPageviews.view_key })
    .from(analyticsPageviews)
    .where(pairsIn(analyticsPageviews.visitor_id, analyticsPageviews.view_key, views));
  const seen = new Set(stored.map((row) => viewId(row.visitor, row.viewKey)));
  const open = new Map<string, OpenSession>();
  const latest = await tx
    .selectDistinctOn([analyticsSessions.visitor_id], {
      id: analyticsSessions.id,
      visitor: analyticsSessions.visitor_id,
      day: analyticsSessions.day,
      pageviews: analyticsSessions.pageviews,
      lastSeenAt: analyticsSessions.last_seen_at,
      exitPath: analyticsSessions.exit_path,
      exitDay: analyticsSessions.exit_day,
    })
    .from(analyticsSessions)
    .where(anyOf(analyticsSessions.visitor_id, visitors))
    .orderBy(analyticsSessions.visitor_id, desc(analyticsSessions.last_seen_at));
  for (const { visitor, ...s } of latest) open.set(visitor, { ...s, changed: false });

  const started: OpenSession[] = [];
  const recorded: { facts: ViewFacts; day: string; session: OpenSession }[] = [];
  const dayVisitors = new Map<string, { day: string; visitor_id: string }>();
  for (const f of views) {
    const id = viewId(f.visitor, f.viewKey);
    if (seen.has(id)) continue;
    seen.add(id);
    const day = dayOf(f.at);
    let session = open.get(f.visitor);
    const gap = session ? f.at.getTime() - session.lastSeenAt.getTime() : Number.POSITIVE_INFINITY;
    if (session && gap >= 0 && gap < STATS.sessionTimeoutMs) {
      if (session.pageviews === 1) rollups.daily.add({ day: session.day }, { bounces: -1 });
      rollups.path(session.exitDay, session.exitPath, { exits: -1 });
      rollups.path(day, f.path, { exits: 1 });
      Object.assign(session, { pageviews: session.pageviews + 1, lastSeenAt: f.at, exitPath: f.path, exitDay: day });
      session.changed = session.id !== null;
    } else {
      // Only a new visitor's first session is a new user's.
      const isNew = newVisitors.delete(f.visitor);
      session = {
        id: null,
        day,
        pageviews: 1,
        lastSeenAt: f.at,
        exitPath: f.path,
        exitDay: day,
        changed: false,
        start: { facts: f, isNew },
      };
      open.set(f.visitor, session);
      started.push(session);
      rollups.daily.add({ day }, { sessions: 1, bounces: 1, new_users: isNew ? 1 : 0 });
      rollups.path(day, f.path, { entrances: 1, exits: 1 });
      for (const [dim, value] of Object.entries(dimensionValues(f))) {
        if (value) rollups.session(day, dim, value);
      }
    }
    recorded.push({ facts: f, day, session });
    rollups.path(day, f.path, { pageviews: 1 });
    rollups.daily.add({ day }, { pageviews: 1 });
    dayVisitors.set(`${day}\u0000${f.visitor}`, { day, visitor_id: f.visitor });
  }

  await insertSessions(tx, started);
  const continued = [...open.values()].filter((s) => s.changed);
  if (continued.length) {
    await tx.execute(
      updateRows(
        analyticsSessions,
        continued.map((s) => ({
          id: s.id,
          pageviews: s.pageviews,
          last_seen_at: s.lastSeenAt,
          exit_path: s.exitPath,
          exit_day: s.exitDay,
        })),
        sql`pageviews = v.pageviews, last_seen_at = v.last_seen_at, exit_path = v.exit_path, exit_day = v.exit_day`,
      ),
    );
  }
  if (recorded.length) {
    await tx.execute(
      insertRows(
        analyticsPageviews,
        recorded.map(({ facts: f, day, session }) => ({
          view_key: f.viewKey,
          visitor_id: f.visitor,
          session_id: session.id,
          day,
          at: f.at,
          path: f.path,
          referrer: f.referrer,
          utm_source: f.utm.source,
          utm_medium: f.utm.medium,
          utm_campaign: f.utm.campaign,
          utm_term: f.utm.term,
          utm_content: f.utm.content,
        })),
      ),
    );
  }
  if (dayVisitors.size) {
    const firsts = rowsOf<{ day: string; visitor: string }>(
      await tx.execute(
        sql`${insertRows(analyticsDailyVisitors, [...dayVisitors.values()])}
          on conflict do nothing returning day::text as day, visitor_id as visitor`,
      ),
    );
    for (const { day, visitor } of firsts) {
      rollups.daily.add({ day }, { users: 1 });
      newDayVisitors.set(day, [...(newDayVisitors.get(day) ?? []), visitor]);
    }
  }
}

/** Stores the sessions a batch starts, with ids taken from their sequence first (their views refer to them). */
async function insertSessions(tx: Db, started: OpenSession[]) {
  if (!started.length) return;
  const ids = rowsOf<{ id: number }>(
    await tx.execute(
      sql`select nextval(pg_get_serial_sequence('analytics_sessions', 'id'))::int as id from generate_series(1, ${started.length})`,
    ),
  );
  started.forEach((s, i) => {
    s.id = Number(ids[i]?.id);
  });
  await tx.execute(
    insertRows(
      analyticsSessions,
      started.map((s) => {
        const f = s.start?.facts as ViewFacts;
        return {
          id: s.id,
          visitor_id: f.visitor,
          day: s.day,
          started_at: f.at,
          last_seen_at: s.lastSeenAt,
          is_new: s.start?.isNew ? 1 : 0,
          pageviews: s.pageviews,
          entry_path: f.path,
          exit_path: s.exitPath,
          exit_day: s.exitDay,
          referrer_page: f.source.page,
          search_engine: f.source.engine,
          keyword: f.source.keyword,
          utm_source: f.utm.source,
          utm_medium: f.utm.medium,
          utm_campaign: f.utm.campaign,
          country: f.country,
          city: f.city,
          language: f.language,
          browser: f.browser,
          system: f.system,
          screen: f.screen,
        };
      }),
    ),
  );
}

/**
 * The leave beacons of a batch: the time a page was visible, as the tracker measured it so far (sent each time the
 * page is hidden). The growth since the last report is added to the view, its path's time on page, its session
 * and the session's day. An unknown view or a time that did not grow changes nothing.
 */
async function addLeaves(tx: Db, leaves: LeaveFacts[], rollups: Rollups) {
  const longest = new Map<string, LeaveFacts>();
  for (const leave of leaves) {
    const id = viewId(leave.visitor, leave.viewKey);
    if ((longest.get(id)?.ms ?? -1) < leave.ms) longest.set(id, leave);
  }
  const rows = await tx
    .select({
      id: analyticsPageviews.id,
      visitor: analyticsPageviews.visitor_id,
      viewKey: analyticsPageviews.view_key,
      day: analyticsPageviews.day,
      path: analyticsPageviews.path,
      duration: analyticsPageviews.duration_ms,
      sessionId: analyticsPageviews.session_id,
      sessionDay: analyticsSessions.day,
    })
    .from(analyticsPageviews)
    .innerJoin(analyticsSessions, eq(analyticsSessions.id, analyticsPageviews.session_id))
    .where(pairsIn(analyticsPageviews.visitor_id, analyticsPageviews.view_key, [...longest.values()]))
    .orderBy(analyticsPageviews.id)
    .for('update', { of: analyticsPageviews });
  const views: { id: number; duration_ms: number }[] = [];
  const sessions = new Map<number, number>();
  for (const view of rows) {
    const ms = longest.get(viewId(view.visitor, view.viewKey))?.ms ?? 0;
    if (ms <= view.duration) continue;
    const delta = ms - view.duration;
    views.push({ id: view.id, duration_ms: ms });
    rollups.path(view.day, view.path, { time_ms: delta, timed: view.duration === 0 ? 1 : 0 });
    sessions.set(view.sessionId, (sessions.get(view.sessionId) ?? 0) + delta);
    rollups.daily.add({ day: view.sessionDay }, { duration_ms: delta });
  }
  if (!views.length) return;
  await tx.execute(updateRows(analyticsPageviews, views, sql`duration_ms = v.duration_ms`));
  await tx.execute(
    updateRows(
      analyticsSessions,
      [...sessions].map(([id, delta]) => ({ id, duration_ms: delta })),
      sql`duration_ms = t.duration_ms + v.duration_ms`,
    ),
  );
}

/**
 * Adds the day's new visitors to its users sketch. A day without a sketch yet (its visitors were counted before
 * sketches existed, or it is new) gets one built from all its day × visitor rows.
 */
async function addToSketches(tx: Db, newDayVisitors: Map<string, string[]>) {
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

/**
 * Records a batch of beacons in one transaction, in the order they came: page views first (the visitors, their
 * sessions, the views), then leave beacons (which may time a view of the same batch), then every roll-up the
 * batch changed, each row written once with the batch's summed deltas.
 */
export async function recordBeacons(db: Db, beacons: Beacon[]): Promise<void> {
  const views = beacons.filter((b): b is { type: 'view' } & ViewFacts => b.type === 'view');
  const leaves = beacons.filter((b): b is { type: 'leave' } & LeaveFacts => b.type === 'leave');
  await db.transaction(async (tx) => {
    // One batch at a time, whichever server writes it: two never open two sessions for one visitor.
    await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_LOCK})`);
    const rollups = new Rollups();
    const newDayVisitors = new Map<string, string[]>();
    if (views.length) await addViews(tx, views, rollups, newDayVisitors);
    if (leaves.length) await addLeaves(tx, leaves, rollups);
    await rollups.write(tx);
    await addToSketches(tx, newDayVisitors);
  });
}

/** Records one page view (`recordBeacons` of one). */
export const recordView = (db: Db, facts: ViewFacts) => recordBeacons(db, [{ type: 'view', ...facts }]);

/** Records one leave beacon (`recordBeacons` of one). */
export const recordLeave = (db: Db, visitor: string, viewKey: string, ms: number) =>
  recordBeacons(db, [{ type: 'leave', visitor, viewKey, ms }]);

/**
 * Goal 1: a form submission by a visitor the tracker knows (one with a recorded view) completes the goal, worth
 * `GOAL_VALUES[kind]` EUR, on the day of the submission; it is linked to the visitor's latest session. An unknown
 * visitor id completes nothing. Returns whether it counted.
 */
export async function recordGoal(
  db: Db,
  visitor: string,
  kind: FormKind,
  submissionId: number | null,
  at = new Date(),
): Promise<boolean> {
  const day = dayOf(at);
  const value = GOAL_VALUES[kind];
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: analyticsVisitors.id })
      .from(analyticsVisitors)
      .where(eq(analyticsVisitors.id, visitor))
      .for('update');
    if (!known) return false;
    const [session] = await tx
      .select({ id: analyticsSessions.id })
      .from(analyticsSessions)
      .where(eq(analyticsSessions.visitor_id, visitor))
      .orderBy(desc(analyticsSessions.last_seen_at))
      .limit(1);
    await tx.insert(analyticsGoals).values({
      visitor_id: visitor,
      session_id: session?.id ?? null,
      day,
      at,
      form_kind: kind,
      submission_id: submissionId,
      value,
    });
    if (session) {
      await tx
        .update(analyticsSessions)
        .set({
          goal_completions: sql`${analyticsSessions.goal_completions} + 1`,
          goal_value: sql`${analyticsSessions.goal_value} + ${value}`,
        })
        .where(eq(analyticsSessions.id, session.id));
    }
    const rollups = new Rollups();
    rollups.daily.add({ day }, { goal_completions: 1, goal_value: value });
    await rollups.write(tx);
    return true;
  });
}
