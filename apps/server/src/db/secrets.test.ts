import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { scratchDir } from '../test/scratch-dir.js';
import { appSecrets } from './schema.js';
import { sharedSecret } from './secrets.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('sharedSecret', () => {
  it('an installation from before keeps the secret of its DATA_DIR file; every later caller reads the same', async () => {
    const dir = scratchDir('backoffice-secret-');
    writeFileSync(join(dir, 'session-secret'), 'the-old-secret-of-this-installation-0123456789\n');
    expect(await sharedSecret(server.ctx.db, dir)).toBe('the-old-secret-of-this-installation-0123456789');
    const elsewhere = scratchDir('backoffice-secret-');
    const many = await Promise.all(Array.from({ length: 5 }, () => sharedSecret(server.ctx.db, elsewhere)));
    expect(new Set(many)).toEqual(new Set(['the-old-secret-of-this-installation-0123456789']));
  });

  it('is generated once, long and random, when there is none', async () => {
    await server.ctx.db.delete(appSecrets);
    const dir = scratchDir('backoffice-secret-');
    const [a, b] = await Promise.all([sharedSecret(server.ctx.db, dir), sharedSecret(server.ctx.db, dir)]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(48);
    expect(await server.ctx.db.select().from(appSecrets)).toHaveLength(1);
  });
});
