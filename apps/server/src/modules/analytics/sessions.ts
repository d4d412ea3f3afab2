import { STATS } from '@backoffice/shared';
import { and, asc, gte, sql } from 'drizzle-orm';
import { anyOf, updateRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { analyticsPageviews, analyticsSessions } from '../../db/schema.js';
import { dayOf } from './days.js';
import { type Dimension, NOT_SET, type Rollups } from './rollups.js';

/*
 * Sessions of the collector's page views (docs/features/statistics.md): a visitor's views with no gap of `STATS.sessionTimeoutMs`
 * between them, by the views' own times. Views usually come in order and continue the latest session
 * (`beacons.ts`); a view that comes late (through another server, or sent again by the tracker after an outage)
 * makes `resession` work the visitor's recent sessions out again, so the sessions are those of the views in order.
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

/** A visitor's latest session while a batch is worked out: `id` is null until a new session is stored. */
export interface OpenSession {
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

export const viewId = (visitor: string, viewKey: string) => `${visitor}\u0000${viewKey}`;
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The values a new session counts under each dimension; a source the visit did not have is not counted. */
export function dimensionValues(f: ViewFacts): Record<Dimension, string> {
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

type SessionRow = typeof analyticsSessions.$inferSelect;

/** The dimensions of a stored session, as `dimensionValues` gave them for its first view. */
const dimensionsOfRow = (row: SessionRow): Record<Dimension, string> => ({
  country: row.country || NOT_SET,
  city: row.city || NOT_SET,
  language: row.language || NOT_SET,
  browser: row.browser || NOT_SET,
  system: row.system || NOT_SET,
  page: row.referrer_page,
  keyword: row.keyword,
  search: row.search_engine,
});

/** What a session adds to the roll-ups. */
export interface SessionCounts {
  day: string;
  pageviews: number;
  isNew: boolean;
  entryPath: string;
  exitPath: string;
  exitDay: string;
  dims: Record<Dimension, string>;
  durationMs: number;
}

/** Adds a session to the roll-ups (sign 1) or takes it away (-1): its day's counts, entrance, exit, dimensions. */
export function countSession(rollups: Rollups, sign: 1 | -1, s: SessionCounts) {
  rollups.daily.add(
    { day: s.day },
    {
      sessions: sign,
      bounces: s.pageviews === 1 ? sign : 0,
      new_users: s.isNew ? sign : 0,
      duration_ms: sign * s.durationMs,
    },
  );
  rollups.path(s.day, s.entryPath, { entrances: sign });
  rollups.path(s.exitDay, s.exitPath, { exits: sign });
  for (const [dim, value] of Object.entries(s.dims)) if (value) rollups.session(s.day, dim, value, sign);
}

export const newSession = (f: ViewFacts, isNew: boolean): OpenSession => ({
  id: null,
  day: dayOf(f.at),
  pageviews: 1,
  lastSeenAt: f.at,
  exitPath: f.path,
  exitDay: dayOf(f.at),
  changed: false,
  start: { facts: f, isNew },
});

/** A view while sessions are worked out again: stored (with its session) or new in this batch. */
interface Item {
  at: Date;
  day: string;
  path: string;
  stored?: { id: number; sessionId: number; durationMs: number };
  fresh?: ViewFacts;
}

/**
 * Works out again the sessions of visitors with late views: every session of the visitor that ends less than
 * `STATS.sessionTimeoutMs` before their earliest new view, with its views and the new ones, is grouped anew by the
 * views' times. A group keeps the id of its first stored session; the sessions it swallows are removed after their
 * views and goals move to it; a group of new views only is a new session. The roll-ups lose what the old sessions
 * counted and gain what the groups count (sessions, bounces, entrances, exits, dimensions, time, a new user's
 * first session). Returns the new sessions and views for the caller to store, and `store` for the rest, to be
 * called after the new sessions have their ids.
 */
export async function resession(tx: Db, fresh: ViewFacts[], rollups: Rollups) {
  const gapMs = STATS.sessionTimeoutMs;
  const visitors = [...new Set(fresh.map((f) => f.visitor))];
  const earliest = new Date(Math.min(...fresh.map((f) => f.at.getTime())) - gapMs);
  const sessions = await tx
    .select()
    .from(analyticsSessions)
    .where(and(anyOf(analyticsSessions.visitor_id, visitors), gte(analyticsSessions.last_seen_at, earliest)))
    .orderBy(asc(analyticsSessions.started_at), asc(analyticsSessions.id));
  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const firstStart = new Date(Math.min(...sessions.map((s) => s.started_at.getTime())));
  const views = sessions.length
    ? await tx
        .select({
          id: analyticsPageviews.id,
          visitor: analyticsPageviews.visitor_id,
          sessionId: analyticsPageviews.session_id,
          at: analyticsPageviews.at,
          day: analyticsPageviews.day,
          path: analyticsPageviews.path,
          durationMs: analyticsPageviews.duration_ms,
        })
        .from(analyticsPageviews)
        .where(and(anyOf(analyticsPageviews.visitor_id, visitors), gte(analyticsPageviews.at, firstStart)))
        .orderBy(asc(analyticsPageviews.at), asc(analyticsPageviews.id))
    : [];

  const items = new Map<string, Item[]>(visitors.map((v) => [v, []]));
  for (const v of views) {
    if (!sessionById.has(v.sessionId)) continue; // a view of an earlier session the new views cannot reach
    items.get(v.visitor)?.push({ at: v.at, day: v.day, path: v.path, stored: v });
  }
  for (const f of fresh) items.get(f.visitor)?.push({ at: f.at, day: dayOf(f.at), path: f.path, fresh: f });
  const hadNewUser = new Set(sessions.filter((s) => s.is_new).map((s) => s.visitor_id));
  for (const s of sessions) {
    countSession(rollups, -1, {
      day: s.day,
      pageviews: s.pageviews,
      isNew: s.is_new === 1,
      entryPath: s.entry_path,
      exitPath: s.exit_path,
      exitDay: s.exit_day,
      dims: dimensionsOfRow(s),
      durationMs: s.duration_ms,
    });
  }

  const started: OpenSession[] = [];
  const recorded: { facts: ViewFacts; day: string; session: OpenSession }[] = [];
  const kept: Record<string, unknown>[] = [];
  const moves: { id: number; session_id: number }[] = [];
  const swallowed = new Map<number, number>();
  for (const [visitor, list] of items) {
    // Stored views first on a tie (stable sort): a view sent again at the same time joins, never leads.
    list.sort((a, b) => a.at.getTime() - b.at.getTime() || Number(!a.stored) - Number(!b.stored));
    const groups: Item[][] = [];
    for (const item of list) {
      const group = groups.at(-1);
      const last = group?.at(-1);
      if (group && last && item.at.getTime() - last.at.getTime() < gapMs) group.push(item);
      else groups.push([item]);
    }
    groups.forEach((group, i) => {
      const first = group[0] as Item;
      const last = group.at(-1) as Item;
      const ids = [...new Set(group.flatMap((item) => (item.stored ? [item.stored.sessionId] : [])))];
      const row = ids[0] === undefined ? null : (sessionById.get(ids[0]) ?? null);
      const isNew = i === 0 && hadNewUser.has(visitor);
      const facts = first.fresh;
      countSession(rollups, 1, {
        day: first.day,
        pageviews: group.length,
        isNew,
        entryPath: first.path,
        exitPath: last.path,
        exitDay: last.day,
        dims: facts ? dimensionValues(facts) : dimensionsOfRow(row as SessionRow),
        durationMs: group.reduce((ms, item) => ms + (item.stored?.durationMs ?? 0), 0),
      });
      let session: OpenSession;
      if (!row) {
        session = { ...newSession(facts as ViewFacts, isNew), pageviews: group.length };
        Object.assign(session, { lastSeenAt: last.at, exitPath: last.path, exitDay: last.day });
        started.push(session);
      } else {
        session = {
          id: row.id,
          day: first.day,
          pageviews: group.length,
          lastSeenAt: last.at,
          exitPath: last.path,
          exitDay: last.day,
          changed: false,
        };
        const others = ids.slice(1).map((id) => sessionById.get(id) as SessionRow);
        for (const other of others) swallowed.set(other.id, row.id);
        const goals = [row, ...others];
        kept.push({
          id: row.id,
          day: first.day,
          started_at: first.at,
          last_seen_at: last.at,
          is_new: isNew ? 1 : 0,
          pageviews: group.length,
          duration_ms: group.reduce((ms, item) => ms + (item.stored?.durationMs ?? 0), 0),
          entry_path: first.path,
          exit_path: last.path,
          exit_day: last.day,
          goal_completions: goals.reduce((n, s) => n + s.goal_completions, 0),
          goal_value: goals.reduce((n, s) => n + s.goal_value, 0),
          ...(facts ? factsColumns(facts) : factsColumns(row)),
        });
        for (const item of group) {
          if (item.stored && item.stored.sessionId !== row.id) moves.push({ id: item.stored.id, session_id: row.id });
        }
      }
      for (const item of group) if (item.fresh) recorded.push({ facts: item.fresh, day: item.day, session });
    });
  }

  const store = async () => {
    if (kept.length) {
      await tx.execute(
        updateRows(
          analyticsSessions,
          kept,
          sql.raw(
            Object.keys(kept[0] as object)
              .filter((column) => column !== 'id')
              .map((column) => `${column} = v.${column}`)
              .join(', '),
          ),
        ),
      );
    }
    if (moves.length) await tx.execute(updateRows(analyticsPageviews, moves, sql`session_id = v.session_id`));
    if (swallowed.size) {
      const from = sql.param([...swallowed.keys()]);
      const to = sql.param([...swallowed.values()]);
      await tx.execute(sql`update analytics_goals as g set session_id = v.to_id
        from unnest(${from}::int[], ${to}::int[]) as v(from_id, to_id) where g.session_id = v.from_id`);
      await tx.execute(sql`delete from ${analyticsSessions} where id = any(${from}::int[])`);
    }
  };
  return { started, recorded, store };
}

/** The columns of a session taken from its first view: from the view's facts, or kept from a stored session. */
function factsColumns(source: ViewFacts | SessionRow) {
  if ('viewKey' in source) {
    return {
      referrer_page: source.source.page,
      search_engine: source.source.engine,
      keyword: source.source.keyword,
      utm_source: source.utm.source,
      utm_medium: source.utm.medium,
      utm_campaign: source.utm.campaign,
      country: source.country,
      city: source.city,
      language: source.language,
      browser: source.browser,
      system: source.system,
      screen: source.screen,
    };
  }
  const { referrer_page, search_engine, keyword, utm_source, utm_medium, utm_campaign } = source;
  const { country, city, language, browser, system, screen } = source;
  return {
    referrer_page,
    search_engine,
    keyword,
    utm_source,
    utm_medium,
    utm_campaign,
    country,
    city,
    language,
    browser,
    system,
    screen,
  };
}
