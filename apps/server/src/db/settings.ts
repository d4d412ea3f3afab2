import { LOCALES, type Locale, SETTINGS, type SettingsName } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { settingValues } from './schema.js';

/**
 * Every key of a settings record with its value per locale, as stored (text); a key without a row is ''.
 * The mail sender, the public site and the settings module read it, so it lives here, below them all. Secrets
 * come in clear: whatever reads them here must never put them into an answer, a page, a mail or a log.
 */
export async function readSettings(db: Db, name: SettingsName): Promise<Record<string, Record<Locale, string>>> {
  const rows = await db.select().from(settingValues).where(eq(settingValues.setting_id, SETTINGS[name].id));
  const out: Record<string, Record<Locale, string>> = {};
  for (const key of SETTINGS[name].keys) out[key] = { sk: '', en: '' };
  for (const row of rows) {
    const entry = out[row.key];
    if (entry && (LOCALES as readonly string[]).includes(row.language_code))
      entry[row.language_code as Locale] = row.value;
  }
  return out;
}
