import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Undo steps of a benchmark run, taken in reverse order at its end (or on Ctrl-C). */
export type Cleanups = (() => Promise<void> | void)[];

/**
 * The undo steps of this run and the function that takes them; SIGINT and SIGTERM take them, then exit 130. A call
 * while the steps are being taken waits for the same pass: a Ctrl-C during a run's own clean-up (or a run failing
 * because Ctrl-C closed its database) exits only once every step, the scratch database's drop among them, is done.
 */
export function cleanUpOnExit(): { cleanups: Cleanups; cleanUp: () => Promise<void> } {
  const cleanups: Cleanups = [];
  let taking: Promise<void> | undefined;
  const takeAll = async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()?.();
      } catch (err) {
        console.error(`  cleanup failed: ${(err as Error).message}`);
      }
    }
  };
  const cleanUp = () => {
    taking ??= takeAll().finally(() => {
      taking = undefined;
    });
    return taking;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  return { cleanups, cleanUp };
}

/**
 * A scratch database on the PostgreSQL server at `base` (dropped by a step pushed onto `cleanups`), or why there is
 * none.
 */
export async function scratchDatabase(
  base: string,
  cleanups: { push(fn: () => Promise<void>): unknown },
): Promise<{ url: string } | { skip: string }> {
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

/**
 * Where a target's server keeps its data: a fresh DATA_DIR, and for PostgreSQL a scratch database on `base` (both
 * removed by steps pushed onto `cleanups`), or why the target is skipped.
 */
export async function targetStorage(
  target: 'PGlite' | 'PostgreSQL',
  name: string,
  base: string,
  cleanups: Cleanups,
): Promise<{ dataDir: string; url: string | undefined } | { skip: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), `backoffice-bench-${name}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (target === 'PGlite') return { dataDir, url: undefined };
  const scratch = await scratchDatabase(base, cleanups);
  if ('skip' in scratch) {
    console.log(`  SKIPPED: ${scratch.skip}`);
    return scratch;
  }
  return { dataDir, url: scratch.url };
}

/** POST /api/collect over a kept-alive connection (node:http: far less client CPU per request than fetch). */
export function postBeacon(agent: Agent, port: number, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/collect', method: 'POST', agent, headers, timeout: 30_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}
