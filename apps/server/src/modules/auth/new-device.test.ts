import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { Agent, startTestServer, type TestServer } from '../../test/harness.js';

/** A sign-in from a browser the account was not used in before mails its owner (new-device.ts). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Signs in from `agent` with a user agent and an address; answers the mails to `email` the sign-in caused. */
async function signIn(agent: Agent, email: string, password: string, userAgent: string) {
  const before = server.mails.length;
  await agent.request({ method: 'GET', url: '/sanctum/csrf-cookie', headers: { 'user-agent': userAgent } });
  const res = await agent.request({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: '203.0.113.9',
  });
  expect(res.statusCode, res.body).toBe(200);
  await server.app.jobs.drain();
  return server.mails.slice(before).filter((m) => m.to === email);
}

describe('a sign-in from a new browser', () => {
  it('tells the owner by mail, in their language; the first sign-in and a known browser tell nobody', async () => {
    const user = await buildUser(server.ctx.db, { language_code: 'sk', name: 'Jana' });
    const laptop = new Agent(server.app);
    expect(await signIn(laptop, user.email, user.plainPassword, FIREFOX)).toEqual([]);
    // The same browser again: known by its device cookie.
    expect(await signIn(laptop, user.email, user.plainPassword, FIREFOX)).toEqual([]);

    const [mail, ...more] = await signIn(new Agent(server.app), user.email, user.plainPassword, CHROME);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^Nové prihlásenie do vášho účtu/);
    expect(mail?.text).toContain('Dobrý deň, Jana,');
    expect(mail?.text).toContain('nepoužíval: Chrome 126 (Windows 10), z adresy 203.0.113.9');
    expect(mail?.html).toContain('Chrome 126');
    // That browser is known from now on; the laptop still is.
    expect(await signIn(new Agent(server.app), user.email, user.plainPassword, CHROME)).toHaveLength(1);
    expect(await signIn(laptop, user.email, user.plainPassword, FIREFOX)).toEqual([]);
  });

  it('names what it cannot tell, and escapes what the browser sent', async () => {
    const user = await buildUser(server.ctx.db, { language_code: 'en', name: '<b>Eve</b>' });
    await signIn(new Agent(server.app), user.email, user.plainPassword, FIREFOX);
    const [mail] = await signIn(new Agent(server.app), user.email, user.plainPassword, '<script>x</script>');
    expect(mail?.subject).toMatch(/^New sign-in to your account/);
    expect(mail?.text).toContain('before: an unknown browser, from');
    expect(mail?.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail?.html).not.toContain('<script>');
  });
});
