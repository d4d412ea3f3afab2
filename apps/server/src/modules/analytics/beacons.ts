import { type FormKind, GOAL_VALUES, STATS } from '@backoffice/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { anyOf, insertRows, pairsIn, updateRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import {
  analyticsDailyVisitors,
  analyticsGoals,
  analyticsPageviews,
  analyticsSessions,
  analyticsVisitors,
} from '../../db/schema.js';
import { dayOf } from './days.js';
import { addToSketches, type Dimension, NOT_SET, Rollups } from './rollups.js';

/*
 * Recording the collector's beacons and the goals (DESIGN §6): the raw visitors, sessions and views, and the
 * roll-ups they change (`rollups.ts`), a batch at a time in one transaction.
 */

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
