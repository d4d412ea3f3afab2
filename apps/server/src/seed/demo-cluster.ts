import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { writeSnapshot } from '../db/client.js';
import { appSecrets, users } from '../db/schema.js';
import { DEMO_PREPARED_AT, seedDemo } from './demo.js';
import { ADMIN_UNCLAIMED, seedReferenceOnce } from './reference.js';

/**
 * The prepared demo cluster (`npm ci`'s `prepare`, seed/prepare.ts): the empty cluster with the reference data and
 * the demo's records written, as a demo server's start would write them. A new demo database starts from it
 * (db/client.ts, `prepared: 'demo'`): its 62 records through their operations took about 5 s of a first start with
 * both cores busy (bench/first-start.mjs). Nothing in it belongs to one installation: its administrator is marked
 * unclaimed and gets the configured address and password, or a new password, at the first start
 * (seed/reference.ts `claimAdmin`); the session secret is made then too; the demo's pictures and its traffic are
 * jobs in it, run once the server answers. Its times are moved to the first start's (`DEMO_PREPARED_AT`).
 */
export async function writeDemoSnapshot(): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'backoffice-demo-cluster-'));
  try {
    const config = loadConfig({ DATA_DIR: scratch, SEED_DEMO: '1' });
    const quiet = () => {};
    return await writeSnapshot('demo', async (db) => {
      await seedReferenceOnce(db, config, quiet);
      const [admin] = await db.select({ id: users.id }).from(users);
      if (!admin) throw new Error('the reference seed made no administrator');
      await db.insert(appSecrets).values({ name: ADMIN_UNCLAIMED, value: String(admin.id) });
      await seedDemo(db, quiet, config, { deferred: true });
      await db.insert(appSecrets).values({ name: DEMO_PREPARED_AT, value: new Date().toISOString() });
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
