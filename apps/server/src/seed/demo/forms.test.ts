import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formContacts, formPrices, formRegistrationCars, formRegistrations } from '../../db/schema.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { seedDemoForms } from './forms.js';

describe('demo: form submissions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('seeds every kind, registrations with their cars, over recent weeks; a second run adds nothing', async () => {
    const { db } = server.ctx;
    await seedDemoForms(db, () => {});
    await seedDemoForms(db, () => {});
    const n = async (
      table: typeof formContacts | typeof formPrices | typeof formRegistrations | typeof formRegistrationCars,
    ) => (await db.select({ n: count() }).from(table))[0]?.n;
    expect(await n(formContacts)).toBe(5);
    expect(await n(formPrices)).toBe(3);
    expect(await n(formRegistrations)).toBe(3);
    expect(await n(formRegistrationCars)).toBe(3);
    const dates = (await db.select({ at: formContacts.created_at }).from(formContacts)).map((r) => r.at.getTime());
    const spread = (Math.max(...dates) - Math.min(...dates)) / 86_400_000;
    expect(spread).toBeGreaterThan(14);
    expect(Math.max(...dates)).toBeLessThan(Date.now());
  });
});
