import { describe, expect, it } from 'vitest';
import { startProcess } from './test/processes.js';

// The log of a server process (docs/DEPLOY.md "Logs"): standard output is one stream of JSON lines, from the first
// line of the start to the last of the stop, with one line per answered request.

describe.skipIf(process.env.TEST_DB === 'postgres')('the log on standard output', () => {
  it('is JSON lines only: the start, the generated password, one line per request (none for the health check)', async () => {
    const server = await startProcess({ LOG_LEVEL: 'info', ADMIN_PASSWORD: '' });
    await fetch(`${server.url}/api/health`);
    await fetch(`${server.url}/api/health/live`);
    await fetch(`${server.url}/api/user/me`, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    await fetch(`${server.url}/api/blog/42`, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(await server.stop()).toBe(0);

    const lines = server
      .stdout()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const entries = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line on standard output: ${line}`);
      }
    });
    const messages = entries.map((entry) => String(entry.msg));
    expect(messages.some((msg) => /^Created the administrator .* with the password /.test(msg))).toBe(true);
    expect(messages.some((msg) => msg.startsWith('Back office ready in'))).toBe(true);
    expect(messages).toContain('SIGTERM: finishing the requests in flight, then stopping');

    const requests = entries.filter((entry) => entry.msg === 'request');
    expect(requests.map((entry) => entry.url)).toEqual(['/api/user/me', '/api/blog/42']);
    expect(requests[1]).toMatchObject({ method: 'GET', route: '/api/blog/:id', status: 401, user: null });
    expect(typeof requests[1]?.ms).toBe('number');
  });
});
