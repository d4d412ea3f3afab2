import { contactFormSchema, FORM_HONEYPOT, FORM_LIMITS, type FormKind } from '@backoffice/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.js';
import { idsOf, useSignedInServer } from '../../test/content-cases.js';
import { contactForm } from '../../test/factories.js';
import { Agent } from '../../test/harness.js';
import { storeSubmission } from './service.js';

const ctx = useSignedInServer();
let ip = 0;
/** Every test posts from its own address, so the per-address limit is only met where a test means to meet it. */
const nextAddress = () => `10.0.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

/** A visitor of the public site: no session, no CSRF token. The mails queued by the post are sent before it returns. */
async function publicPost(
  kind: string,
  payload: unknown,
  opts: Partial<InjectOptions> & { address?: string; sendMails?: boolean } = {},
) {
  const { address, headers, sendMails = true, ...rest } = opts;
  const res = await ctx.server.app.inject({
    method: 'POST',
    url: `/api/public/form/${kind}`,
    payload: payload as InjectOptions['payload'],
    remoteAddress: address ?? nextAddress(),
    headers: { 'accept-language': 'en', ...(headers as Record<string, string>) },
    ...rest,
  });
  if (sendMails) await ctx.server.app.jobs.drain();
  return res;
}
const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM_POST = { 'content-type': 'application/x-www-form-urlencoded' };

const contact = contactForm;
const price = (overrides: Record<string, unknown> = {}) => ({
  name: 'Stavby a.s.',
  address: 'Hlavná 1, Bratislava',
  ico: '12345678',
  dic: '2023456789',
  icdph: 'SK2023456789',
  contact: 'Eva Malá',
  phone: '+421 2 123 456',
  email: 'eva@example.com',
  material: 'Betón',
  material_desc: 'Drvený betón',
  faction: '0-32',
  faction_desc: 'Na podsyp',
  weight: '25 t',
  place: 'Trnava',
  deadline: '30. 6. 2026',
  delivery: 'Nitra',
  note: 'Prosím o rýchlu odpoveď',
  locale: 'en',
  ...overrides,
});
const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Doprava s.r.o.',
  address: 'Priemyselná 2, Žilina',
  ico: '87654321',
  dic: '2087654321',
  icdph: 'SK2087654321',
  contact: 'Peter Veľký',
  phone: '+421 41 555 666',
  fax: '+421 41 555 667',
  email: 'peter@example.com',
  cars: [
    { type: 'Tatra 815', capacity: '20 t', count: 2, license: 'ZA-123AB' },
    { type: 'Volvo FH', capacity: '24 t', count: '1', license: 'ZA-456CD' },
  ],
  other_cars: 'Dodávka',
  cars_total: 4,
  locale: 'en',
  ...overrides,
});

const listOf = async (kind: FormKind, agent = ctx.admin, query = '') =>
  (await agent.get(`/api/form/${kind}/?per_page=100${query}`)).json();
const totalOf = async (kind: FormKind) => (await listOf(kind)).meta.total as number;
const latestId = async (kind: FormKind) => (await listOf(kind)).data[0]?.id as number;

describe('public forms: a valid submission', () => {
  it('a contact message is stored, answered 201, mailed to the recipient and confirmed to the sender in sk', async () => {
    const mails = ctx.server.mails.length;
    const res = await publicPost('contact', contact());
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/Ďakujeme/);
    const id = await latestId('contact');
    const record = (await ctx.admin.get(`/api/form/contact/${id}`)).json().data;
    expect(record).toMatchObject({
      id,
      company: 'Acme s.r.o.',
      name: 'Ján Novák',
      email: 'jan@example.com',
      phone: '+421 900 123 456',
      message: 'Dobrý deň, máte voľné kapacity?',
      language_code: 'sk',
      language: { code: 'sk', title: 'Slovenčina' },
      user: null,
      created_at: expect.any(String),
      deleted_at: null,
    });
    const sent = ctx.server.mails.slice(mails);
    expect(sent.map((m) => m.to)).toEqual(['office@example.com', 'jan@example.com']);
    expect(sent[0]?.html).toContain('Ján Novák');
    expect(sent[0]).toMatchObject({ replyTo: 'jan@example.com' });
  });

  it('a price offer round-trips every field of docs/spec-index.md S2.3; the confirmation goes out in English', async () => {
    const mails = ctx.server.mails.length;
    expect((await publicPost('price', price())).statusCode).toBe(201);
    const id = await latestId('price');
    const { locale: _locale, ...fields } = price();
    expect((await ctx.admin.get(`/api/form/price/${id}`)).json().data).toMatchObject({
      ...fields,
      id,
      language_code: 'en',
      deleted_at: null,
    });
    const sent = ctx.server.mails.slice(mails);
    expect(sent.map((m) => m.to)).toEqual(['office@example.com', 'eva@example.com']);
    expect(sent[1]?.html).toContain('lang="en"');
  });

  it('a registration round-trips every field and its cars in order; blank car rows are dropped', async () => {
    const body = registration();
    body.cars = [...body.cars, { type: '', capacity: '', count: '', license: '' }] as typeof body.cars;
    expect((await publicPost('registration', body)).statusCode).toBe(201);
    const id = await latestId('registration');
    const { locale: _locale, ...fields } = registration();
    expect((await ctx.admin.get(`/api/form/registration/${id}`)).json().data).toEqual({
      ...fields,
      cars: [
        { type: 'Tatra 815', capacity: '20 t', count: 2, license: 'ZA-123AB' },
        { type: 'Volvo FH', capacity: '24 t', count: 1, license: 'ZA-456CD' },
      ],
      id,
      language_code: 'en',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
    });
  });

  it('a registration without cars_total counts its cars; other cars alone are enough', async () => {
    const { cars_total: _t, ...body } = registration();
    expect((await publicPost('registration', body)).statusCode).toBe(201);
    expect(
      (await ctx.admin.get(`/api/form/registration/${await latestId('registration')}`)).json().data.cars_total,
    ).toBe(3);
    expect((await publicPost('registration', { ...body, cars: [] })).statusCode).toBe(201);
  });

  it('HTML in the fields is stored as typed and escaped in the mail', async () => {
    const mails = ctx.server.mails.length;
    const evil = '<script>alert(1)</script><b>bold</b>';
    expect(
      (await publicPost('contact', contact({ name: evil, message: `<img src=x onerror=alert(1)>` }))).statusCode,
    ).toBe(201);
    const record = (await ctx.admin.get(`/api/form/contact/${await latestId('contact')}`)).json().data;
    expect(record.name).toBe(evil);
    expect(record.message).toBe('<img src=x onerror=alert(1)>');
    const [staff] = ctx.server.mails.slice(mails);
    expect(staff?.html).not.toContain('<script>');
    expect(staff?.html).not.toContain('<img src=x');
    expect(staff?.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });
});

describe('public forms: the mails cannot be used as a relay', () => {
  it('the visitor gets a fixed confirmation that repeats only their name; the message goes to staff only', async () => {
    const mails = ctx.server.mails.length;
    const spam = 'Buy cheap watches at http://spam.example/now';
    const res = await publicPost('contact', contact({ name: 'Eva Nová', email: 'victim@example.org', message: spam }));
    expect(res.statusCode).toBe(201);
    const sent = ctx.server.mails.slice(mails);
    expect(sent.map((m) => m.to)).toEqual(['office@example.com', 'victim@example.org']);
    const [staff, confirmation] = sent;
    expect(staff?.html).toContain('spam.example');
    expect(confirmation?.subject).toBe('Ďakujeme, vašu správu sme prijali');
    expect(confirmation?.text).toContain('Eva Nová');
    for (const part of [confirmation?.html, confirmation?.text, confirmation?.subject]) {
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('watches');
    }
  });

  it("the staff notification writes the submission's time in the spec's Slovak format, in the site's zone", async () => {
    const mails = ctx.server.mails.length;
    expect((await publicPost('contact', contact({ email: 'dated@example.org' }))).statusCode).toBe(201);
    const [staff] = ctx.server.mails.slice(mails);
    const shown = staff?.html.replace(/<[^>]*>/g, ' ') ?? '';
    expect(shown).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(shown).toMatch(/Odoslané\s*\d{1,2}\.\d{1,2}\.\d{4} \d{2}:\d{2}:\d{2}/);
  });

  it('an address gets at most one confirmation a day, however many forms name it', async () => {
    const mails = ctx.server.mails.length;
    for (let i = 0; i < 3; i++) {
      expect((await publicPost('contact', contact({ email: 'Once.A.Day@example.org' }))).statusCode).toBe(201);
    }
    expect((await publicPost('price', price({ email: 'once.a.day@example.org' }))).statusCode).toBe(201);
    const to = ctx.server.mails.slice(mails).map((m) => m.to);
    expect(to.filter((a) => a.toLowerCase() === 'once.a.day@example.org')).toHaveLength(1);
    expect(to.filter((a) => a === 'office@example.com')).toHaveLength(4);
  });

  it('the mails are jobs in the database when the answer comes, sent afterwards', async () => {
    const mails = ctx.server.mails.length;
    await ctx.server.app.jobs.stop();
    const res = await publicPost('contact', contact({ email: 'queued@example.org' }), { sendMails: false });
    expect(res.statusCode).toBe(201);
    const queued = await ctx.server.ctx.db.select().from(jobs);
    expect(queued.map((j) => j.kind).sort()).toEqual(['form_confirmation', 'form_staff_mail']);
    expect(ctx.server.mails.length).toBe(mails);
    ctx.server.app.jobs.start();
    await ctx.server.app.jobs.drain();
    expect(ctx.server.mails.slice(mails).map((m) => m.to)).toEqual(['office@example.com', 'queued@example.org']);
    expect(await ctx.server.ctx.db.select().from(jobs)).toEqual([]);
  });
});

describe('public forms: refused input', () => {
  it('missing fields → 422 with each field key, nothing stored, no mail', async () => {
    const before = {
      contact: await totalOf('contact'),
      price: await totalOf('price'),
      registration: await totalOf('registration'),
    };
    const mails = ctx.server.mails.length;
    let res = await publicPost('contact', { locale: 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['errors.min2'],
      email: ['errors.email'],
      message: ['errors.required'],
    });
    res = await publicPost('price', { name: 'Firma', email: 'not-an-email' });
    expect(res.json().errors).toEqual({
      email: ['errors.email'],
      material: ['errors.required'],
      phone: ['errors.required'],
      contact: ['errors.required'],
    });
    res = await publicPost('registration', { name: 'Firma', email: 'a@example.com', cars: [{ capacity: '5 t' }] });
    expect(res.json().errors).toEqual({ 'cars.0.type': ['errors.required'] });
    res = await publicPost('registration', { name: 'Firma', email: 'a@example.com', cars: [] });
    expect(res.json().errors).toEqual({ cars: ['errors.required'] });
    res = await publicPost('contact', contact({ name: ['x', 'y'], phone: 'call me', email: { a: 1 } }));
    expect(res.json().errors).toEqual({ name: ['errors.min2'], phone: ['errors.invalid'], email: ['errors.email'] });
    expect(await totalOf('contact')).toBe(before.contact);
    expect(await totalOf('price')).toBe(before.price);
    expect(await totalOf('registration')).toBe(before.registration);
    expect(ctx.server.mails.length).toBe(mails);
  });

  it('a body over 64 KB → 413 and nothing stored', async () => {
    const before = await totalOf('contact');
    const res = await publicPost('contact', contact({ message: 'x'.repeat(FORM_LIMITS.bodyBytes + 10) }));
    expect(res.statusCode).toBe(413);
    const page = await publicPost('contact', urlencoded({ message: 'x'.repeat(FORM_LIMITS.bodyBytes + 10) }), {
      headers: FORM_POST,
    });
    expect(page.statusCode).toBe(413);
    expect(page.body).toContain('The form is too long.');
    expect(await totalOf('contact')).toBe(before);
  });

  it('a filled honeypot is answered like a success, but nothing is stored and no mail is sent', async () => {
    const before = await totalOf('contact');
    const mails = ctx.server.mails.length;
    const res = await publicPost('contact', contact({ [FORM_HONEYPOT]: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/Ďakujeme/);
    const form = await publicPost('price', urlencoded({ ...price(), [FORM_HONEYPOT]: 'x' } as Record<string, string>), {
      headers: FORM_POST,
    });
    expect(form.statusCode).toBe(303);
    expect(await totalOf('contact')).toBe(before);
    expect(ctx.server.mails.length).toBe(mails);
  });

  it('an unknown kind → 404; multipart → 415; a post from another site → 403', async () => {
    expect((await publicPost('order', contact())).statusCode).toBe(404);
    const multipart = await publicPost(
      'contact',
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nX\r\n--b--\r\n',
      {
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
    );
    expect(multipart.statusCode).toBe(415);
    const foreign = await publicPost('contact', contact(), { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    const own = await publicPost('contact', contact(), { headers: { origin: 'http://backoffice.test' } });
    expect(own.statusCode).toBe(201);
  });

  it(`a flood from one address → 429 after ${FORM_LIMITS.perAddress} posts; another address still gets through`, async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < FORM_LIMITS.perAddress; i++) {
      expect((await publicPost('contact', contact(), { address })).statusCode).toBe(201);
    }
    const refused = await publicPost('contact', contact(), { address });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await publicPost('price', price(), { address })).statusCode).toBe(429);
    const typed = { name: 'Ján Typed', email: 'jan.typed@example.com', message: 'Kept when refused', locale: 'en' };
    const page = await publicPost('contact', urlencoded(typed), { address, headers: FORM_POST });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('You have sent too many forms.');
    // What the visitor typed stays in the form; nothing of it was stored.
    expect(page.body).toContain('value="Ján Typed"');
    expect(page.body).toContain('Kept when refused');
    expect((await publicPost('contact', contact(), { address: '192.0.2.78' })).statusCode).toBe(201);
  });

  it('refused posts (errors) do not count against the limit; junk has its own, higher cap', async () => {
    const address = '192.0.2.91';
    for (let i = 0; i < FORM_LIMITS.perAddress + 3; i++) {
      expect((await publicPost('contact', contact({ email: 'bad' }), { address })).statusCode).toBe(422);
    }
    for (let i = 0; i < FORM_LIMITS.perAddress; i++) {
      expect((await publicPost('contact', contact(), { address })).statusCode).toBe(201);
    }
    expect((await publicPost('contact', contact(), { address })).statusCode).toBe(429);
    const junk = '192.0.2.92';
    const answers: number[] = [];
    for (let i = 0; i <= FORM_LIMITS.postsPerAddress; i++) {
      answers.push((await publicPost('contact', { nonsense: i }, { address: junk, sendMails: false })).statusCode);
    }
    expect(answers.filter((s) => s === 422)).toHaveLength(FORM_LIMITS.postsPerAddress);
    expect(answers.at(-1)).toBe(429);
  });

  it('a form page answered to its post tells the tracker the form page, so no view is counted under /api', async () => {
    const page = await publicPost('contact', urlencoded({ name: 'J', locale: 'sk' }), { headers: FORM_POST });
    expect(page.statusCode).toBe(422);
    expect(page.body).toContain('<script src="/tracker.js" defer data-path="/sk/form/contact">');
  });
});

describe('public forms: the plain HTML form post', () => {
  it('a valid post is stored and redirected to its page with ?sent=1, which thanks in the form language', async () => {
    const before = await totalOf('registration');
    const fields = {
      name: 'Form s.r.o.',
      email: 'form@example.com',
      'cars[0][type]': 'MAN TGS',
      'cars[0][count]': '3',
      'cars[1][type]': '',
      cars_total: '',
      locale: 'en',
      [FORM_HONEYPOT]: '',
    };
    const res = await publicPost('registration', urlencoded(fields), { headers: FORM_POST });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/en/form/registration?sent=1');
    expect(await totalOf('registration')).toBe(before + 1);
    const record = (await ctx.admin.get(`/api/form/registration/${await latestId('registration')}`)).json().data;
    expect(record.cars).toEqual([{ type: 'MAN TGS', capacity: '', count: 3, license: '' }]);
    const page = await ctx.server.app.inject({ url: '/en/form/registration?sent=1' });
    expect(page.body).toContain('Thank you, your registration has been sent.');
  });

  it('errors re-render the page (422) with each error beside its field and the values kept, escaped', async () => {
    const res = await publicPost(
      'contact',
      urlencoded({ name: '<b>J</b>', email: 'bad', message: '', company: '"Quoted" & Co', locale: 'sk' }),
      { headers: FORM_POST },
    );
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<html lang="sk">');
    expect(res.body).toContain('id="f-email-error"');
    expect(res.body).toContain('Zadajte platnú e-mailovú adresu.');
    expect(res.body).toContain('value="&quot;Quoted&quot; &amp; Co"');
    expect(res.body).toContain('value="&lt;b&gt;J&lt;/b&gt;"');
    expect(res.body).not.toContain('<b>J</b>');
  });
});

describe('site: the form pages', () => {
  it('shows each form in both locales with an off-screen honeypot; an unknown kind is the 404 page', async () => {
    for (const [url, text] of [
      ['/sk/form/contact', 'Kontaktný formulár'],
      ['/en/form/price', 'Request a price offer'],
      ['/en/form/registration', 'Licence plate'],
    ] as const) {
      const res = await ctx.server.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(text);
      expect(res.body).toMatch(/<div class="hp" aria-hidden="true">.*tabindex="-1" autocomplete="off"/s);
      expect(res.body).toContain(`action="/api/public/form/${url.split('/').pop()}"`);
      expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    }
    expect((await ctx.server.app.inject({ url: '/sk/form/order' })).statusCode).toBe(404);
    const footer = (await ctx.server.app.inject({ url: '/en/' })).body.split('<footer')[1] ?? '';
    expect(footer).toContain('href="/en/form/contact"');
    expect(footer).toContain('href="/en/form/price"');
    expect(footer).toContain('href="/en/form/registration"');
  });
});

describe('admin: submission lists', () => {
  let made: number[];
  beforeAll(async () => {
    for (const first of ['Zuzana', 'Adam', 'Maria']) {
      await publicPost('price', price({ name: `${first} list-test`, email: `${first.toLowerCase()}@list.example` }));
    }
    made = idsOf(await ctx.admin.get('/api/form/price/?search=list-test'));
  });

  it('lists name, email and created_at newest first; sorts by name; searches name, email and contact', async () => {
    const res = await ctx.admin.get('/api/form/price/?search=list-test');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { name: string }) => r.name)).toEqual([
      'Maria list-test',
      'Adam list-test',
      'Zuzana list-test',
    ]);
    expect(res.json().data[0]).toMatchObject({ email: 'maria@list.example', created_at: expect.any(String) });
    expect(res.json().abilities).toEqual({ create: false, update: false, destroy: true, restore: false });
    const byName = await ctx.admin.get('/api/form/price/?search=list-test&sort=name&order=asc');
    expect(byName.json().data.map((r: { name: string }) => r.name)[0]).toBe('Adam list-test');
    expect(idsOf(await ctx.admin.get('/api/form/price/?search=adam@list'))).toHaveLength(1);
    expect((await listOf('price', ctx.admin, '&search=Eva Malá')).meta.total).toBeGreaterThan(0);
    expect((await listOf('contact', ctx.admin, '&search=Acme s.r.o.')).meta.total).toBeGreaterThan(0);
  });

  it('without a session → 401 on every route', async () => {
    const anon = new Agent(ctx.server.app);
    await anon.get('/sanctum/csrf-cookie');
    expect((await anon.get('/api/form/contact/')).statusCode).toBe(401);
    expect((await anon.get(`/api/form/price/${made[0]}`)).statusCode).toBe(401);
    expect((await anon.delete(`/api/form/price/${made[0]}`)).statusCode).toBe(401);
    expect((await anon.post('/api/form/price/array/destroy', { rows: made })).statusCode).toBe(401);
  });

  it('a role-2 editor reads lists and records but gets 403 when removing, one or in bulk', async () => {
    const list = await ctx.editor.get('/api/form/price/?search=list-test');
    expect(list.statusCode).toBe(200);
    expect(list.json().abilities.destroy).toBe(false);
    expect((await ctx.editor.get(`/api/form/price/${made[0]}`)).statusCode).toBe(200);
    expect((await ctx.editor.delete(`/api/form/price/${made[0]}`)).statusCode).toBe(403);
    expect((await ctx.editor.post('/api/form/price/array/destroy', { rows: made })).statusCode).toBe(403);
    expect(idsOf(await ctx.admin.get('/api/form/price/?search=list-test'))).toHaveLength(3);
  });

  it('the administrator removes one (soft, logged as Form) and the rest in bulk; the dashboard counts live ones', async () => {
    const before = (await ctx.admin.get('/api/stats/totals')).json().data.Form;
    const first = made[0] as number;
    const res = await ctx.admin.delete(`/api/form/price/${first}`);
    expect(res.statusCode).toBe(200);
    const [log] = (await ctx.admin.get('/api/user/logs/1')).json().data;
    expect(log).toMatchObject({ model: 'Form', route: 'formContact', row_id: first, action: 'destroy' });
    expect((await ctx.admin.get(`/api/form/price/${first}`)).json().data.deleted_at).toEqual(expect.any(String));
    expect((await ctx.admin.delete(`/api/form/price/${first}`)).statusCode).toBe(200);
    const bulk = await ctx.admin.post('/api/form/price/array/destroy', { rows: made });
    expect(bulk.json().count).toBe(2);
    expect(idsOf(await ctx.admin.get('/api/form/price/?search=list-test'))).toEqual([]);
    expect((await ctx.admin.get('/api/stats/totals')).json().data.Form).toBe(before - 3);
  });

  it('unknown ids and kinds → 404; a bulk without rows → 422; removing needs the CSRF token', async () => {
    expect((await ctx.admin.get('/api/form/contact/999999')).statusCode).toBe(404);
    expect((await ctx.admin.delete('/api/form/contact/999999')).statusCode).toBe(404);
    expect((await ctx.admin.get('/api/form/order/')).statusCode).toBe(404);
    expect((await ctx.admin.get('/api/form/contact/abc')).statusCode).toBe(404);
    expect((await ctx.admin.post('/api/form/contact/array/destroy', { rows: [] })).statusCode).toBe(422);
    const id = await latestId('contact');
    expect((await ctx.admin.delete(`/api/form/contact/${id}`, { csrf: false })).statusCode).toBe(419);
  });

  it('the contact detail names the site member who sent it', async () => {
    const input = contactFormSchema.parse(contact({ locale: 'en' }));
    const stored = await storeSubmission(ctx.server.ctx.db, { kind: 'contact', input }, { userId: 1 });
    const record = (await ctx.admin.get(`/api/form/contact/${stored.id}`)).json().data;
    expect(record.user).toEqual({ id: 1, name: 'Admin', surname: 'Administrator' });
    expect(record.language).toEqual({ code: 'en', title: 'English' });
  });
});
