import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

// A built admin of its own, set before the app is imported: ADMIN_DIST is read once, when app.ts loads.
const dist = mkdtempSync(join(tmpdir(), 'backoffice-admin-assets-'));
const script = 'console.log("admin");'.repeat(20);
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>admin</title>');
writeFileSync(join(dist, 'assets/app-1234.js'), script);
writeFileSync(join(dist, 'assets/app-1234.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets/app-1234.js.gz'), gzipSync(script));
process.env.ADMIN_DIST = dist;
const { startTestServer } = await import('./test/harness.js');
const server = await startTestServer();
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built admin under /admin', () => {
  it('answers an asset compressed as the browser accepts, cached for a year', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/admin/assets/app-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const plain = await server.app.inject({ method: 'GET', url: '/admin/assets/app-1234.js' });
    expect(plain.body).toBe(script);
    const head = await server.app.inject({ method: 'HEAD', url: '/admin/assets/app-1234.js' });
    expect(head.statusCode).toBe(200);
  });

  it('answers index.html, revalidated on every load, for every other admin path; a missing asset is a 404', async () => {
    for (const url of ['/admin', '/admin/', '/admin/login', '/admin/content/page/12', '/admin/index.html']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>admin</title>');
      expect(res.headers['cache-control'], url).toMatch(/no-cache|max-age=0\b/);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    const missing = await server.app.inject({ method: 'GET', url: '/admin/assets/gone-0000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });
});
