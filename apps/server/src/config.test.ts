import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { DATA_DIR: '/tmp/backoffice-config-test', SESSION_SECRET: 'x'.repeat(40) };

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      appUrl: 'http://localhost:8080',
      seedDemo: false,
      analyticsRawDays: 400,
    });
    expect(config.mediaDir).toBe('/tmp/backoffice-config-test/media');
  });
  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['SMTP_URL', 'http://mail'],
    ['SEED_DEMO', 'maybe'],
    ['ANALYTICS_RAW_DAYS', '0'],
    ['ANALYTICS_RAW_DAYS', 'forever'],
    ['REVISIONS_KEEP', '-5'],
    ['REVISIONS_KEEP', 'all'],
    ['ADMIN_DIST', '/nonexistent/admin'],
    ['DATABASE_WAIT', '-1'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '10.0.0.1,10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.300'],
  ])('an invalid %s stops start-up with a message naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name);
  });

  it.each([
    ['0', false],
    ['1', true],
    ['yes', true],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.0.1.0/24,fd00::/8', ['10.0.0.5', '10.0.1.0/24', 'fd00::/8']],
  ])('TRUST_PROXY=%s trusts %j', (value, trusted) => {
    expect(loadConfig({ ...base, TRUST_PROXY: value }).trustProxy).toEqual(trusted);
  });
});

// What Fastify makes of the value (the request's address, the throttles' and the statistics' key): the client's
// own X-Forwarded-For counts only when the peer is a trusted proxy.
describe('TRUST_PROXY with addresses', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1', '203.0.113.5'],
    ['10.0.0.5', '127.0.0.1', '127.0.0.1'],
    ['10.0.0.0/8,127.0.0.0/8', '127.0.0.1', '203.0.113.5'],
    ['0', '127.0.0.1', '127.0.0.1'],
  ])(
    'TRUST_PROXY=%s, a request from %s with X-Forwarded-For 203.0.113.5: the client is %s',
    async (value, from, ip) => {
      const app = Fastify({ trustProxy: loadConfig({ ...base, TRUST_PROXY: value }).trustProxy });
      app.get('/', async (request) => ({ ip: request.ip }));
      const res = await app.inject({ url: '/', remoteAddress: from, headers: { 'x-forwarded-for': '203.0.113.5' } });
      expect(res.json().ip).toBe(ip);
      await app.close();
    },
  );
});
