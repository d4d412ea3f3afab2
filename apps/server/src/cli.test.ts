import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { activityLogs, jobs, pages, sessions, userRecoveryCodes, users, userTwoFactor } from './db/schema.js';
import { verifyPassword } from './http/crypto.js';
import { RENDITIONS_SWEEP_JOB } from './media/renditions.js';
import { scratchDatabase } from './test/processes.js';

// The operator's commands (`npm run cli`, docs/DEPLOY.md), run as a process against the test's database: the
// embedded one in a directory of its own, or a scratch PostgreSQL database.

const CLI = resolve(import.meta.dirname, 'cli.ts');
const onPostgres = process.env.TEST_DB === 'postgres';
const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-cli-'));
let url: string | undefined;
let drop = async () => {};

/** Runs a command; `with` gives it standard input and variables of its own. */
function cli(...args: (string | { input?: string; env?: Record<string, string> })[]) {
  const options = args.find((a) => typeof a === 'object') as
    | { input?: string; env?: Record<string, string> }
    | undefined;
  const run = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args.filter((a) => typeof a === 'string')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password',
      LOG_LEVEL: 'silent',
      BACKOFFICE_PASSWORD: '',
      ...(url ? { DATABASE_URL: url } : { DATABASE_URL: '' }),
      ...options?.env,
    },
    input: options?.input ?? '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** The id of the user with `email`, with a session of theirs stored (`n` tells the sessions apart). */
async function signedIn(email: string, n: string) {
  return withDb(async (db) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    await db.insert(sessions).values({
      id: n.repeat(64),
      user_id: user.id,
      token_hash: `${n}f`.repeat(32),
      expires_at: new Date(Date.now() + 3_600_000),
    });
    return user.id;
  });
}

/** The activity log of user `id` as [user, action], oldest first. */
const userLog = (id: number) =>
  withDb(async (db) =>
    (await db.select().from(activityLogs).where(eq(activityLogs.row_id, id)))
      .filter((l) => l.model === 'User')
      .sort((a, b) => a.id - b.id)
      .map((l) => [l.user_id, l.action]),
  );

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
    const id = await signedIn('lost@example.com', 'b');
    await withDb(async (db) => {
      await db.insert(userTwoFactor).values({ user_id: id, secret: 'sealed', enabled_at: new Date() });
      await db.insert(userRecoveryCodes).values({ user_id: id, code_hash: 'a'.repeat(64) });
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
  it("takes the password from standard input, ends the user's sessions and logs it without a user", async () => {
    const created = cli('user:create', '--email=forgot@example.com', '--role=2', '--name=F', '--surname=G', {
      env: { BACKOFFICE_PASSWORD: 'secret-1' },
    });
    expect(created.status, created.out).toBe(0);
    const id = await signedIn('forgot@example.com', 'd');
    const before = await withDb(async (db) => (await db.select().from(users).where(eq(users.id, id)))[0]?.password);
    expect(await verifyPassword('secret-1', String(before))).toBe(true);

    const changed = cli('user:password', '--email=forgot@example.com', '--password-stdin', { input: 'secret-2\n' });
    expect(changed.out).toContain('Password of forgot@example.com changed; their sessions ended.');
    expect(changed.status).toBe(0);
    await withDb(async (db) => {
      expect(await db.select().from(sessions).where(eq(sessions.user_id, id))).toEqual([]);
      const [user] = await db.select().from(users).where(eq(users.id, id));
      expect(await verifyPassword('secret-2', String(user?.password))).toBe(true);
    });
    expect(await userLog(id)).toEqual([
      [null, 'store'],
      [null, 'update'],
    ]);
  });

  it('refuses a missing or short password before touching anything', () => {
    const none = cli('user:password', '--email=forgot@example.com');
    expect(none.status).toBe(1);
    expect(none.out).toContain('No password: give --password-stdin, BACKOFFICE_PASSWORD or --password.');
    const short = cli('user:password', '--email=forgot@example.com', '--password-stdin', { input: 'abc\n' });
    expect(short.status).toBe(1);
    expect(short.out).toContain('at least 5 characters');
  });
});

describe('cli user:list, user:block, user:unblock', () => {
  it('blocks a user (their sessions end) and lets them in again, each logged; the list shows it', async () => {
    const created = cli(
      'user:create',
      '--email=blocked@example.com',
      '--password=secret-1',
      '--role=3',
      '--name=B',
      '--surname=L',
    );
    expect(created.status, created.out).toBe(0);
    const id = await signedIn('blocked@example.com', '7');

    const blocked = cli('user:block', '--email=blocked@example.com');
    expect(blocked.out).toContain('blocked@example.com is blocked; their sessions ended.');
    expect(blocked.status).toBe(0);
    await withDb(async (db) => {
      expect(await db.select().from(sessions).where(eq(sessions.user_id, id))).toEqual([]);
    });
    const list = cli('user:list');
    expect(list.status).toBe(0);
    expect(list.out).toContain(`${id}\tblocked@example.com\tsite member\tblocked\tB L`);
    expect(list.out).toContain('owner@example.com\tadministrator\tactive');

    expect(cli('user:unblock', '--email=blocked@example.com').status).toBe(0);
    expect(cli('user:list').out).toContain(`${id}\tblocked@example.com\tsite member\tactive`);
    expect(await userLog(id)).toEqual([
      [null, 'store'],
      [null, 'block'],
      [null, 'activate'],
    ]);
  });
});

describe('cli config:check', () => {
  it('asks the database, the storage and mail, one line each, and fails when one does not answer', () => {
    const good = cli('config:check');
    expect(good.status, good.out).toBe(0);
    expect(good.out).toMatch(/^database ok {6}/m);
    expect(good.out).toMatch(/^storage {2}ok {6}files in /m);
    expect(good.out).toMatch(/^mail {5}ok {6}no SMTP_URL: mail is written to /m);

    const bad = cli('config:check', {
      env: {
        SMTP_URL: 'smtp://127.0.0.1:1',
        S3_BUCKET: 'nowhere',
        S3_ENDPOINT: 'http://127.0.0.1:1',
        S3_FORCE_PATH_STYLE: '1',
        AWS_ACCESS_KEY_ID: 'key',
        AWS_SECRET_ACCESS_KEY: 'secret',
      },
    });
    expect(bad.status, bad.out).toBe(1);
    expect(bad.out).toMatch(/^database ok /m);
    expect(bad.out).toMatch(/^storage {2}FAILED {2}unreachable/m);
    expect(bad.out).toMatch(/^mail {5}FAILED {2}.*ECONNREFUSED/m);
  });
});

describe('cli images:renditions', () => {
  it('queues one sweep over the record images without renditions; a second run finds it queued', async () => {
    await withDb(async (db) => {
      const [page] = await db.insert(pages).values({ image: 'a1a1a1a1.jpg' }).returning({ id: pages.id });
      expect(page).toBeDefined();
    });
    const first = cli('images:renditions');
    expect(first.out).toContain('1 images have no renditions yet; queued');
    expect(first.status).toBe(0);
    const again = cli('images:renditions');
    expect(again.out).toContain('a sweep is already queued');
    await withDb(async (db) => {
      const queued = await db.select().from(jobs).where(eq(jobs.kind, RENDITIONS_SWEEP_JOB));
      expect(queued.map((job) => job.payload)).toEqual([{}]);
    });
  });
});
