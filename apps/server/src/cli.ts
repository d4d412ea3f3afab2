import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { RestoreError, readBackup, writeBackup } from './backup.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { type Database, DatabaseLockedError, DatabaseUnreachableError, type Db, openDatabase } from './db/client.js';
import { checkMail } from './mail/transport.js';
import { StorageUnavailableError } from './media/object-store.js';
import { startRenditionsSweep } from './media/renditions.js';
import { closeObjectStore, objectStore } from './media/storage.js';
import { resetTwoFactor } from './modules/auth/two-factor.js';
import {
  createUser,
  findUserByEmail,
  isValidRole,
  listUsers,
  setUserBlocked,
  setUserPassword,
} from './modules/users/operations.js';
import { seedReference } from './seed/reference.js';

const USAGE = `Usage: npm run cli -- <command> [options]   (production build: node cli.cjs <command> [options])

Commands:
  config:check                                 test the database, the file storage and mail with this environment
  db:migrate                                   apply the migrations that have not run yet
  backup <file>                                write one archive (.tar.gz) of the database and every stored file;
                                               on PostgreSQL while the server runs, on the embedded one stop it first
  restore <file> [--replace]                   restore an archive into an empty database and storage (--replace
                                               empties them first); to move from the embedded database to
                                               PostgreSQL, back up without DATABASE_URL and restore with it
  images:renditions                            queue the responsive renditions of every record image that has none
                                               (existing images, a restored site); a running server makes them
                                               a few at a time (on the embedded database stop it first, and start
                                               it again after)
  user:list                                    list the users: id, e-mail, role, status, name
  user:create --email E --role N --name N --surname S [password]
                                               create a user (role 1 administrator, 2 editor, 3 site member)
  user:password --email E [password]           set a user's password and end their sessions
  user:block --email E                         block a user (no sign-in) and end their sessions
  user:unblock --email E                       let a blocked user sign in again
  user:two-factor-reset --email E              forget a user's two-factor sign-in and end their sessions
                                               (an administrator who lost the phone and the recovery codes)

The password, where one is needed, comes from the first of:
  --password-stdin                             the first line of standard input (echo "$P" | … --password-stdin)
  BACKOFFICE_PASSWORD                          an environment variable
  --password P                                 the command line (visible to other users in ps and in the shell's history)

The command uses the same environment as the server (DATA_DIR, DATABASE_URL).`;

const COMMANDS = [
  'config:check',
  'db:migrate',
  'backup',
  'restore',
  'images:renditions',
  'user:list',
  'user:create',
  'user:password',
  'user:block',
  'user:unblock',
  'user:two-factor-reset',
];

class UsageError extends Error {}

function need(values: Record<string, string | boolean | undefined>, ...names: string[]) {
  const missing = names.filter((n) => typeof values[n] !== 'string' || !values[n]);
  if (missing.length) throw new UsageError(`Missing ${missing.map((n) => `--${n}`).join(', ')}.`);
  return values as Record<string, string>;
}

/**
 * `config:check`: the environment is valid (loadConfig threw otherwise), then each service it names is asked, one
 * line each, without changing anything (no migration). Exit code 1 when one fails.
 */
async function configCheck(config: Config) {
  const checks: [string, () => Promise<string>][] = [
    [
      'database',
      async () => {
        const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
        try {
          await database.db.execute(sql`select 1`);
          return database.kind === 'postgres' ? 'PostgreSQL answers' : `embedded, in ${config.dataDir}`;
        } finally {
          await database.close();
        }
      },
    ],
    [
      'storage',
      async () => {
        const store = objectStore(config);
        try {
          await store.check();
          return config.s3 ? `bucket ${config.s3.bucket} answers` : `files in ${config.mediaDir}`;
        } catch (err) {
          throw err instanceof StorageUnavailableError ? new Error(err.reason, { cause: err.cause }) : err;
        } finally {
          await closeObjectStore(config);
        }
      },
    ],
    ['mail', () => checkMail(config)],
  ];
  let failed = 0;
  for (const [name, check] of checks) {
    try {
      console.log(`${name.padEnd(9)}ok      ${await check()}`);
    } catch (err) {
      failed++;
      const cause = (err as Error).cause as { code?: string; message?: string } | undefined;
      const detail = cause?.code ?? cause?.message ?? '';
      console.log(`${name.padEnd(9)}FAILED  ${(err as Error).message}${detail ? ` (${detail})` : ''}`);
    }
  }
  if (failed > 0) process.exitCode = 1;
}

/** `backup <file>` and `restore <file> [--replace]` (backup.ts). */
async function backupCommand(
  command: 'backup' | 'restore',
  database: Database,
  config: Config,
  args: string[],
  replace: boolean,
) {
  const [file, ...extra] = args;
  if (!file || extra.length) throw new UsageError(`${command} takes one file name.`);
  const store = objectStore(config);
  try {
    if (command === 'backup') {
      const done = await writeBackup(database.db, store, file);
      console.log(
        `Backed up ${done.rows} rows of ${done.tables} tables and ${done.files} files (${done.bytes} bytes) to ${file}.`,
      );
      if (done.vanished.length)
        console.log(`${done.vanished.length} files were deleted while the backup ran: ${done.vanished.join(', ')}`);
    } else {
      const done = await readBackup(database, store, file, { replace });
      console.log(`Restored ${done.rows} rows of ${done.tables} tables and ${done.files} files (${done.bytes} bytes).`);
    }
  } finally {
    await closeObjectStore(config);
  }
}

/** The user of `--email`, or a usage error. */
async function userOf(db: Db, values: Record<string, string | boolean | undefined>) {
  const { email } = need(values, 'email');
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`No user has the e-mail ${email}.`);
  return user;
}

/** The first line of standard input, without its line end. */
async function firstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/** The password of the command, from --password-stdin, BACKOFFICE_PASSWORD or --password (see USAGE). */
async function passwordOf(values: Record<string, string | boolean | undefined>): Promise<string> {
  const given = values['password-stdin']
    ? await firstLine()
    : process.env.BACKOFFICE_PASSWORD || (typeof values.password === 'string' ? values.password : undefined);
  if (!given) throw new UsageError('No password: give --password-stdin, BACKOFFICE_PASSWORD or --password.');
  if (given.length < 5) throw new UsageError('The password must have at least 5 characters.');
  return given;
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      surname: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      replace: { type: 'boolean' },
    },
    strict: true,
  });
  if (!command || !COMMANDS.includes(command)) {
    throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
  const config = loadConfig();
  if (command === 'config:check') return configCheck(config);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    waitMs: config.databaseWaitMs,
    prepared: command !== 'restore',
  });
  try {
    if (command === 'backup' || command === 'restore') {
      return await backupCommand(command, database, config, positionals, Boolean(values.replace));
    }
    await database.migrate();
    if (command === 'db:migrate') {
      console.log('Migrations applied.');
      return;
    }
    if (command === 'images:renditions') {
      const { missing, started } = await startRenditionsSweep(database.db);
      console.log(
        started
          ? `${missing} images have no renditions yet; queued: the server makes them a few at a time.`
          : `${missing} images have no renditions yet; a sweep is already queued.`,
      );
      return;
    }
    await seedReference(
      database.db,
      { ...config, adminEmail: config.adminEmail, adminPassword: config.adminPassword },
      (l) => console.log(l),
    );
    if (command === 'user:list') {
      const roles: Record<number, string> = { 1: 'administrator', 2: 'editor', 3: 'site member' };
      for (const u of await listUsers(database.db)) {
        const role = roles[u.role_id] ?? String(u.role_id);
        console.log([u.id, u.email, role, u.status ? 'active' : 'blocked', `${u.name} ${u.surname}`].join('\t'));
      }
    } else if (command === 'user:create') {
      const v = need(values, 'email', 'role', 'name', 'surname');
      const role = Number(v.role);
      if (!isValidRole(role)) throw new UsageError('--role must be 1, 2 or 3.');
      if (!/^\S+@\S+\.\S+$/.test(v.email)) throw new UsageError('--email is not a valid e-mail address.');
      const password = await passwordOf(values);
      if (await findUserByEmail(database.db, v.email))
        throw new UsageError(`A user with the e-mail ${v.email} exists already.`);
      const user = await createUser(database.db, {
        email: v.email,
        password,
        role_id: role,
        name: v.name,
        surname: v.surname,
      });
      console.log(`Created user #${user.id} ${user.email} with role ${user.role_id}.`);
    } else if (command === 'user:two-factor-reset') {
      const user = await userOf(database.db, values);
      await resetTwoFactor(database, user.id, 'server');
      console.log(`Two-factor sign-in of ${user.email} reset; their sessions ended. They sign in with the password.`);
    } else if (command === 'user:block' || command === 'user:unblock') {
      const user = await userOf(database.db, values);
      const blocked = command === 'user:block';
      await setUserBlocked(database.db, user.id, blocked);
      console.log(blocked ? `${user.email} is blocked; their sessions ended.` : `${user.email} may sign in again.`);
    } else {
      const password = await passwordOf(values);
      const user = await userOf(database.db, values);
      await setUserPassword(database.db, user.id, password);
      console.log(`Password of ${user.email} changed; their sessions ended.`);
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
  else if (
    err instanceof ConfigError ||
    err instanceof RestoreError ||
    err instanceof DatabaseLockedError ||
    err instanceof DatabaseUnreachableError
  )
    console.error(err.message);
  else if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
    console.error(`${err.message}\n\n${USAGE}`);
  else console.error(err);
  process.exit(1);
});
