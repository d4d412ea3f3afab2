import { randomBytes } from 'node:crypto';
import { MODULES, ROLES } from '@backoffice/shared';
import { count } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { createUser } from '../../modules/users/operations.js';
import type { Db } from '../client.js';
import {
  languages,
  moduleLangs,
  modules,
  navigationGroups,
  roleLangs,
  roles,
  textPositions,
  users,
} from '../schema.js';
import { seedCountries } from './countries.js';
import { seedMailTemplates } from './mail-templates.js';
import { seedSettings } from './settings.js';

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
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
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
    const email = config.adminEmail ?? 'admin@example.com';
    const password = config.adminPassword ?? randomBytes(9).toString('base64url');
    await createUser(db, { email, password, role_id: ROLES.admin, name: 'Admin', surname: 'Administrator' });
    if (config.adminPassword) log(`Created the administrator ${email}.`);
    else
      log(`Created the administrator ${email} with the password ${password} (shown once; change it after signing in).`);
  }
  // Last, so the contact settings find the countries seeded above.
  await seedSettings(db);
  await seedMailTemplates(db);
}
