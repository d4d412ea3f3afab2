import { type FormKind, GOAL_VALUES, LOCALES } from '@backoffice/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { insertRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import {
  analyticsDaily,
  analyticsDailyDims,
  analyticsDailyPaths,
  analyticsDailyVisitors,
  analyticsPageviews,
  analyticsSessions,
  analyticsVisitors,
  articleLangs,
  articles,
  pageLangs,
  pages,
  referenceLangs,
  references,
} from '../../db/schema.js';
import { addDays, dayOf } from '../../modules/analytics/days.js';
import { hasTraffic } from '../../modules/analytics/queries.js';
import { completeImportedRollups, type Dimension, NOT_SET } from '../../modules/analytics/rollups.js';
import { mulberry32 } from '../random.js';
import type { Log } from './seeding.js';

/** Days of demo traffic, up to yesterday. */
export const DEMO_DAYS = 90;
/** The last days whose sessions and page views are also kept raw (the rest exists as roll-ups only). */
const RAW_DAYS = 2;

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly (readonly [T, number])[]): T => {
  const total = items.reduce((n, [, w]) => n + w, 0);
  let r = rng() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r <= 0) return item;
  }
  return items[items.length - 1]?.[0] as T;
};
const between = (rng: Rng, min: number, max: number) => Math.floor(min + rng() * (max - min + 1));

interface Place {
  country: string;
  cities: string[];
  lang: string;
}
const PLACES: [Place, number][] = [
  [
    {
      country: 'Slovakia',
      cities: ['Bratislava', 'Košice', 'Žilina', 'Nitra', 'Banská Bystrica', 'Trnava'],
      lang: 'sk-sk',
    },
    60,
  ],
  [{ country: 'Czech Republic', cities: ['Prague', 'Brno', 'Ostrava'], lang: 'cs-cz' }, 14],
  [{ country: 'Austria', cities: ['Vienna', 'Graz'], lang: 'de-at' }, 6],
  [{ country: 'Hungary', cities: ['Budapest', 'Győr'], lang: 'hu-hu' }, 5],
  [{ country: 'Germany', cities: ['Berlin', 'Munich'], lang: 'de-de' }, 5],
  [{ country: 'Poland', cities: ['Kraków', 'Katowice'], lang: 'pl-pl' }, 4],
  [{ country: 'United Kingdom', cities: ['London'], lang: 'en-gb' }, 3],
  [{ country: 'United States of America', cities: ['New York', 'Chicago'], lang: 'en-us' }, 2],
  [{ country: '', cities: [''], lang: 'en-us' }, 1],
];
const DEVICES: [{ browser: string; system: string }, number][] = [
  [{ browser: 'Chrome', system: 'Windows' }, 30],
  [{ browser: 'Chrome', system: 'Android' }, 20],
  [{ browser: 'Mobile Safari', system: 'iOS' }, 17],
  [{ browser: 'Edge', system: 'Windows' }, 10],
  [{ browser: 'Safari', system: 'Mac OS' }, 8],
  [{ browser: 'Firefox', system: 'Windows' }, 5],
  [{ browser: 'Firefox', system: 'Linux' }, 3],
  [{ browser: 'Samsung Browser', system: 'Android' }, 4],
  [{ browser: 'Opera', system: 'Windows' }, 2],
  [{ browser: 'Chrome', system: 'Mac OS' }, 1],
];
const ENGINES: [{ engine: string; page: string }, number][] = [
  [{ engine: 'Google', page: 'www.google.com/' }, 78],
  [{ engine: 'Bing', page: 'www.bing.com/search' }, 9],
  [{ engine: 'Seznam', page: 'search.seznam.cz/' }, 8],
  [{ engine: 'DuckDuckGo', page: 'duckduckgo.com/' }, 4],
  [{ engine: 'Yahoo', page: 'search.yahoo.com/search' }, 1],
];
const KEYWORDS: [string, number][] = [
  ['preprava materialu', 9],
  ['odvoz sute bratislava', 7],
  ['nakladna doprava', 6],
  ['sklad zilina', 5],
  ['cenova ponuka preprava', 4],
  ['haulage slovakia', 3],
  ['kontajner na odpad', 3],
  ['betón drvený cena', 2],
  ['logistika firmy', 2],
  ['freight transport bratislava', 1],
];
const REFERRERS: [string, number][] = [
  ['www.facebook.com/', 30],
  ['www.linkedin.com/feed/', 15],
  ['www.azet.sk/katalog/doprava/', 15],
  ['www.zoznam.sk/firmy/preprava/', 12],
  ['partner-stavby.sk/partneri', 10],
  ['www.instagram.com/', 8],
  ['forum.stavebnictvo.sk/tema/odvoz', 5],
];
const WEEKDAY = [0.45, 1, 1.05, 1, 0.95, 0.85, 0.55]; // Sunday … Saturday

interface Visitor {
  id: string;
  firstDay: string;
  place: { country: string; city: string; language: string };
  device: { browser: string; system: string };
}
interface DemoSession {
  visitor: Visitor;
  isNew: boolean;
  day: string;
  start: Date;
  paths: string[];
  times: number[];
  source: { page: string; engine: string; keyword: string };
  utm: { source: string; medium: string; campaign: string };
  goal: FormKind | null;
}

/** The addresses of the demo's published pages, news and references in both languages, with a weight each. */
async function demoPaths(db: Db): Promise<(readonly [string, number])[]> {
  const weighted: (readonly [string, number])[] = [];
  for (const locale of LOCALES) {
    const share = locale === 'sk' ? 3 : 1;
    weighted.push([`/${locale}/`, 30 * share], [`/${locale}/news/`, 4 * share], [`/${locale}/reference/`, 4 * share]);
    for (const kind of ['contact', 'price', 'registration'] as const)
      weighted.push([`/${locale}/form/${kind}`, 2 * share]);
    const [pageRows, articleRows, referenceRows] = await Promise.all([
      db
        .select({ url: pageLangs.title_url })
        .from(pageLangs)
        .innerJoin(pages, eq(pages.id, pageLangs.page_id))
        .where(and(eq(pageLangs.language_code, locale), eq(pages.status, true), isNull(pages.deleted_at))),
      db
        .select({ url: articleLangs.title_url })
        .from(articleLangs)
        .innerJoin(articles, eq(articles.id, articleLangs.article_id))
        .where(and(eq(articleLangs.language_code, locale), eq(articles.status, true), isNull(articles.deleted_at))),
      db
        .select({ url: referenceLangs.title_url })
        .from(referenceLangs)
        .innerJoin(references, eq(references.id, referenceLangs.reference_id))
        .where(
          and(eq(referenceLangs.language_code, locale), eq(references.status, true), isNull(references.deleted_at)),
        ),
    ]);
    for (const [i, r] of pageRows.entries()) {
      weighted.push([`/${locale}/${encodeURIComponent(r.url)}`, (8 / (i + 1) + 1) * share]);
    }
    for (const [i, r] of articleRows.entries()) {
      weighted.push([`/${locale}/news/${encodeURIComponent(r.url)}`, (3 / (i + 1) + 0.5) * share]);
    }
    for (const [i, r] of referenceRows.entries()) {
      weighted.push([`/${locale}/reference/${encodeURIComponent(r.url)}`, (2 / (i + 1) + 0.5) * share]);
    }
  }
  return weighted;
}

/** The sessions of the demo's days, in order: a weekday rhythm, a slow rise, returning visitors, some goals. */
function simulate(paths: (readonly [string, number])[], today: string): DemoSession[] {
  const rng = mulberry32(20260101);
  const visitors: Visitor[] = [];
  const sessions: DemoSession[] = [];
  let serial = 0;
  for (let back = DEMO_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const count = Math.round((55 + (DEMO_DAYS - back) * 0.5) * (WEEKDAY[weekday] ?? 1) * (0.8 + rng() * 0.4));
    for (let i = 0; i < count; i++) {
      const returning = visitors.length > 20 && rng() < 0.28;
      let visitor: Visitor;
      if (returning) {
        visitor = visitors[Math.floor(rng() * visitors.length)] as Visitor;
      } else {
        const place = pick(rng, PLACES);
        visitor = {
          id: `demo-${(++serial).toString(36).padStart(8, '0')}`,
          firstDay: day,
          place: {
            country: place.country,
            city: place.cities[Math.floor(rng() * place.cities.length)] ?? '',
            language: rng() < 0.85 ? place.lang : 'en-us',
          },
          device: { ...pick(rng, DEVICES) },
        };
        visitors.push(visitor);
      }
      const kind = rng();
      let source = { page: '', engine: '', keyword: '' };
      let utm = { source: '', medium: '', campaign: '' };
      if (kind < 0.45) {
        const engine = pick(rng, ENGINES);
        source = { ...engine, keyword: rng() < 0.4 ? pick(rng, KEYWORDS) : '' };
      } else if (kind < 0.6) {
        source = { page: pick(rng, REFERRERS), engine: '', keyword: '' };
      } else if (kind < 0.65) {
        utm = { source: 'newsletter', medium: 'email', campaign: 'jar-2026' };
        source = { page: '', engine: '', keyword: rng() < 0.5 ? 'jarna akcia' : '' };
      }
      const views = rng() < 0.42 ? 1 : between(rng, 2, 6);
      const seen: string[] = [];
      const times: number[] = [];
      for (let v = 0; v < views; v++) {
        seen.push(v === 0 && rng() < 0.4 ? (rng() < 0.75 ? '/sk/' : '/en/') : pick(rng, paths));
        // The time of a view that ended the visit arrives seven times in ten.
        times.push(v === views - 1 && rng() < 0.3 ? 0 : between(rng, 8_000, v === 0 ? 240_000 : 150_000));
      }
      const goal =
        rng() < (views > 1 ? 0.035 : 0.005)
          ? pick<FormKind>(rng, [
              ['contact', 6],
              ['price', 3],
              ['registration', 1],
            ])
          : null;
      // Mostly office hours, Bratislava time (UTC+1/+2): 06:00–20:59 UTC.
      const start = new Date(
        `${day}T${String(between(rng, 6, 20)).padStart(2, '0')}:${String(between(rng, 0, 59)).padStart(2, '0')}:00Z`,
      );
      sessions.push({
        visitor,
        isNew: visitor.firstDay === day && !returning,
        day,
        start,
        paths: seen,
        times,
        source,
        utm,
        goal,
      });
    }
  }
  return sessions;
}

/** Inserts rows in slices, so no statement carries more parameters than the driver takes. */
/** One statement per table (`insertRows`: an array parameter per column), however many rows. */
async function insertAll(db: Db, table: PgTable, rows: Record<string, unknown>[]) {
  if (rows.length > 0) await db.execute(insertRows(table, rows));
}

/**
 * 90 days of believable traffic for the statistics screens, built in memory and written in bulk: the daily
 * roll-ups the answers read (totals, day × visitor, day × path, day × dimension; then month × path and the users
 * sketches) and, for the last two days, the raw sessions and page views too. Runs only while no traffic exists, so running the demo again adds nothing.
 */
export async function seedDemoTraffic(db: Db, log: Log, now = new Date()) {
  if (await hasTraffic(db)) return;
  const today = dayOf(now);
  const sessions = simulate(await demoPaths(db), today);

  const daily = new Map<string, Record<string, number>>();
  const dayVisitors = new Set<string>();
  const pathRows = new Map<
    string,
    { day: string; path: string; pageviews: number; entrances: number; exits: number; time_ms: number; timed: number }
  >();
  const dimRows = new Map<string, { day: string; dim: Dimension; value: string; sessions: number }>();
  const firstSeen = new Map<string, Visitor>();
  for (const s of sessions) {
    const d = daily.get(s.day) ?? {
      users: 0,
      new_users: 0,
      sessions: 0,
      pageviews: 0,
      bounces: 0,
      duration_ms: 0,
      goal_completions: 0,
      goal_value: 0,
    };
    daily.set(s.day, d);
    if (!firstSeen.has(s.visitor.id)) firstSeen.set(s.visitor.id, s.visitor);
    const visitorKey = `${s.day}|${s.visitor.id}`;
    if (!dayVisitors.has(visitorKey)) {
      dayVisitors.add(visitorKey);
      d.users = (d.users ?? 0) + 1;
    }
    d.sessions = (d.sessions ?? 0) + 1;
    d.new_users = (d.new_users ?? 0) + (s.isNew ? 1 : 0);
    d.pageviews = (d.pageviews ?? 0) + s.paths.length;
    d.bounces = (d.bounces ?? 0) + (s.paths.length === 1 ? 1 : 0);
    d.duration_ms = (d.duration_ms ?? 0) + s.times.reduce((n, t) => n + t, 0);
    if (s.goal) {
      d.goal_completions = (d.goal_completions ?? 0) + 1;
      d.goal_value = (d.goal_value ?? 0) + GOAL_VALUES[s.goal];
    }
    s.paths.forEach((path, i) => {
      const key = `${s.day}|${path}`;
      const row = pathRows.get(key) ?? { day: s.day, path, pageviews: 0, entrances: 0, exits: 0, time_ms: 0, timed: 0 };
      pathRows.set(key, row);
      row.pageviews++;
      if (i === 0) row.entrances++;
      if (i === s.paths.length - 1) row.exits++;
      const time = s.times[i] ?? 0;
      if (time > 0) {
        row.time_ms += time;
        row.timed++;
      }
    });
    const dims: Record<Dimension, string> = {
      country: s.visitor.place.country || NOT_SET,
      city: s.visitor.place.city || NOT_SET,
      language: s.visitor.place.language,
      browser: s.visitor.device.browser,
      system: s.visitor.device.system,
      page: s.source.page,
      keyword: s.source.keyword,
      search: s.source.engine,
    };
    for (const [dim, value] of Object.entries(dims) as [Dimension, string][]) {
      if (!value) continue;
      const key = `${s.day}|${dim}|${value}`;
      const row = dimRows.get(key) ?? { day: s.day, dim, value, sessions: 0 };
      dimRows.set(key, row);
      row.sessions++;
    }
  }

  await db.transaction(async (tx) => {
    await insertAll(
      tx,
      analyticsVisitors,
      [...firstSeen.values()].map((v) => ({
        id: v.id,
        first_day: v.firstDay,
        first_seen_at: new Date(`${v.firstDay}T12:00:00Z`),
      })),
    );
    await insertAll(
      tx,
      analyticsDaily,
      [...daily].map(([day, d]) => ({ day, ...d })),
    );
    await insertAll(
      tx,
      analyticsDailyVisitors,
      [...dayVisitors].map((key) => {
        const [day, visitor_id] = key.split('|');
        return { day, visitor_id };
      }),
    );
    await insertAll(tx, analyticsDailyPaths, [...pathRows.values()]);
    await insertAll(tx, analyticsDailyDims, [...dimRows.values()]);

    const rawFrom = addDays(today, -RAW_DAYS);
    const raw = sessions.filter((s) => s.day >= rawFrom);
    for (let i = 0; i < raw.length; i += 200) {
      const slice = raw.slice(i, i + 200);
      const made = await tx
        .insert(analyticsSessions)
        .values(
          slice.map((s) => {
            const last = new Date(s.start.getTime() + (s.paths.length - 1) * 60_000);
            return {
              visitor_id: s.visitor.id,
              day: s.day,
              started_at: s.start,
              last_seen_at: last,
              is_new: s.isNew ? 1 : 0,
              pageviews: s.paths.length,
              duration_ms: s.times.reduce((n, t) => n + t, 0),
              entry_path: s.paths[0] ?? '/',
              exit_path: s.paths[s.paths.length - 1] ?? '/',
              exit_day: s.day,
              referrer_page: s.source.page,
              search_engine: s.source.engine,
              keyword: s.source.keyword,
              utm_source: s.utm.source,
              utm_medium: s.utm.medium,
              utm_campaign: s.utm.campaign,
              country: s.visitor.place.country,
              city: s.visitor.place.city,
              language: s.visitor.place.language,
              browser: s.visitor.device.browser,
              system: s.visitor.device.system,
              goal_completions: s.goal ? 1 : 0,
              goal_value: s.goal ? GOAL_VALUES[s.goal] : 0,
            };
          }),
        )
        .returning({ id: analyticsSessions.id });
      const views = slice.flatMap((s, n) =>
        s.paths.map((path, v) => ({
          view_key: `demo-${made[n]?.id}-${v}`,
          visitor_id: s.visitor.id,
          session_id: made[n]?.id as number,
          day: s.day,
          at: new Date(s.start.getTime() + v * 60_000),
          path,
          referrer: v === 0 && s.source.page ? `https://${s.source.page}` : '',
          utm_source: s.utm.source,
          utm_medium: s.utm.medium,
          utm_campaign: s.utm.campaign,
          duration_ms: s.times[v] ?? 0,
        })),
      );
      await insertAll(tx, analyticsPageviews, views);
    }
  });
  await completeImportedRollups(db);
  const views = sessions.reduce((n, s) => n + s.paths.length, 0);
  log(`Demo: ${DEMO_DAYS} days of traffic (${sessions.length} sessions, ${views} page views).`);
}
