import { FORM_HONEYPOT, FORM_LIMITS } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { contactForm } from '../../test/factories.js';
import { formCases, price, registration } from '../../test/form-cases.js';

const ctx = useSignedInServer();
const { publicPost, totalOf, latestId } = formCases(ctx);
const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM_POST = { 'content-type': 'application/x-www-form-urlencoded' };
const contact = contactForm;

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
    expect(shown).toMatch(/Dátum\s*\d{1,2}\.\d{1,2}\.\d{4} \d{2}:\d{2}:\d{2}/);
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
    expect(queued.map((j) => j.kind).sort()).toEqual(['change', 'form_confirmation', 'form_staff_mail']);
    expect(ctx.server.mails.length).toBe(mails);
    ctx.server.app.jobs.start();
    await ctx.server.app.jobs.drain();
    expect(ctx.server.mails.slice(mails).map((m) => m.to)).toEqual(['office@example.com', 'queued@example.org']);
    expect(await ctx.server.ctx.db.select().from(jobs)).toEqual([]);
  });
});

describe('public forms: all or nothing', () => {
  it('a post whose mail jobs cannot be queued stores nothing; the retry stores it once', async () => {
    const db = ctx.server.ctx.db;
    const first = (result: unknown) => (result as { rows: unknown[] }).rows[0];
    const rows = async (table: string, email: string) =>
      first(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where email = ${email}`));
    // Both failing posts come from the address that then posts its full allowance: a failed post is not counted.
    const address = '10.9.9.9';
    await db.execute(sql`create function refuse_staff_mail() returns trigger language plpgsql as $$
      begin if new.kind = 'form_staff_mail' then raise exception 'jobs refused'; end if; return new; end $$`);
    await db.execute(sql`create trigger refuse_staff_mail before insert on jobs
      for each row execute function refuse_staff_mail()`);
    try {
      const contactRes = await publicPost('contact', contact({ email: 'atomic@example.org' }), {
        sendMails: false,
        address,
      });
      expect(contactRes.statusCode).toBe(500);
      const registrationRes = await publicPost('registration', registration({ email: 'atomic@example.org' }), {
        sendMails: false,
        address,
      });
      expect(registrationRes.statusCode).toBe(500);
      expect(await rows('form_contacts', 'atomic@example.org')).toEqual({ n: 0 });
      expect(await rows('form_registrations', 'atomic@example.org')).toEqual({ n: 0 });
      const cars = await db.execute(sql`select count(*)::int as n from form_registration_cars c
        where not exists (select 1 from form_registrations r where r.id = c.registration_id)`);
      expect(first(cars)).toEqual({ n: 0 });
      expect(await db.select().from(jobs)).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger refuse_staff_mail on jobs`);
      await db.execute(sql`drop function refuse_staff_mail()`);
    }
    for (let i = 0; i < FORM_LIMITS.perAddress; i++) {
      expect((await publicPost('contact', contact({ email: 'atomic@example.org' }), { address })).statusCode).toBe(201);
    }
    expect(await rows('form_contacts', 'atomic@example.org')).toEqual({ n: FORM_LIMITS.perAddress });
  });
});

describe('public forms: refused input', () => {
  it("a JSON post's 422 is in the language its form names, whatever the browser's Accept-Language", async () => {
    const sk = await publicPost('contact', { locale: 'sk' }, { headers: { 'accept-language': 'en' } });
    expect(sk.statusCode).toBe(422);
    expect(sk.json().message).toBe('Odoslané údaje nie sú platné.');
    const en = await publicPost('contact', { locale: 'en' }, { headers: { 'accept-language': 'sk' } });
    expect(en.json().message).toBe('The data you sent is not valid.');
    // A form that names no language keeps the browser's.
    const none = await publicPost('contact', { name: 'x' }, { headers: { 'accept-language': 'sk' } });
    expect(none.json().message).toBe('Odoslané údaje nie sú platné.');
  });

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
    // The junk cap's page, like the accepted-posts one, gives the visitor's values back.
    const typed = { name: 'Eva Capped', email: 'eva.capped@example.com', message: 'Kept past the cap', locale: 'sk' };
    const page = await publicPost('contact', urlencoded(typed), { address: junk, headers: FORM_POST });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Odoslali ste príliš veľa formulárov.');
    expect(page.body).toContain('value="Eva Capped"');
    expect(page.body).toContain('value="eva.capped@example.com"');
    expect(page.body).toContain('Kept past the cap');
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
