import { contactFormSchema } from '@backoffice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { idsOf, useSignedInServer } from '../../test/content-cases.js';
import { contactForm } from '../../test/factories.js';
import { formCases, price } from '../../test/form-cases.js';
import { Agent } from '../../test/harness.js';
import { storeSubmission } from './service.js';

const ctx = useSignedInServer();
const { publicPost, listOf, latestId } = formCases(ctx);
const contact = contactForm;

describe('admin: submission lists', () => {
  let made: number[];
  beforeAll(async () => {
    for (const first of ['Zuzana', 'Adam', 'Maria']) {
      await publicPost('price', price({ name: `${first} list-test`, email: `${first.toLowerCase()}@list.example` }));
    }
    made = idsOf(await ctx.admin.get('/api/form/price/?search=list-test'));
    // A contact message from Acme s.r.o., as a visitor sends one.
    await publicPost('contact', contact());
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
    // Later pages (found by their keys first) hold what follows the first page.
    const second = await ctx.admin.get('/api/form/price/?search=list-test&sort=name&order=asc&per_page=2&page=2');
    expect(second.json().data.map((r: { name: string }) => r.name)).toEqual(['Zuzana list-test']);
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
    const stored = await ctx.server.ctx.db.transaction((tx) =>
      storeSubmission(tx, { kind: 'contact', input }, { userId: 1 }),
    );
    const record = (await ctx.admin.get(`/api/form/contact/${stored.id}`)).json().data;
    expect(record.user).toEqual({ id: 1, name: 'Admin', surname: 'Administrator' });
    expect(record.language).toEqual({ code: 'en', title: 'English' });
  });
});
