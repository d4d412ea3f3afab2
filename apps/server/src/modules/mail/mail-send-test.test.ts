import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailTemplates } from '../../db/schema.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { buildUser } from '../../test/factories.js';
import { ADMIN, Agent } from '../../test/harness.js';

const BASE = '/api/mail';
const ctx = useSignedInServer();
const idOf = async (event: string) =>
  (await ctx.server.ctx.db.select().from(mailTemplates).where(eq(mailTemplates.event, event)))[0]?.id ?? 0;
const sentSince = (count: number) => ctx.server.mails.slice(count);
/**
 * The mails sent so far, once the queued jobs have run: a sign-in queues its new-device mail and nudges the runner,
 * which would otherwise send it in the middle of a later test.
 */
const sentSoFar = async () => {
  await ctx.server.app.jobs.drain();
  return ctx.server.mails.length;
};

describe('mail templates: send a test', () => {
  it('mails the template in the chosen language with sample values to the signed-in user alone', async () => {
    const id = await idOf('contact');
    const before = await sentSoFar();
    const res = await ctx.admin.post(`${BASE}/${id}/test`, { lang: 'sk' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`A test e-mail has been sent to ${ADMIN.email}.`);
    const [mail, ...more] = sentSince(before);
    expect(more).toEqual([]);
    expect(mail?.to).toBe(ADMIN.email);
    // The Slovak version, its placeholders filled with the preview's samples.
    expect(mail?.subject).toMatch(/^\[Test\] /);
    expect(mail?.html).toContain('lang="sk"');
    expect(mail?.html).toContain('jan.novak@example.com');
    expect(mail?.html).not.toMatch(/%[a-z]+\.[a-z_]+%/);
    expect(mail?.text).toContain('Ján');

    const en = await ctx.admin.post(`${BASE}/${id}/test`, { lang: 'en' });
    expect(en.statusCode).toBe(200);
    expect(sentSince(before)[1]?.html).toContain('lang="en"');
  });

  it('answers in the request language', async () => {
    const sk = new Agent(ctx.server.app, 'sk');
    await sk.login();
    const res = await sk.post(`${BASE}/${await idOf('price')}/test`, { lang: 'en' });
    expect(res.json().message).toBe(`Testovací e-mail bol odoslaný na ${ADMIN.email}.`);
  });

  it('refuses a missing or unknown language (422 on lang) and an unknown template (404); nothing is sent', async () => {
    const id = await idOf('contact');
    const before = await sentSoFar();
    for (const body of [{}, { lang: 'de' }, { lang: ['sk'] }]) {
      const res = await ctx.admin.post(`${BASE}/${id}/test`, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ lang: ['errors.requiredOption'] });
    }
    expect((await ctx.admin.post(`${BASE}/99999/test`, { lang: 'sk' })).statusCode).toBe(404);
    expect(sentSince(before)).toEqual([]);
  });

  it('401 without a session, 403 for a role-2 editor (who may not edit templates), 419 without CSRF', async () => {
    const id = await idOf('contact');
    const before = await sentSoFar();
    const anonymous = new Agent(ctx.server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post(`${BASE}/${id}/test`, { lang: 'sk' })).statusCode).toBe(401);
    expect((await ctx.editor.post(`${BASE}/${id}/test`, { lang: 'sk' })).statusCode).toBe(403);
    expect((await ctx.admin.post(`${BASE}/${id}/test`, { lang: 'sk' }, { csrf: false })).statusCode).toBe(419);
    expect(sentSince(before)).toEqual([]);
  });

  it('a user sends at most five test mails in ten minutes (429), others are not held up', async () => {
    const id = await idOf('registration');
    const user = await buildUser(ctx.server.ctx.db, { role_id: 1 });
    const agent = new Agent(ctx.server.app, 'en');
    await agent.login(user.email, user.plainPassword);
    const before = await sentSoFar();
    for (let i = 0; i < 5; i++) expect((await agent.post(`${BASE}/${id}/test`, { lang: 'sk' })).statusCode).toBe(200);
    const refused = await agent.post(`${BASE}/${id}/test`, { lang: 'sk' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(sentSince(before).map((m) => m.to)).toEqual(Array(5).fill(user.email));
    expect((await ctx.admin.post(`${BASE}/${id}/test`, { lang: 'sk' })).statusCode).toBe(200);
  });
});
