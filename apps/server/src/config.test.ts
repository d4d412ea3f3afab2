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
  ])('an invalid %s stops start-up with a message naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name);
  });
});
