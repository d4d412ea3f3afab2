import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { settingValues } from '../db/schema.js';
import { seedReference } from './reference.js';
import { seedDemoSettings } from './settings.js';

// A new site carries nobody's company (docs/DEPLOY.md): its settings are empty but for where mail goes and comes
// from; the demo company comes with `npm run demo` only.

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: '/tmp/backoffice-settings-seed',
    ADMIN_EMAIL: 'owner@firma.sk',
    ADMIN_PASSWORD: 'owner-password',
    MAIL_FROM: 'Firma <web@firma.sk>',
    APP_URL: 'https://www.firma.sk',
  });
  await seedReference(database.db, config, () => {});
});
afterAll(() => database.close());

const values = async () => {
  const rows = await database.db.select().from(settingValues).where(eq(settingValues.language_code, 'en'));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
};

describe('the settings of a new site', () => {
  it('hold no demo company: empty texts, mail to the first administrator from MAIL_FROM', async () => {
    const seeded = await values();
    expect(JSON.stringify(seeded)).not.toMatch(/Demo|example\.com|Bratislava/);
    expect(seeded).toMatchObject({
      copyright: '',
      contact_name: '',
      meta_title: '',
      email_recipient: 'owner@firma.sk',
      email_sender: 'web@firma.sk',
      email_sender_name: 'Firma',
    });
  });

  it('without MAIL_FROM, the sender is no-reply at the public address', async () => {
    const other = await openDatabase({ dataDir: 'memory://' });
    try {
      await other.migrate();
      await seedReference(other.db, loadConfig({ DATA_DIR: '/tmp/x', APP_URL: 'https://www.firma.sk' }), () => {});
      const [sender] = await other.db
        .select({ value: settingValues.value })
        .from(settingValues)
        .where(and(eq(settingValues.key, 'email_sender'), eq(settingValues.language_code, 'sk')));
      expect(sender?.value).toBe('no-reply@www.firma.sk');
    } finally {
      await other.close();
    }
  });

  it('the demo fills the empty texts with its company and keeps what somebody saved', async () => {
    await database.db.update(settingValues).set({ value: 'Firma s.r.o.' }).where(eq(settingValues.key, 'contact_name'));
    await seedDemoSettings(database.db);
    const demo = await values();
    expect(demo.contact_name).toBe('Firma s.r.o.');
    expect(demo.copyright).toBe('© Stavby Demo Ltd. All rights reserved.');
    expect(demo.email_recipient).toBe('office@example.com');
  });
});
