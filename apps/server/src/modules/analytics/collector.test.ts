import type { ContentStatsRow } from '@backoffice/shared';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { analyticsDaily, analyticsGoals, analyticsPageviews } from '../../db/schema.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { contactForm } from '../../test/factories.js';
import type { Beacon } from './beacons.js';
import { Collector, collectorOf } from './collector.js';
import { dayOf } from './days.js';

const ctx = useSignedInServer();
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Waits until the collector has stored every beacon it answered. */
const stored = () => collectorOf(ctx.server.ctx.db).flush();

let ip = 0;
const nextAddress = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

/** A beacon as the tracker sends it (text/plain JSON), from its own address unless told. */
function beacon(payload: unknown, opts: Partial<InjectOptions> & { address?: string; ua?: string } = {}) {
  const { address, ua, headers, ...rest } = opts;
  return ctx.server.app.inject({
    method: 'POST',
    url: '/api/collect',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress: address ?? nextAddress(),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': ua ?? CHROME, ...(headers as object) },
    ...rest,
  });
}

describe('the collector’s writer', () => {
  it('600 beacons at once are all stored', async () => {
    const sent = await Promise.all(
      Array.from({ length: 600 }, (_, i) =>
        beacon({ type: 'view', visitor: `burst-visitor-${i % 150}`, view: `burst-view-${i}`, path: `/burst-${i % 7}` }),
      ),
    );
    expect(sent.every((res) => res.statusCode === 204)).toBe(true);
    const today = dayOf(new Date());
    const res = await ctx.admin.get(`/api/stats/content?startDate=${today}&endDate=${today}&search=burst&per_page=50`);
    const rows = res.json().data as ContentStatsRow[];
    expect(rows).toHaveLength(7);
    expect(rows.reduce((n, r) => n + r.pageviews, 0)).toBe(600);
  });

  it('a beacon that cannot be stored costs only itself; a full queue refuses', async () => {
    const { db } = ctx.server.ctx;
    const collector = new Collector(db, { batch: 500, delayMs: 50, queue: 3, perMinute: 120 });
    const errors: string[] = [];
    collector.logger = { error: (_obj, msg) => void errors.push(msg) };
    const view = (visitor: string, viewKey: string): Beacon => ({
      type: 'view',
      visitor,
      viewKey,
      at: new Date(),
      path: '/lone',
      referrer: '',
      utm: { source: '', medium: '', campaign: '', term: '', content: '' },
      language: 'sk',
      screen: '',
      browser: 'Chrome',
      system: 'Windows',
      country: '',
      city: '',
      source: { page: '', engine: '', keyword: '' },
    });
    const outcome = (added: Promise<number> | null) =>
      added?.then(
        () => 'stored',
        () => 'refused',
      );
    const added = [
      outcome(collector.add(view('lone-visitor-1', 'lone-view-1'))),
      outcome(collector.add(view('x'.repeat(100), 'lone-view-2'))), // longer than the column
      outcome(collector.add(view('lone-visitor-3', 'lone-view-3'))),
    ];
    expect(collector.add(view('lone-visitor-4', 'lone-view-4'))).toBeNull();
    expect(await Promise.all(added)).toEqual(['stored', 'refused', 'stored']);
    expect(errors).toEqual(['beacons not recorded']);
    const rows = await db
      .select({ visitor: analyticsPageviews.visitor_id })
      .from(analyticsPageviews)
      .where(eq(analyticsPageviews.path, '/lone'));
    expect(rows.map((r) => r.visitor).sort()).toEqual(['lone-visitor-1', 'lone-visitor-3']);
  });
});

describe('POST /api/collect', () => {
  const today = dayOf(new Date());
  const views = async () => {
    await stored();
    const [row] = await ctx.server.ctx.db.select({ n: count() }).from(analyticsPageviews);
    return row?.n ?? 0;
  };

  it('records a view with browser and system from the user agent, then its time', async () => {
    const address = nextAddress();
    const view = { type: 'view', visitor: 'collector-visitor-1', view: 'collector-view-1', path: '/sk/o-nas' };
    expect((await beacon({ ...view, language: 'SK-sk', screen: '390x844' }, { address })).statusCode).toBe(204);
    const leave = await beacon({ type: 'leave', visitor: view.visitor, view: view.view, ms: 4200 }, { address });
    expect(leave.statusCode).toBe(204);
    const content = await ctx.admin.get(`/api/stats/content?startDate=${today}&endDate=${today}&search=o-nas`);
    expect(content.json().data).toEqual([
      expect.objectContaining({ path: '/sk/o-nas', pageviews: 1, timeOnPage: 4.2 }),
    ]);
    const browsers = await ctx.admin.get(`/api/stats/device/browser?startDate=${today}&endDate=${today}`);
    expect(browsers.json().data).toContainEqual(expect.objectContaining({ browser: 'Chrome' }));
    const systems = await ctx.admin.get(`/api/stats/device/system?startDate=${today}&endDate=${today}`);
    expect(systems.json().data).toContainEqual(expect.objectContaining({ system: 'Windows' }));
    const languages = await ctx.admin.get(`/api/stats/demography/language?startDate=${today}&endDate=${today}`);
    expect(languages.json().data).toContainEqual(expect.objectContaining({ language: 'sk-sk' }));
  });

  it('without a visitor id a visitor is a daily hash, never the address', async () => {
    const address = '10.77.0.1';
    const view = { type: 'view', view: 'hashed-view-1', path: '/en/' };
    expect((await beacon(view, { address })).statusCode).toBe(204);
    await stored();
    const [row] = await ctx.server.ctx.db
      .select()
      .from(analyticsPageviews)
      .where(eq(analyticsPageviews.view_key, 'hashed-view-1'));
    expect(row?.visitor_id).toMatch(/^h:/);
    expect(JSON.stringify(row)).not.toContain(address);
  });

  it('a search-engine referrer gives the engine and the keyword', async () => {
    await beacon({
      type: 'view',
      visitor: 'collector-visitor-2',
      view: 'collector-view-2',
      path: '/en/',
      referrer: 'https://www.bing.com/search?q=Warehouse+Zilina&form=x',
    });
    const url = (kind: string) => `/api/stats/source/${kind}?startDate=${today}&endDate=${today}`;
    expect((await ctx.admin.get(url('search'))).json().data).toContainEqual(expect.objectContaining({ path: 'Bing' }));
    expect((await ctx.admin.get(url('keyword'))).json().data).toContainEqual(
      expect.objectContaining({ path: 'warehouse zilina' }),
    );
    expect((await ctx.admin.get(url('page'))).json().data).toContainEqual(
      expect.objectContaining({ path: 'www.bing.com/search' }),
    );
  });

  it('markup in path, referrer and UTM is stored as the text it is', async () => {
    const evil = '<script>alert(1)</script>';
    const res = await beacon({
      type: 'view',
      visitor: 'collector-visitor-3',
      view: 'collector-view-3',
      path: `/x${evil}`,
      referrer: `https://evil.example/${evil}`,
      utm_source: evil,
      utm_term: evil,
    });
    expect(res.statusCode).toBe(204);
    await stored();
    const [row] = await ctx.server.ctx.db
      .select()
      .from(analyticsPageviews)
      .where(eq(analyticsPageviews.view_key, 'collector-view-3'));
    expect(row).toMatchObject({ path: `/x${evil}`, referrer: `https://evil.example/${evil}`, utm_source: evil });
    const content = await ctx.admin.get(`/api/stats/content?startDate=${today}&endDate=${today}&search=script`);
    expect(content.json().data[0].path).toBe(`/x${evil}`);
    const keywords = await ctx.admin.get(`/api/stats/source/keyword?startDate=${today}&endDate=${today}`);
    expect(keywords.json().data).toContainEqual(expect.objectContaining({ path: evil }));
  });

  it('a bot is answered 204 and nothing is stored', async () => {
    const before = await views();
    const res = await beacon(
      { type: 'view', visitor: 'a-crawler-visitor', view: 'bot-view-1', path: '/' },
      { ua: GOOGLEBOT },
    );
    expect(res.statusCode).toBe(204);
    const empty = await beacon({ type: 'view', view: 'bot-view-2', path: '/' }, { ua: '' });
    expect(empty.statusCode).toBe(204);
    expect(await views()).toBe(before);
  });

  it('malformed → 400, over 64 KB → 413, nothing stored', async () => {
    const before = await views();
    expect((await beacon('{not json')).statusCode).toBe(400);
    expect((await beacon({ type: 'view', path: '/' })).statusCode).toBe(400); // no view id
    expect((await beacon({ type: 'view', view: 'short', path: '/' })).statusCode).toBe(400);
    expect((await beacon({ type: 'view', view: 'view-12345', path: ['/'] })).statusCode).toBe(400);
    expect((await beacon({ type: 'leave', view: 'view-12345', ms: -1 })).statusCode).toBe(400);
    expect((await beacon({ type: 'click', view: 'view-12345' })).statusCode).toBe(400);
    expect((await beacon([1, 2])).statusCode).toBe(400);
    const json = await beacon(
      { type: 'view', view: 'json-view-1', path: '/' },
      { headers: { 'content-type': 'application/json' } },
    );
    expect(json.statusCode).toBe(204); // JSON is read too
    const huge = await beacon({ type: 'view', view: 'huge-view-1', path: '/', referrer: 'x'.repeat(70 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(await views()).toBe(before + 1);
  });

  it('a post from another site → 403', async () => {
    const res = await beacon(
      { type: 'view', view: 'foreign-view', path: '/' },
      { headers: { origin: 'https://elsewhere.example' } },
    );
    expect(res.statusCode).toBe(403);
    const own = await beacon(
      { type: 'view', view: 'own-origin-view', path: '/' },
      { headers: { origin: 'http://backoffice.test' } },
    );
    expect(own.statusCode).toBe(204);
  });

  it('a flood from one address → 429 with Retry-After', async () => {
    const address = '10.66.6.6';
    const send = () => beacon({ type: 'view', view: 'flood-view-1', path: '/' }, { address, ua: GOOGLEBOT });
    // The limit counts per address and clock minute: a flood across a minute's end starts a new count, so it is sent
    // again (on a loaded machine 121 beacons one after another took longer than a minute has left).
    for (let attempt = 1; ; attempt++) {
      const minute = Math.floor(Date.now() / 60_000);
      const answers = await Promise.all(Array.from({ length: 121 }, send));
      const res = await beacon({ type: 'view', view: 'flood-view-1', path: '/' }, { address });
      if (Math.floor(Date.now() / 60_000) !== minute && attempt < 3) continue;
      expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThan(0);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      break;
    }
  }, 60_000);
});

describe('goal 1 from the public forms', () => {
  const contact = contactForm();
  const post = (payload: unknown) =>
    ctx.server.app.inject({
      method: 'POST',
      url: '/api/public/form/contact',
      payload: payload as InjectOptions['payload'],
      remoteAddress: nextAddress(),
      headers: { 'accept-language': 'en' },
    });
  const goals = async () => {
    const [row] = await ctx.server.ctx.db.select({ n: count() }).from(analyticsGoals);
    return row?.n ?? 0;
  };

  it('a tracked visitor’s submission counts, with its value; none, unknown or too long does not fail', async () => {
    await beacon({ type: 'view', visitor: 'form-visitor-1', view: 'form-view-1', path: '/sk/kontakt' });
    const before = await goals();
    expect((await post({ ...contact, visitor_id: 'form-visitor-1' })).statusCode).toBe(201);
    expect(await goals()).toBe(before + 1);
    const [day] = await ctx.server.ctx.db
      .select()
      .from(analyticsDaily)
      .where(eq(analyticsDaily.day, dayOf(new Date())));
    expect(day).toMatchObject({ goal_completions: 1, goal_value: 10 });

    expect((await post(contact)).statusCode).toBe(201);
    expect((await post({ ...contact, visitor_id: 'never-seen-visitor' })).statusCode).toBe(201);
    expect((await post({ ...contact, visitor_id: 'v'.repeat(65) })).statusCode).toBe(201);
    expect((await post({ ...contact, visitor_id: { $ne: 1 } })).statusCode).toBe(201);
    expect(await goals()).toBe(before + 1);
  });
});

describe('/tracker.js and the site', () => {
  it('is served as cacheable JavaScript', async () => {
    const res = await ctx.server.app.inject({ method: 'GET', url: '/tracker.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(res.body).toContain('/api/collect');
    expect(res.body).toContain('keepalive');
    expect(res.body.length).toBeLessThan(4000);
    const again = await ctx.server.app.inject({
      method: 'GET',
      url: '/tracker.js',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('every site page includes it, and the CSP allows this origin’s script and beacon, nothing else', async () => {
    for (const url of ['/sk/', '/en/', '/sk/kontakt-neexistuje']) {
      const res = await ctx.server.app.inject({ method: 'GET', url });
      expect(res.body).toContain('<script src="/tracker.js" defer></script>');
      expect(res.body.match(/<script/g)).toHaveLength(1);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp.match(/script-src[^;]*/)?.[0]).toBe("script-src 'self'");
    }
  });
});
