import { type FormKind, GOAL_VALUES, STATS } from '@backoffice/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  analyticsDaily,
  analyticsDailyDims,
  analyticsDailyPaths,
  analyticsDailyVisitors,
  analyticsGoals,
  analyticsPageviews,
  analyticsSessions,
  analyticsVisitors,
} from '../../db/schema.js';
import { dayOf } from './days.js';

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

/**
 * Adds `values` to the roll-up row of `keys` (creating it): one `insert … on conflict do update set c = c + excluded.c`.
 * Counters only ever change by the deltas of one event, so concurrent events add up rather than overwrite.
 */
async function addTo<T extends PgTable>(
  db: Db,
  table: T,
  target: PgColumn[],
  keys: Record<string, unknown>,
  deltas: Record<string, number>,
) {
  const columns = table as unknown as Record<string, PgColumn>;
  const set = Object.fromEntries(
    Object.keys(deltas).map((name) => [name, sql`${columns[name]} + excluded.${sql.identifier(name)}`]),
  );
  await db
    .insert(table)
    .values({ ...keys, ...deltas } as never)
    .onConflictDoUpdate({ target, set: set as never });
}

const addDaily = (db: Db, day: string, deltas: Partial<Record<keyof typeof analyticsDaily.$inferInsert, number>>) =>
  addTo(db, analyticsDaily, [analyticsDaily.day], { day }, deltas as Record<string, number>);
const addPath = (db: Db, day: string, path: string, deltas: Record<string, number>) =>
  addTo(db, analyticsDailyPaths, [analyticsDailyPaths.day, analyticsDailyPaths.path], { day, path }, deltas);

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

/**
 * Records one page view and brings every roll-up up to date in one transaction: the visitor (new on their first
 * view), the session (continued when its last view is less than `STATS.sessionTimeoutMs` ago, else a new one that
 * counts as a bounce until its second view), the path's views, entrances and exits (the exit moves to the newest
 * view of the session), the day's users, and the dimensions of a new session. A view the tracker sends twice
 * (the same view id) counts once.
 */
export async function recordView(db: Db, f: ViewFacts): Promise<void> {
  const day = dayOf(f.at);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(analyticsVisitors)
      .values({ id: f.visitor, first_day: day, first_seen_at: f.at })
      .onConflictDoNothing()
      .returning({ id: analyticsVisitors.id });
    const isNewVisitor = inserted.length > 0;
    // One visitor's views are recorded one after the other (the row lock), so two tabs never open two sessions.
    await tx
      .select({ id: analyticsVisitors.id })
      .from(analyticsVisitors)
      .where(eq(analyticsVisitors.id, f.visitor))
      .for('update');

    const [seen] = await tx
      .select({ id: analyticsPageviews.id })
      .from(analyticsPageviews)
      .where(and(eq(analyticsPageviews.visitor_id, f.visitor), eq(analyticsPageviews.view_key, f.viewKey)))
      .limit(1);
    if (seen) return;

    const [last] = await tx
      .select()
      .from(analyticsSessions)
      .where(eq(analyticsSessions.visitor_id, f.visitor))
      .orderBy(desc(analyticsSessions.last_seen_at))
      .limit(1);
    const gap = last ? f.at.getTime() - last.last_seen_at.getTime() : Number.POSITIVE_INFINITY;
    let sessionId: number;

    if (last && gap >= 0 && gap < STATS.sessionTimeoutMs) {
      sessionId = last.id;
      if (last.pageviews === 1) await addDaily(tx, last.day, { bounces: -1 });
      await addPath(tx, last.exit_day, last.exit_path, { exits: -1 });
      await addPath(tx, day, f.path, { exits: 1 });
      await tx
        .update(analyticsSessions)
        .set({
          pageviews: sql`${analyticsSessions.pageviews} + 1`,
          last_seen_at: f.at,
          exit_path: f.path,
          exit_day: day,
        })
        .where(eq(analyticsSessions.id, last.id));
    } else {
      const [made] = await tx
        .insert(analyticsSessions)
        .values({
          visitor_id: f.visitor,
          day,
          started_at: f.at,
          last_seen_at: f.at,
          is_new: isNewVisitor ? 1 : 0,
          pageviews: 1,
          entry_path: f.path,
          exit_path: f.path,
          exit_day: day,
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
        })
        .returning({ id: analyticsSessions.id });
      if (!made) throw new Error('session insert returned no row');
      sessionId = made.id;
      await addDaily(tx, day, { sessions: 1, bounces: 1, new_users: isNewVisitor ? 1 : 0 });
      await addPath(tx, day, f.path, { entrances: 1, exits: 1 });
      for (const [dim, value] of Object.entries(dimensionValues(f))) {
        if (!value) continue;
        await addTo(
          tx,
          analyticsDailyDims,
          [analyticsDailyDims.dim, analyticsDailyDims.day, analyticsDailyDims.value],
          { dim, day, value },
          { sessions: 1 },
        );
      }
    }

    await tx.insert(analyticsPageviews).values({
      view_key: f.viewKey,
      visitor_id: f.visitor,
      session_id: sessionId,
      day,
      at: f.at,
      path: f.path,
      referrer: f.referrer,
      utm_source: f.utm.source,
      utm_medium: f.utm.medium,
      utm_campaign: f.utm.campaign,
      utm_term: f.utm.term,
      utm_content: f.utm.content,
    });
    await addPath(tx, day, f.path, { pageviews: 1 });
    const firstToday = await tx
      .insert(analyticsDailyVisitors)
      .values({ day, visitor_id: f.visitor })
      .onConflictDoNothing()
      .returning({ day: analyticsDailyVisitors.day });
    await addDaily(tx, day, { pageviews: 1, users: firstToday.length });
  });
}

/**
 * Records the time a page was visible, as the tracker measured it so far (sent each time the page is hidden): the
 * growth since the last report is added to the view, its path's time on page, its session and the session's day.
 * An unknown view or a time that did not grow changes nothing.
 */
export async function recordLeave(db: Db, visitor: string, viewKey: string, ms: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [view] = await tx
      .select({
        id: analyticsPageviews.id,
        day: analyticsPageviews.day,
        path: analyticsPageviews.path,
        duration: analyticsPageviews.duration_ms,
        sessionId: analyticsPageviews.session_id,
        sessionDay: analyticsSessions.day,
      })
      .from(analyticsPageviews)
      .innerJoin(analyticsSessions, eq(analyticsSessions.id, analyticsPageviews.session_id))
      .where(and(eq(analyticsPageviews.visitor_id, visitor), eq(analyticsPageviews.view_key, viewKey)))
      .limit(1)
      .for('update', { of: analyticsPageviews });
    if (!view || ms <= view.duration) return;
    const delta = ms - view.duration;
    await tx.update(analyticsPageviews).set({ duration_ms: ms }).where(eq(analyticsPageviews.id, view.id));
    await addPath(tx, view.day, view.path, { time_ms: delta, timed: view.duration === 0 ? 1 : 0 });
    await tx
      .update(analyticsSessions)
      .set({ duration_ms: sql`${analyticsSessions.duration_ms} + ${delta}` })
      .where(eq(analyticsSessions.id, view.sessionId));
    await addDaily(tx, view.sessionDay, { duration_ms: delta });
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
    await addDaily(tx, day, { goal_completions: 1, goal_value: value });
    return true;
  });
}
