import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { analyticsDailyVisitors, analyticsPageviews, analyticsSessions, analyticsVisitors } from '../../db/schema.js';
import { type Beacon, recordBeacons } from './beacons.js';
import { COLLECT_PER_MINUTE } from './collect-limit.js';

/** Beacons written by one transaction at most. */
export const COLLECT_BATCH = 1000;
/** How long a beacon waits for others before its batch is written, ms (while a batch is written, more gather). */
export const COLLECT_DELAY_MS = 10;
/** Beacons waiting at most; past it the collector answers 429 until the writer catches up. */
export const COLLECT_QUEUE = 20_000;
/** The seconds a client is told to wait (Retry-After) while beacons cannot be stored. */
export const COLLECT_RETRY_AFTER = 5;

type Logger = { error(obj: object, msg: string): void };

interface Waiting {
  beacon: Beacon;
  /** The key its address counts under for the rate limit; null: not counted. */
  key: string | null;
  resolve(wait: number): void;
  reject(err: unknown): void;
  /** When it was queued (Date.now()). */
  at: number;
}

/**
 * The collector's writer (docs/features/statistics.md, docs/DEPLOY.md), a group commit: `add` puts a beacon in the queue and resolves once the
 * transaction that stored it has committed, so `POST /api/collect` answers 2xx only for a durable beacon. The
 * queue is written in batches of up to `COLLECT_BATCH` beacons by one transaction each (`recordBeacons`), one batch
 * at a time, `COLLECT_DELAY_MS` after the first beacon of an idle writer; beacons that come while a batch is
 * written form the next one. A batch also counts its beacons against their addresses' limit in the database.
 * When a batch fails and the database still answers, its beacons are written one by one, so a bad beacon costs
 * only itself; when the database does not answer, every beacon of the batch is refused (the caller answers 503
 * and the tracker sends it again). Nothing is held that was acknowledged, so a crash loses nothing answered 2xx.
 */
export class Collector {
  private queue: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private sinceAnalyze = 0;
  private analyzeAfter = 1000;
  logger: Logger = { error: (obj, msg) => console.error(msg, obj) };
  /** Stores a batch; a seam for tests that make the database fail. */
  record = recordBeacons;
  /** What it has done since it opened, for /metrics: batches and beacons written, beacons refused. */
  readonly done = { batches: 0, beacons: 0, refused: 0 };

  /** What waits now: the beacons queued, and how long the oldest has waited (ms; 0 when none). */
  waiting() {
    const oldest = this.queue[0]?.at;
    return { queued: this.queue.length, lagMs: oldest === undefined ? 0 : Date.now() - oldest };
  }

  constructor(
    private readonly db: Db,
    private readonly limits = {
      batch: COLLECT_BATCH,
      delayMs: COLLECT_DELAY_MS,
      queue: COLLECT_QUEUE,
      perMinute: COLLECT_PER_MINUTE,
    },
  ) {}

  /**
   * Queues a beacon: null when the queue is full, else a promise of 0 once the beacon is committed, or of the
   * seconds to wait when its address is over the limit (nothing stored). It rejects when the beacon was not stored.
   */
  add(beacon: Beacon, key: string | null = null): Promise<number> | null {
    if (this.queue.length >= this.limits.queue) return null;
    return new Promise((resolve, reject) => {
      this.queue.push({ beacon, key, resolve, reject, at: Date.now() });
      if (this.queue.length >= this.limits.batch) void this.drain();
      else this.timer ??= setTimeout(() => void this.drain(), this.limits.delayMs);
    });
  }

  /** Resolves when every beacon queued so far is written or refused. */
  async flush(): Promise<void> {
    while (this.writing || this.queue.length) await this.drain();
  }

  private drain(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.writing && this.queue.length) {
      this.writing = this.writeQueue().finally(() => {
        this.writing = null;
      });
    }
    return this.writing ?? Promise.resolve();
  }

  /**
   * Refreshes the planner's statistics of the tables the writer reads after 1 000 beacons, then after twice as many
   * each time (up to every 256 000): PGlite has no autovacuum, so without it the writer's lookups keep the plans of
   * nearly empty tables and scan the raw tables whole (seen: a third of the ingestion rate). On PostgreSQL it does
   * what autovacuum's analyse would.
   */
  private async analyzeAsTheyGrow(written: number) {
    this.sinceAnalyze += written;
    if (this.sinceAnalyze < this.analyzeAfter) return;
    this.sinceAnalyze = 0;
    this.analyzeAfter = Math.min(this.analyzeAfter * 2, 256_000);
    await this.db.execute(
      sql`analyze ${analyticsPageviews}, ${analyticsSessions}, ${analyticsVisitors}, ${analyticsDailyVisitors}`,
    );
  }

  private async writeQueue() {
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.limits.batch);
      await this.write(batch);
      await this.analyzeAsTheyGrow(batch.length).catch((err) => this.logger.error({ err }, 'analyse failed'));
    }
  }

  private async write(batch: Waiting[]) {
    let waits: number[];
    try {
      waits = await this.record(
        this.db,
        batch.map((w) => w.beacon),
        { keys: batch.map((w) => w.key), max: this.limits.perMinute },
      );
    } catch (err) {
      if (batch.length > 1 && (await this.answers())) {
        for (const one of batch) await this.write([one]);
        return;
      }
      this.logger.error({ err, beacons: batch.length }, 'beacons not recorded');
      this.done.refused += batch.length;
      for (const w of batch) w.reject(err);
      return;
    }
    this.done.batches++;
    this.done.beacons += batch.length;
    for (const [i, w] of batch.entries()) w.resolve(waits[i] ?? 0);
  }

  /** Whether the database answers at all (a failed batch is then tried beacon by beacon). */
  private async answers() {
    try {
      await this.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  }
}

const collectors = new WeakMap<Db, Set<Collector>>();

/** A new collector for an app on a database; `close` it when the app closes. */
export function openCollector(db: Db, limits?: ConstructorParameters<typeof Collector>[1]) {
  const collector = new Collector(db, limits);
  let open = collectors.get(db);
  if (!open) {
    open = new Set();
    collectors.set(db, open);
  }
  open.add(collector);
  return {
    collector,
    /** Writes what the collector holds and forgets it. */
    async close() {
      await collector.flush();
      open.delete(collector);
    },
  };
}

/** The collectors of the apps open on a database. */
export const collectorsOf = (db: Db): Collector[] => [...(collectors.get(db) ?? [])];

/** Every collector of a database at once: `flush()` resolves when each has written or refused what it holds. */
export function collectorOf(db: Db) {
  return {
    async flush() {
      await Promise.all(collectorsOf(db).map((collector) => collector.flush()));
    },
  };
}
