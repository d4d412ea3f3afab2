import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Undo steps of a benchmark run, taken in reverse order at its end (or on Ctrl-C). */
export type Cleanups = (() => Promise<void> | void)[];

/**
 * A scratch database on the PostgreSQL server at `base` (dropped by a step pushed onto `cleanups`), or why there is
 * none.
 */
export async function scratchDatabase(base: string, cleanups: Cleanups): Promise<{ url: string } | { skip: string }> {
  const probe = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3_000 });
  try {
    await probe.connect();
  } catch (err) {
    return { skip: `PostgreSQL at ${base} is unreachable (${(err as Error).message})` };
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  try {
    await probe.query(`create database ${name}`);
  } finally {
    await probe.end();
  }
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3_000 });
    await c.connect();
    try {
      await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString() };
}
