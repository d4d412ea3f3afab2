import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError, DatabaseUnreachableError, openDatabase } from './db/client.js';
import { resetTwoFactor } from './modules/auth/two-factor.js';
import { createUser, findUserByEmail, isValidRole, setUserPassword } from './modules/users/operations.js';
import { seedReference } from './seed/reference.js';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  db:migrate                                   apply the migrations that have not run yet
  user:create --email E --password P --role N --name N --surname S
                                               create a user (role 1 administrator, 2 editor, 3 site member)
  user:password --email E --password P         set a user's password
  user:two-factor-reset --email E              forget a user's two-factor sign-in and end their sessions
                                               (an administrator who lost the phone and the recovery codes)

The command uses the same environment as the server (DATA_DIR, DATABASE_URL).`;

class UsageError extends Error {}

function need(values: Record<string, string | undefined>, ...names: string[]) {
  const missing = names.filter((n) => !values[n]);
  if (missing.length) throw new UsageError(`Missing ${missing.map((n) => `--${n}`).join(', ')}.`);
  return values as Record<string, string>;
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      surname: { type: 'string' },
    },
    strict: true,
  });
  if (!command || !['db:migrate', 'user:create', 'user:password', 'user:two-factor-reset'].includes(command)) {
    throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    waitMs: config.databaseWaitMs,
  });
  try {
    await database.migrate();
    if (command === 'db:migrate') {
      console.log('Migrations applied.');
      return;
    }
    await seedReference(
      database.db,
      { ...config, adminEmail: config.adminEmail, adminPassword: config.adminPassword },
      (l) => console.log(l),
    );
    if (command === 'user:create') {
      const v = need(values, 'email', 'password', 'role', 'name', 'surname');
      const role = Number(v.role);
      if (!isValidRole(role)) throw new UsageError('--role must be 1, 2 or 3.');
      if (!/^\S+@\S+\.\S+$/.test(v.email)) throw new UsageError('--email is not a valid e-mail address.');
      if (v.password.length < 5) throw new UsageError('--password must have at least 5 characters.');
      if (await findUserByEmail(database.db, v.email))
        throw new UsageError(`A user with the e-mail ${v.email} exists already.`);
      const user = await createUser(database.db, {
        email: v.email,
        password: v.password,
        role_id: role,
        name: v.name,
        surname: v.surname,
      });
      console.log(`Created user #${user.id} ${user.email} with role ${user.role_id}.`);
    } else if (command === 'user:two-factor-reset') {
      const v = need(values, 'email');
      const user = await findUserByEmail(database.db, v.email);
      if (!user) throw new UsageError(`No user has the e-mail ${v.email}.`);
      await resetTwoFactor(database, user.id, null);
      console.log(`Two-factor sign-in of ${user.email} reset; their sessions ended. They sign in with the password.`);
    } else {
      const v = need(values, 'email', 'password');
      if (v.password.length < 5) throw new UsageError('--password must have at least 5 characters.');
      const user = await findUserByEmail(database.db, v.email);
      if (!user) throw new UsageError(`No user has the e-mail ${v.email}.`);
      await setUserPassword(database.db, user.id, v.password);
      console.log(`Password of ${user.email} changed.`);
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
  else if (err instanceof ConfigError || err instanceof DatabaseLockedError || err instanceof DatabaseUnreachableError)
    console.error(err.message);
  else if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
    console.error(`${err.message}\n\n${USAGE}`);
  else console.error(err);
  process.exit(1);
});
