import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { MAIL_EVENTS, MODULES, ROLES, SETTINGS } from '@backoffice/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import {
  appSecrets,
  languages,
  moduleLangs,
  modules,
  navigationGroups,
  roleLangs,
  roles,
  textPositions,
  users,
} from '../db/schema.js';
import { createUser, setUserLogin } from '../modules/users/operations.js';
import { seedCountries } from './countries.js';
import { MAIL_TEMPLATE_DEFAULTS, seedMailTemplates } from './mail-templates.js';
import { DEFAULTS, seedSettings } from './settings.js';

const ROLE_TITLES: Record<number, { sk: string; en: string }> = {
  [ROLES.admin]: { sk: 'Administrátor', en: 'Administrator' },
  [ROLES.editor]: { sk: 'Redaktor', en: 'Editor' },
  [ROLES.member]: { sk: 'Člen webu', en: 'Site member' },
};

const MODULE_TITLES: Record<number, { sk: string; en: string }> = {
  [MODULES.blog]: { sk: 'Novinky', en: 'News' },
  [MODULES.gallery]: { sk: 'Galéria', en: 'Gallery' },
};

/** Navigation groups; the admin shows each under the heading `navigation.groups.<label>`. */
export const NAVIGATION_GROUPS = ['main', 'footer'];

export const TEXT_POSITIONS = ['Homepage', 'Header', 'Footer', 'Sidebar', 'Contact'];

/**
 * Reference data every installation needs (languages, roles, text positions) and the first administrator.
 * Runs on every start; each part is written only when its table is empty.
 */
export async function seedReference(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword'> & Partial<Pick<Config, 'mailFrom' | 'appUrl'>>,
  log: (line: string) => void,
) {
  await db
    .insert(languages)
    .values([
      { code: 'sk', title: 'Slovenčina', position: 1 },
      { code: 'en', title: 'English', position: 2 },
    ])
    .onConflictDoNothing();
  await db
    .insert(roles)
    .values(Object.keys(ROLE_TITLES).map((id) => ({ id: Number(id) })))
    .onConflictDoNothing();
  await db
    .insert(roleLangs)
    .values(
      Object.entries(ROLE_TITLES).flatMap(([id, t]) =>
        (['sk', 'en'] as const).map((l) => ({ role_id: Number(id), language_code: l, title: t[l] })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(modules)
    .values(Object.keys(MODULE_TITLES).map((id) => ({ id: Number(id) })))
    .onConflictDoNothing();
  await db
    .insert(moduleLangs)
    .values(
      Object.entries(MODULE_TITLES).flatMap(([id, t]) =>
        (['sk', 'en'] as const).map((l) => ({ module_id: Number(id), language_code: l, title: t[l] })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(navigationGroups)
    .values(NAVIGATION_GROUPS.map((label) => ({ label })))
    .onConflictDoNothing();
  await seedCountries(db);
  const [positions] = await db.select({ n: count() }).from(textPositions);
  if (!positions?.n) await db.insert(textPositions).values(TEXT_POSITIONS.map((title) => ({ title })));

  const [people] = await db.select({ n: count() }).from(users);
  if (!people?.n) {
    const { email, password } = adminLogin(config);
    await createUser(db, { email, password, role_id: ROLES.admin, name: 'Admin', surname: 'Administrator' });
    announceAdmin(email, password, config, log);
  }
  // Last, so the contact settings find the countries seeded above.
  await seedSettings(db, {
    adminEmail: config.adminEmail ?? 'admin@example.com',
    mailFrom: config.mailFrom,
    appUrl: config.appUrl,
  });
  await seedMailTemplates(db);
}

/**
 * A fingerprint of everything `seedReference` writes besides the administrator: the constants above, the settings
 * and their defaults, the mail templates and the version of the countries' data. A change to any of them (a setting
 * key added later, a new mail event) gives another fingerprint, so the next start seeds again.
 */
export function referenceVersion(): string {
  const countriesData = (createRequire(import.meta.url)('i18n-iso-countries/package.json') as { version: string })
    .version;
  const data = {
    ROLE_TITLES,
    MODULE_TITLES,
    NAVIGATION_GROUPS,
    TEXT_POSITIONS,
    SETTINGS,
    DEFAULTS,
    MAIL_EVENTS,
    MAIL_TEMPLATE_DEFAULTS,
    countriesData,
  };
  return createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 22);
}

/** The first administrator's address and password: the configured ones, else the default address and a new password. */
const adminLogin = (config: Pick<Config, 'adminEmail' | 'adminPassword'>) => ({
  email: config.adminEmail ?? 'admin@example.com',
  password: config.adminPassword ?? randomBytes(9).toString('base64url'),
});

function announceAdmin(
  email: string,
  password: string,
  config: Pick<Config, 'adminPassword'>,
  log: (line: string) => void,
) {
  if (config.adminPassword) log(`Created the administrator ${email}.`);
  else
    log(`Created the administrator ${email} with the password ${password} (shown once; change it after signing in).`);
}

/** The `app_secrets` row holding the fingerprint of the reference data seeded last. */
const REFERENCE_SEEDED = 'reference-seeded';

/**
 * The `app_secrets` row of a cluster prepared before its installation (seed/demo-cluster.ts): its value is the id of
 * an administrator whose address and password this installation's first start gives it (`claimAdmin`).
 */
export const ADMIN_UNCLAIMED = 'admin-unclaimed';

/** The prepared administrator gets the configured address and password (or a new one, shown once), as if created now. */
async function claimAdmin(
  db: Db,
  userId: number,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  log: (line: string) => void,
) {
  const login = adminLogin(config);
  await setUserLogin(db, userId, login);
  await db.delete(appSecrets).where(eq(appSecrets.name, ADMIN_UNCLAIMED));
  announceAdmin(login.email, login.password, config, log);
}

/**
 * `seedReference` at start-up, skipped after one query when the database holds this reference data already (its
 * fingerprint in `app_secrets`) and some user: a warm start then issues none of its two dozen statements. A
 * database without users still gets its administrator.
 */
export async function seedReferenceOnce(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  log: (line: string) => void,
): Promise<boolean> {
  const version = referenceVersion();
  const { rows } = (await db.execute(sql`
    select
      (select ${appSecrets.value} from ${appSecrets} where ${appSecrets.name} = ${REFERENCE_SEEDED}) as seeded,
      (select ${appSecrets.value} from ${appSecrets} where ${appSecrets.name} = ${ADMIN_UNCLAIMED}) as unclaimed,
      exists (select 1 from ${users}) as people`)) as unknown as {
    rows: { seeded: string | null; unclaimed: string | null; people: boolean }[];
  };
  if (rows[0]?.unclaimed) await claimAdmin(db, Number(rows[0].unclaimed), config, log);
  if (rows[0]?.seeded === version && rows[0].people) return false;
  await seedReference(db, config, log);
  await db
    .insert(appSecrets)
    .values({ name: REFERENCE_SEEDED, value: version })
    .onConflictDoUpdate({ target: appSecrets.name, set: { value: version } });
  return true;
}
