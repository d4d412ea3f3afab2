import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { activityLogs, sessions, userRecoveryCodes, users, userTwoFactor } from './db/schema.js';
import { scratchDatabase } from './test/processes.js';

// The operator's commands (`npm run cli`, docs/DEPLOY.md), run as a process against the test's database: the
// embedded one in a directory of its own, or a scratch PostgreSQL database.

const CLI = resolve(import.meta.dirname, 'cli.ts');
const onPostgres = process.env.TEST_DB === 'postgres';
const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-cli-'));
let url: string | undefined;
let drop = async () => {};

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password',
      LOG_LEVEL: 'silent',
      ...(url ? { DATABASE_URL: url } : { DATABASE_URL: '' }),
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** The test's own connection, closed again before the next command (the embedded database has one owner). */
async function withDb<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ url, dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  if (onPostgres) {
    const scratch = await scratchDatabase();
    url = scratch.url;
    drop = scratch.drop;
  }
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('cli user:two-factor-reset', () => {
  it("forgets a user's two-factor sign-in, ends their sessions and logs it without a user", async () => {
    const created = cli(
      'user:create',
      '--email=lost@example.com',
      '--password=secret-1',
      '--role=1',
      '--name=Lost',
      '--surname=Phone',
    );
    expect(created.out).toContain('Created user');
    expect(created.status).toBe(0);
    const id = await withDb(async (db) => {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'lost@example.com'));
      await db.insert(userTwoFactor).values({ user_id: user.id, secret: 'sealed', enabled_at: new Date() });
      await db.insert(userRecoveryCodes).values({ user_id: user.id, code_hash: 'a'.repeat(64) });
      await db.insert(sessions).values({
        id: 'b'.repeat(64),
        user_id: user.id,
        token_hash: 'c'.repeat(64),
        expires_at: new Date(Date.now() + 3_600_000),
      });
      return user.id;
    });

    const reset = cli('user:two-factor-reset', '--email=lost@example.com');
    expect(reset.out).toContain('Two-factor sign-in of lost@example.com reset');
    expect(reset.status).toBe(0);
    await withDb(async (db) => {
      expect(await db.select().from(userTwoFactor).where(eq(userTwoFactor.user_id, id))).toEqual([]);
      expect(await db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.user_id, id))).toEqual([]);
      expect(await db.select().from(sessions).where(eq(sessions.user_id, id))).toEqual([]);
      const logged = await db.select().from(activityLogs).where(eq(activityLogs.row_id, id));
      expect(logged.map((l) => [l.user_id, l.model, l.action])).toContainEqual([null, 'User', 'two_factor_reset']);
    });
  });

  it('refuses an unknown e-mail and a missing one with the usage', () => {
    const unknown = cli('user:two-factor-reset', '--email=nobody@example.com');
    expect(unknown.status).toBe(1);
    expect(unknown.out).toContain('No user has the e-mail nobody@example.com.');
    const missing = cli('user:two-factor-reset');
    expect(missing.status).toBe(1);
    expect(missing.out).toContain('Missing --email');
    expect(missing.out).toContain('user:two-factor-reset --email E');
  });
});

describe('cli user:password', () => {
  it("changes the password, ends the user's sessions and logs it without a user", async () => {
    expect(
      cli('user:create', '--email=forgot@example.com', '--password=secret-1', '--role=2', '--name=F', '--surname=G')
        .status,
    ).toBe(0);
    const id = await withDb(async (db) => {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'forgot@example.com'));
      await db.insert(sessions).values({
        id: 'd'.repeat(64),
        user_id: user.id,
        token_hash: 'e'.repeat(64),
        expires_at: new Date(Date.now() + 3_600_000),
      });
      return user.id;
    });
    const changed = cli('user:password', '--email=forgot@example.com', '--password=secret-2');
    expect(changed.out).toContain('Password of forgot@example.com changed.');
    expect(changed.status).toBe(0);
    await withDb(async (db) => {
      expect(await db.select().from(sessions).where(eq(sessions.user_id, id))).toEqual([]);
      const logged = await db.select().from(activityLogs).where(eq(activityLogs.row_id, id));
      const users = logged.filter((l) => l.model === 'User').sort((a, b) => a.id - b.id);
      expect(users.map((l) => [l.user_id, l.model, l.action])).toEqual([
        [null, 'User', 'store'],
        [null, 'User', 'update'],
      ]);
    });
  });
});
