import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { TRACKER_JS } from './tracker.js';

/** A tab the tracker runs in: storage that outlives page views, a server whose answers the test picks, timers. */
function tab() {
  const session = new Map<string, string>();
  const local = new Map<string, string>();
  const storage = (map: Map<string, string>) => ({
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  });
  const sent: { body: Record<string, unknown>; keepalive: boolean }[] = [];
  const answers: (number | 'offline')[] = [];
  let timers: (() => void)[] = [];
  let listeners: Record<string, (() => void)[]> = {};
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  /** Opens a page of the tab: runs the script as the browser would. */
  function open(path: string) {
    listeners = {};
    timers = [];
    const on = (type: string, fn: () => void) => {
      listeners[type] = [...(listeners[type] ?? []), fn];
    };
    const document = {
      visibilityState: 'visible',
      referrer: '',
      addEventListener: on,
      querySelectorAll: () => [],
    };
    runInNewContext(TRACKER_JS, {
      document,
      navigator: { language: 'sk' },
      location: { pathname: path, search: '' },
      screen: { width: 390, height: 844 },
      localStorage: storage(local),
      sessionStorage: storage(session),
      crypto: globalThis.crypto,
      URLSearchParams,
      Uint8Array,
      JSON,
      Math,
      Date,
      Array,
      String,
      addEventListener: on,
      setTimeout: (fn: () => void) => timers.push(fn),
      clearTimeout: () => undefined,
      fetch: (_url: string, init: { body: string; keepalive: boolean }) => {
        sent.push({ body: JSON.parse(init.body), keepalive: init.keepalive });
        const answer = answers.shift() ?? 204;
        return answer === 'offline' ? Promise.reject(new TypeError('offline')) : Promise.resolve({ status: answer });
      },
    });
    return {
      /** Hides the page (another tab, or leaving it). */
      hide() {
        document.visibilityState = 'hidden';
        for (const fn of listeners.visibilitychange ?? []) fn();
      },
    };
  }

  return {
    open,
    sent,
    answers,
    settle,
    /** Runs the timers set so far (the retry after a failure). */
    async tick() {
      const due = timers;
      timers = [];
      for (const fn of due) fn();
      await settle();
    },
    kept: () => JSON.parse(session.get('bo_q') ?? '[]') as { o: Record<string, unknown> }[],
    timers: () => timers.length,
  };
}

describe('tracker.js keeps what the server did not acknowledge', () => {
  it('a view answered 503 stays in sessionStorage and is sent again by a timer, with its age', async () => {
    const t = tab();
    t.answers.push(503);
    t.open('/sk/');
    await t.settle();
    expect(t.sent).toHaveLength(1);
    expect(t.kept().map((b) => b.o.path)).toEqual(['/sk/']);
    expect(t.timers()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.tick();
    expect(t.sent).toHaveLength(2);
    expect(t.sent[1]?.body).toMatchObject({ type: 'view', path: '/sk/', view: t.sent[0]?.body.view });
    expect(Number(t.sent[1]?.body.age)).toBeGreaterThanOrEqual(20);
    expect(t.kept()).toEqual([]);
  });

  it('beacons refused (429, offline) go first on the next page view of the tab, each view once', async () => {
    const t = tab();
    t.answers.push(429);
    const first = t.open('/sk/a');
    await t.settle();
    t.answers.push('offline', 'offline');
    first.hide(); // the time on page, sent at once with keepalive: offline too
    await t.settle();
    const kept = t.kept();
    expect(kept.map((b) => b.o.type)).toEqual(['view', 'leave']);

    t.open('/sk/b');
    await t.settle();
    await t.settle();
    const later = t.sent.slice(-3).map((s) => [s.body.type, s.body.path ?? '']);
    expect(later).toEqual([
      ['view', '/sk/a'],
      ['leave', ''],
      ['view', '/sk/b'],
    ]);
    expect(t.kept()).toEqual([]);
    const views = t.sent.filter((s) => s.body.type === 'view').map((s) => s.body.view);
    expect(new Set(views).size).toBe(2);
  });

  it('a leave replaces the older leave of the same view; the queue keeps at most 50 beacons', async () => {
    const t = tab();
    const page = t.open('/sk/');
    await t.settle();
    for (let i = 0; i < 60; i++) t.answers.push(503);
    page.hide();
    await t.settle();
    expect(t.sent.at(-1)).toMatchObject({ keepalive: true, body: { type: 'leave' } });
    expect(t.kept().filter((b) => b.o.type === 'leave')).toHaveLength(1);
    for (let i = 0; i < 60; i++) t.open(`/sk/${i}`);
    await t.settle();
    expect(t.kept().length).toBeLessThanOrEqual(50);
  });
});
