import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { appSecrets } from './schema.js';

const SESSION_SECRET = 'session';

/**
 * The signing secret every server process shares when SESSION_SECRET is unset: generated once into the database
 * (the first process's insert wins, the others read it), so a CSRF token from one process is good on another.
 * An installation from before keeps the secret it had in `DATA_DIR/session-secret`, so its sessions live on.
 */
export async function sharedSecret(db: Db, dataDir: string): Promise<string> {
  const legacyFile = resolve(dataDir, 'session-secret');
  const candidate = existsSync(legacyFile)
    ? readFileSync(legacyFile, 'utf8').trim()
    : randomBytes(48).toString('base64url');
  await db.insert(appSecrets).values({ name: SESSION_SECRET, value: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, SESSION_SECRET));
  if (!row) throw new Error('the shared session secret could not be read back');
  return row.value;
}
