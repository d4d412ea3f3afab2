import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Set before the app is imported: ADMIN_DIST is read once, when app.ts loads.
const dist = mkdtempSync(join(tmpdir(), 'backoffice-admin-building-'));
rmSync(dist, { recursive: true });
process.env.ADMIN_DIST = dist;
process.env.ADMIN_BUILDING = '1';
const { startTestServer } = await import('./test/harness.js');
const server = await startTestServer();
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
  delete process.env.ADMIN_BUILDING;
});

describe('the admin while npm start still builds it', () => {
  it('answers 503 with a page that reloads itself, then the admin once index.html is there', async () => {
    const waiting = await server.app.inject({ method: 'GET', url: '/admin/login' });
    expect(waiting.statusCode).toBe(503);
    expect(waiting.headers['retry-after']).toBe('2');
    expect(waiting.body).toContain('<meta http-equiv="refresh" content="2">');
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>admin</title>');
    const built = await server.app.inject({ method: 'GET', url: '/admin/login' });
    expect(built.statusCode).toBe(200);
    expect(built.body).toContain('<title>admin</title>');
  });
});
