import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { analyticsCollectCounts } from '../../db/schema.js';

/** Beacons per address and minute. */
export const COLLECT_PER_MINUTE = 120;

/** Who a batch's beacons count against: one key per beacon (null: not counted) and the limit per minute. */
export interface CollectLimit {
  keys: (string | null)[];
  max: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The collector's rate limit (docs/DEPLOY.md), counted in the batch's transaction: each key's beacons are added to its
 * row of the database's current minute by one `insert … on conflict do update … returning`, and a key's beacons
 * past `max` in that minute are refused in the batch's order. The batch writers hold one advisory lock, so every
 * server process adds to the same counts; a batch that fails takes its counts with it. Returns per beacon 0 when
 * it is admitted, else the seconds until the minute ends. Rows of minutes that are over are removed now and then.
 */
export async function admitBeacons(tx: Db, limit: CollectLimit): Promise<number[]> {
  const perKey = new Map<string, number>();
  for (const key of limit.keys) if (key !== null) perKey.set(key, (perKey.get(key) ?? 0) + 1);
  if (!perKey.size) return limit.keys.map(() => 0);
  const minute = sql`floor(extract(epoch from now()) / 60)::int`;
  const counted = rowsOf<{ key: string; beacons: number; wait: number }>(
    await tx.execute(sql`insert into ${analyticsCollectCounts} (key, minute, beacons)
      select k, ${minute}, n from unnest(${sql.param([...perKey.keys()])}::text[], ${sql.param([...perKey.values()])}::int[]) as v(k, n)
      on conflict (key, minute) do update set beacons = ${analyticsCollectCounts}.beacons + excluded.beacons
      returning key, beacons, 60 - floor(extract(epoch from now()))::int % 60 as wait`),
  );
  const before = new Map(counted.map((row) => [row.key, Number(row.beacons) - (perKey.get(row.key) ?? 0)]));
  const wait = Math.max(1, Number(counted[0]?.wait ?? 60));
  if (Math.random() < 0.01) await tx.execute(sql`delete from ${analyticsCollectCounts} where minute < ${minute} - 1`);
  return limit.keys.map((key) => {
    if (key === null) return 0;
    const n = (before.get(key) ?? 0) + 1;
    before.set(key, n);
    return n > limit.max ? wait : 0;
  });
}
