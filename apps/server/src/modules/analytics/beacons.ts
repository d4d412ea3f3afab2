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
import { admitBeacons, type CollectLimit } from './collect-limit.js';
import { dayOf } from './days.js';
import { addToSketches, Rollups } from './rollups.js';
import {
  countSession,
  dimensionValues,
  newSession,
  type OpenSession,
  resession,
  rowsOf,
  type ViewFacts,
  viewId,
} from './sessions.js';

export type { ViewFacts } from './sessions.js';

/*
 * Recording the collector's beacons and the goals (docs/features/statistics.md): the raw visitors, sessions and views, and the
 * roll-ups they change (`rollups.ts`), a batch at a time in one transaction.
 */

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
 * The page views of a batch, in the order of their time (the view's, not its arrival): the visitor (new on their
 * first view), the session (continued when its last view is less than `STATS.sessionTimeoutMs` before, else a new
 * one that counts as a bounce until its second view), the view itself, the path's views, entrances and exits (the
 * exit moves to the newest view of the session), the day's users and the dimensions of a new session. A view sent
 * twice (the same view id) counts once. A visitor with a view older than their latest session's last one (it came
 * late, through another server or a retry) has their recent sessions worked out again (`resession`).
 */
async function addViews(tx: Db, batch: ViewFacts[], rollups: Rollups, newDayVisitors: Map<string, string[]>) {
  const views = [...batch].sort((a, b) => a.at.getTime() - b.at.getTime());
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
  const fresh = views.filter((f) => {
    const id = viewId(f.visitor, f.viewKey);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
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
  const late = new Set(fresh.filter((f) => f.at < (open.get(f.visitor)?.lastSeenAt ?? f.at)).map((f) => f.visitor));

  const started: OpenSession[] = [];
  const recorded: { facts: ViewFacts; day: string; session: OpenSession }[] = [];
  const dayVisitors = new Map<string, { day: string; visitor_id: string }>();
  for (const f of fresh) {
    const day = dayOf(f.at);
    rollups.path(day, f.path, { pageviews: 1 });
    rollups.daily.add({ day }, { pageviews: 1 });
    dayVisitors.set(`${day}\u0000${f.visitor}`, { day, visitor_id: f.visitor });
    if (late.has(f.visitor)) continue;
    let session = open.get(f.visitor);
    const gap = session ? f.at.getTime() - session.lastSeenAt.getTime() : Number.POSITIVE_INFINITY;
    if (session && gap < STATS.sessionTimeoutMs) {
      if (session.pageviews === 1) rollups.daily.add({ day: session.day }, { bounces: -1 });
      rollups.path(session.exitDay, session.exitPath, { exits: -1 });
      rollups.path(day, f.path, { exits: 1 });
      Object.assign(session, { pageviews: session.pageviews + 1, lastSeenAt: f.at, exitPath: f.path, exitDay: day });
      session.changed = session.id !== null;
    } else {
      // Only a new visitor's first session is a new user's.
      const isNew = newVisitors.delete(f.visitor);
      session = newSession(f, isNew);
      open.set(f.visitor, session);
      started.push(session);
      countSession(rollups, 1, {
        day,
        pageviews: 1,
        isNew,
        entryPath: f.path,
        exitPath: f.path,
        exitDay: day,
        dims: dimensionValues(f),
        durationMs: 0,
      });
    }
    recorded.push({ facts: f, day, session });
  }
  const redone = late.size
    ? await resession(
        tx,
        fresh.filter((f) => late.has(f.visitor)),
        rollups,
      )
    : null;
  if (redone) {
    started.push(...redone.started);
    recorded.push(...redone.recorded);
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
  if (redone) await redone.store();
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
 * Records a batch of beacons in one transaction: page views first (the visitors, their sessions, the views, in
 * the order of the views' times), then leave beacons (which may time a view of the same batch), then every roll-up
 * the batch changed, each row written once with the batch's summed deltas. With a `limit`, each beacon first
 * counts against its address's minute (`admitBeacons`) and one over the limit is not recorded. Returns per beacon
 * 0 when it was recorded, else the seconds its address must wait. When it resolves, the batch is committed.
 */
export async function recordBeacons(db: Db, beacons: Beacon[], limit?: CollectLimit): Promise<number[]> {
  return db.transaction(async (tx) => {
    // One batch at a time, whichever server writes it: two never open two sessions for one visitor.
    await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_LOCK})`);
    const waits = limit ? await admitBeacons(tx, limit) : beacons.map(() => 0);
    const admitted = beacons.filter((_, i) => !waits[i]);
    const views = admitted.filter((b): b is { type: 'view' } & ViewFacts => b.type === 'view');
    const leaves = admitted.filter((b): b is { type: 'leave' } & LeaveFacts => b.type === 'leave');
    const rollups = new Rollups();
    const newDayVisitors = new Map<string, string[]>();
    if (views.length) await addViews(tx, views, rollups, newDayVisitors);
    if (leaves.length) await addLeaves(tx, leaves, rollups);
    await rollups.write(tx);
    await addToSketches(tx, newDayVisitors);
    return waits;
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
