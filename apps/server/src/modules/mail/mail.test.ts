import { MAIL_EVENTS, MAIL_PLACEHOLDERS } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailTemplates } from '../../db/schema.js';
import { fillPlaceholders, mailDate, mailRecipient, renderTemplate, sendTemplateMail } from '../../mail/templates.js';
import { seedMailTemplates } from '../../seed/mail-templates.js';
import { idsOf, useSignedInServer } from '../../test/content-cases.js';
import { Agent } from '../../test/harness.js';

const BASE = '/api/mail';
const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const idOf = async (event: string) =>
  (await db().select().from(mailTemplates).where(eq(mailTemplates.event, event)))[0]?.id ?? 0;
const lang = (title: string, extra: Record<string, string> = {}) => ({
  title,
  subject: `${title} subject`,
  content_plain: `${title} plain`,
  content: `<p>${title}</p>`,
  ...extra,
});

describe('mail templates: seed, list, record', () => {
  it('one template per event in both locales; seeding again changes nothing', async () => {
    await seedMailTemplates(db());
    const res = await ctx.admin.get(`${BASE}/?per_page=100`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((r: { event: string }) => r.event)
        .sort(),
    ).toEqual([...MAIL_EVENTS].sort());
    expect(res.json().abilities).toEqual({ create: false, update: true, destroy: false, restore: false });
    for (const event of MAIL_EVENTS) {
      const record = (await ctx.admin.get(`${BASE}/${await idOf(event)}`)).json().data;
      for (const l of ['sk', 'en'] as const) {
        expect(record.langs[l].title.length).toBeGreaterThanOrEqual(3);
        expect(record.langs[l].content).toContain('%');
        expect(record.langs[l].content_plain.length).toBeLessThanOrEqual(240);
      }
      expect(record.models).toEqual(MAIL_PLACEHOLDERS[event]);
    }
  });

  it('lists title in the request language, event and updated_at; updated_at descending; search; sort', async () => {
    const res = await ctx.admin.get(`${BASE}/?search=registr`);
    expect(res.json().data).toEqual([
      {
        id: await idOf('registration'),
        title: 'Registration',
        event: 'registration',
        updated_at: expect.any(String),
        deleted_at: null,
        translation: { sk: 'complete', en: 'complete' },
      },
    ]);
    const record = (await ctx.admin.get(`${BASE}/${await idOf('registration')}`)).json();
    expect(record.translation).toEqual({ sk: 'complete', en: 'complete' });
    const sk = new Agent(ctx.server.app, 'sk');
    await sk.login();
    expect((await sk.get(`${BASE}/?search=registr`)).json().data[0].title).toBe('Registrácia');
    const id = await idOf('contact');
    const { updated_at } = (await ctx.admin.get(`${BASE}/${id}`)).json().data;
    const saved = await ctx.admin.post(`${BASE}/${id}`, {
      langs: { sk: lang('Kontakt'), en: lang('Contact us') },
      updated_at,
    });
    expect(saved.statusCode).toBe(200);
    expect(idsOf(await ctx.admin.get(`${BASE}/`))[0]).toBe(id);
    const byTitle = (await ctx.admin.get(`${BASE}/?sort=title&order=asc`))
      .json()
      .data.map((r: { title: string }) => r.title);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.localeCompare(b)));
  });
});

describe('mail templates: save', () => {
  it('validation: title and subject min 3 each on its own field, plain ≤ 240, content required', async () => {
    const id = await idOf('price');
    const res = await ctx.admin.post(`${BASE}/${id}`, {
      langs: {
        sk: lang('ab', { subject: 'x', content_plain: 'p'.repeat(241) }),
        en: lang('Fine', { content: '<p></p>' }),
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'langs.sk.title': ['errors.min3'],
      'langs.sk.subject': ['errors.min3'],
      'langs.sk.content_plain': ['errors.max240'],
      'langs.en.content': ['errors.required'],
    });
  });

  it('saves both locales (content sanitised), logs it; a stale updated_at is 409', async () => {
    const id = await idOf('price');
    const { updated_at } = (await ctx.admin.get(`${BASE}/${id}`)).json().data;
    const res = await ctx.admin.post(`${BASE}/${id}`, {
      langs: {
        sk: lang('Cena', { content: '<p onclick="x()">Ahoj %form.name%</p><script>alert(1)</script>' }),
        en: lang('Price'),
      },
      updated_at,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.langs.sk.content).toBe('<p>Ahoj %form.name%</p>');
    const logs = (await ctx.admin.get('/api/user/logs/1')).json().data;
    expect(logs[0]).toMatchObject({ model: 'MailTemplate', row_id: id, action: 'update' });
    const again = await ctx.admin.post(`${BASE}/${id}`, { langs: { sk: lang('Iná'), en: lang('Other') }, updated_at });
    expect(again.statusCode).toBe(409);
    expect((await ctx.admin.get(`${BASE}/${id}`)).json().data.langs.sk.title).toBe('Cena');
  });

  it('templates cannot be created or deleted; unknown ids 404', async () => {
    const before = (await ctx.admin.get(`${BASE}/`)).json().meta.total;
    expect((await ctx.admin.post(`${BASE}/`, { langs: { sk: lang('Nová'), en: lang('New') } })).statusCode).toBe(405);
    expect((await ctx.admin.delete(`${BASE}/${await idOf('contact')}`)).statusCode).toBe(405);
    expect((await ctx.admin.post(`${BASE}/array/destroy`, { rows: [1] })).statusCode).toBe(404);
    expect((await ctx.admin.get(`${BASE}/`)).json().meta.total).toBe(before);
    expect((await ctx.admin.get(`${BASE}/99999`)).statusCode).toBe(404);
    expect((await ctx.admin.get(`${BASE}/preview/99999`)).statusCode).toBe(404);
  });

  it('401 without a session, 403 for role 2 writes (reads allowed), 419 without CSRF', async () => {
    const id = await idOf('contact');
    const anonymous = new Agent(ctx.server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.get(`${BASE}/`)).statusCode).toBe(401);
    expect((await anonymous.get(`${BASE}/preview/${id}`)).statusCode).toBe(401);
    expect((await anonymous.post(`${BASE}/${id}`, {})).statusCode).toBe(401);
    expect((await ctx.editor.get(`${BASE}/`)).json().abilities.update).toBe(false);
    expect((await ctx.editor.get(`${BASE}/preview/${id}`)).statusCode).toBe(200);
    expect(
      (await ctx.editor.post(`${BASE}/${id}`, { langs: { sk: lang('Editor'), en: lang('Editor') } })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.admin.post(`${BASE}/${id}`, { langs: { sk: lang('Bez'), en: lang('Csrf') } }, { csrf: false }))
        .statusCode,
    ).toBe(419);
  });
});

describe('mail templates: placeholders', () => {
  it('fills only the allowed properties; unknown ones are left out; HTML values are escaped', () => {
    const values = { form: { name: '<b>Ján</b> & "co"', secret: 'x' }, user: { password: 'pw' } };
    expect(fillPlaceholders('%form.name%|%form.secret%|%user.password%|%nope.x%', 'contact', values, 'html')).toBe(
      '&lt;b&gt;Ján&lt;/b&gt; &amp; &quot;co&quot;|||',
    );
    expect(fillPlaceholders('%form.name%', 'contact', values, 'text')).toBe('<b>Ján</b> & "co"');
    // Properties of the prototype are never values.
    expect(fillPlaceholders('%form.constructor%', 'contact', {}, 'text')).toBe('');
  });

  it('a value is never evaluated: template syntax in values stays text', () => {
    const rendered = renderTemplate(
      { subject: 'Hi %user.name%', content_plain: '', content: '<p>%user.name%</p><a href="%link.url%">go</a>' },
      'user_created',
      { user: { name: '%link.url% {{7*7}} #{7*7}\r\nBcc: x@y' }, link: { url: 'javascript:alert(1)' } },
      'en',
    );
    expect(rendered.subject).toBe('Hi %link.url% {{7*7}} #{7*7} Bcc: x@y');
    expect(rendered.html).toContain('<p>%link.url% {{7*7}} #{7*7}\r\nBcc: x@y</p>');
    expect(rendered.html).not.toContain('javascript:');
    expect(rendered.text).toContain('%link.url% {{7*7}}');
  });

  it('sendTemplateMail: the locale (sk fallback), the e-mail settings sender, the site values, reply-to', async () => {
    const mails = ctx.server.mails;
    await sendTemplateMail(ctx.server.ctx, {
      event: 'registration',
      locale: 'en',
      to: await mailRecipient(db()),
      values: { form: { name: 'Acme <Ltd>', cars_total: 3, email: 'acme@example.com' } },
      replyTo: 'acme@example.com',
    });
    const mail = mails.at(-1);
    expect(mail?.to).toBe('office@example.com');
    expect(mail?.subject).toBe('New registration: Acme <Ltd>');
    expect(mail?.html).toContain('Acme &lt;Ltd&gt;');
    expect(mail?.html).toContain('http://backoffice.test');
    expect(mail?.text).toContain('Vehicles in total: 3');
    expect(mail?.from).toEqual({ name: 'Stavby Demo', address: 'no-reply@example.com' });
    expect(mail?.replyTo).toBe('acme@example.com');
    await sendTemplateMail(ctx.server.ctx, { event: 'user_created', locale: 'de', to: 'a@b.c', values: {} });
    expect(mails.at(-1)?.subject).toBe('Váš účet na Stavby Demo s.r.o.');
  });

  it('preview fills the HTML with sample values: {content}', async () => {
    const res = await ctx.admin.get(`${BASE}/preview/${await idOf('password_reset')}`);
    expect(res.statusCode).toBe(200);
    const { content } = res.json();
    expect(content).toMatch(/^<!doctype html>/);
    expect(content).toContain('Ján');
    expect(content).toContain('http://backoffice.test/admin/login');
    expect(content).not.toMatch(/%[a-z]+\.[a-z_]+%/);
  });
});

describe('dates in mail', () => {
  it("are written as the spec writes them in each language, in the site's zone (Europe/Bratislava)", () => {
    expect(mailDate('2026-11-23T20:31:51.728Z', 'sk')).toBe('23.11.2026 21:31:51');
    expect(mailDate('2026-11-23T20:31:51.728Z', 'en')).toBe('2026-11-23 21:31:51');
    expect(mailDate('2026-07-01T22:05:09Z', 'sk')).toBe('2.7.2026 00:05:09');
  });
});
