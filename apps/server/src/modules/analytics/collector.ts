import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { analyticsDailyVisitors, analyticsPageviews, analyticsSessions, analyticsVisitors } from '../../db/schema.js';
import { type Beacon, recordBeacons } from './beacons.js';

/** Beacons written by one transaction at most. */
export const COLLECT_BATCH = 1000;
/** How long a beacon waits for others before its batch is written, ms. */
export const COLLECT_DELAY_MS = 200;
/** Beacons waiting at most; past it the collector answers 429 until the writer catches up. */
export const COLLECT_QUEUE = 20_000;

type Logger = { error(obj: object, msg: string): void };

/**
 * The collector's writer (DESIGN §6): `POST /api/collect` queues a beacon and answers at once; the queue is written
 * in batches of up to `COLLECT_BATCH` beacons by one transaction each (`recordBeacons`), one batch at a time, at
 * most `COLLECT_DELAY_MS` after its first beacon. A batch that fails is written again beacon by beacon, so one bad
 * beacon costs only itself. Whatever reads the roll-ups first calls `flush()`, so an answer includes every beacon
 * received before it; the server flushes before its database closes (`server.ts`). A crash loses at most the beacons of the last
 * `COLLECT_DELAY_MS`.
 */
export class Collector {
  private queue: Beacon[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private sinceAnalyze = 0;
  private analyzeAfter = 1000;
  logger: Logger = { error: (obj, msg) => console.error(msg, obj) };

  constructor(
    private readonly db: Db,
    private readonly limits = { batch: COLLECT_BATCH, delayMs: COLLECT_DELAY_MS, queue: COLLECT_QUEUE },
  ) {}

  /** Queues a beacon; false when the queue is full. */
  add(beacon: Beacon): boolean {
    if (this.queue.length >= this.limits.queue) return false;
    this.queue.push(beacon);
    if (this.queue.length >= this.limits.batch) void this.drain();
    else this.timer ??= setTimeout(() => void this.drain(), this.limits.delayMs).unref();
    return true;
  }

  /** Writes every queued beacon; resolves when they are stored. */
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

  private async write(batch: Beacon[]) {
    try {
      await recordBeacons(this.db, batch);
    } catch (err) {
      if (batch.length === 1) {
        this.logger.error({ err }, 'beacon not recorded');
        return;
      }
      for (const beacon of batch) await this.write([beacon]);
    }
  }
}

const collectors = new WeakMap<Db, Collector>();

/** The one collector of a database. */
export function collectorOf(db: Db): Collector {
  let collector = collectors.get(db);
  if (!collector) {
    collector = new Collector(db);
    collectors.set(db, collector);
  }
  return collector;
}
