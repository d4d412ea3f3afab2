import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpAgent, type ServerProcess, scratchDatabase, startProcess } from '../../test/processes.js';
import { startReceiver } from '../../test/webhook-receiver.js';

/**
 * A write acknowledged 2xx always produces its webhook deliveries (docs/features/integrations.md): its change is a job
 * written in the save's transaction, so a process killed right after its answers leaves the work to another. Real
 * processes on one PostgreSQL database; runs in the PostgreSQL pass of the tests.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const ADMIN = { email: 'admin@example.com', password: 'webhook-admin-password' };

describe.skipIf(!onPostgres)('webhooks after a kill -9', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let survivor: ServerProcess | undefined;
  const env = () => ({
    DATABASE_URL: database.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WEBHOOKS_ALLOW_PRIVATE: '1',
  });

  beforeAll(async () => {
    database = await scratchDatabase();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await survivor?.stop();
    await receiver?.close();
    await database?.drop();
  }, 60_000);

  it('every text answered 201 by a process killed right after reaches the receiver through another process', async () => {
    const victim = await startProcess(env());
    const agent = new HttpAgent();
    await agent.request(victim.url, 'GET', '/sanctum/csrf-cookie');
    expect((await agent.request(victim.url, 'POST', '/api/login', ADMIN)).status).toBe(200);
    const hook = await agent.request(victim.url, 'POST', '/api/webhooks', {
      name: 'Receiver',
      url: receiver.url,
      events: ['content.created'],
    });
    expect(hook.status).toBe(201);
    const positions = (await agent.request(victim.url, 'GET', '/api/content/text/positions')).json.data as unknown as {
      id: number;
    }[];
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        agent.request(victim.url, 'POST', '/api/content/text/', {
          langs: { sk: { title: `Text ${i} sk`, content: '<p>a</p>' }, en: { title: `Text ${i} en`, content: '' } },
          positions: [positions[0]?.id],
          status: true,
        }),
      ),
    );
    await victim.kill();
    const acknowledged = saves.filter((s) => s.status === 201).map((s) => Number(s.json.data?.id));
    expect(acknowledged).toHaveLength(20);

    // The killed process's taken jobs are free again once their lock ends (JOB_LIMITS.lockMs): here at once.
    await database.query('update jobs set locked_until = null, run_at = now()');
    survivor = await startProcess(env());
    const deadline = Date.now() + 60_000;
    const missing = () => acknowledged.filter((id) => !receiver.about(id).includes('content.created'));
    while (missing().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(missing()).toEqual([]);
  }, 180_000);
});
