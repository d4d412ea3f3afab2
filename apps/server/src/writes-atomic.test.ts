import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useSignedInServer } from './test/content-cases.js';
import { buildGallery, buildGalleryImage, buildUser } from './test/factories.js';
import { Agent } from './test/harness.js';
import { refusedInserts } from './test/refused-inserts.js';

// Every write of the admin is one operation (docs/ARCHITECTURE.md "How a save travels"): its rows, what it ends (a
// blocked user's sessions) and its log entry commit together. With the log refused, each write below answers 500
// and changes nothing; once the log is accepted again, the same request succeeds.

const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;

async function one(query: ReturnType<typeof sql>): Promise<Record<string, unknown> | undefined> {
  return ((await db().execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
}

const log = refusedInserts(db, 'activity_logs');
/** Makes every insert into the activity log fail until `afterEach` accepts it again. */
const refuseLog = () => log.refuse();
const acceptLog = () => log.accept();
afterEach(acceptLog);

describe('a write and its log entry commit together', () => {
  it('blocking a user: refused, the user stays active and signed in; then blocked and signed out', async () => {
    const member = await buildUser(db(), { role_id: 2 });
    const agent = new Agent(ctx.server.app, 'en');
    await agent.login(member.email, member.plainPassword);
    const block = () => ctx.admin.post('/api/user/array/block', { rows: [member.id] });
    await refuseLog();
    expect((await block()).statusCode).toBe(500);
    expect((await one(sql`select status from users where id = ${member.id}`))?.status).toBe(true);
    expect((await agent.get('/api/user/me')).statusCode).toBe(200);
    await acceptLog();
    expect((await block()).json()).toMatchObject({ count: 1 });
    expect((await agent.get('/api/user/me')).statusCode).toBe(401);
  });

  it("a user's update: refused, nothing changed", async () => {
    const member = await buildUser(db(), { role_id: 2, name: 'Before' });
    const record = (await ctx.admin.get(`/api/user/${member.id}`)).json().data;
    await refuseLog();
    const saved = await ctx.admin.post(`/api/user/${member.id}`, { ...record, name: 'After', password: '' });
    expect(saved.statusCode).toBe(500);
    expect((await one(sql`select name from users where id = ${member.id}`))?.name).toBe('Before');
  });

  it('removing a submission: refused, it stays', async () => {
    const row = await one(sql`insert into form_contacts (name, email, company)
      values ('Sender', 'sender@example.com', 'Firm') returning id`);
    await refuseLog();
    expect((await ctx.admin.delete(`/api/form/contact/${row?.id}`)).statusCode).toBe(500);
    expect((await one(sql`select deleted_at from form_contacts where id = ${row?.id}`))?.deleted_at).toBeNull();
  });

  it("a gallery image's titles and the gallery's order: refused, unchanged", async () => {
    const gallery = await buildGallery(db());
    const first = await buildGalleryImage(db(), gallery, { title: 'First', position: 1 });
    const second = await buildGalleryImage(db(), gallery, { title: 'Second', position: 2 });
    await refuseLog();
    const titles = { languages: { sk: { title: 'Nový' }, en: { title: 'New' } } };
    expect((await ctx.admin.post(`/api/gallery/image/${gallery}/${first.id}`, titles)).statusCode).toBe(500);
    const reordered = await ctx.admin.post(`/api/gallery/image/${gallery}/reorder`, {
      images: [second.id, first.id],
    });
    expect(reordered.statusCode).toBe(500);
    const positions = await db().execute(
      sql`select id, position from gallery_images where gallery_id = ${gallery} order by position`,
    );
    expect((positions as unknown as { rows: { id: number }[] }).rows.map((r) => r.id)).toEqual([first.id, second.id]);
    const title = await one(sql`select title from gallery_image_langs where gallery_image_id = ${first.id}
      and language_code = 'en'`);
    expect(title?.title).toBe('First en');
  });

  it('the two-factor policy: refused, unchanged', async () => {
    await db().execute(sql`insert into sign_in_policy (id, two_factor_required) values (1, true)
      on conflict (id) do update set two_factor_required = true`);
    const before = await one(sql`select two_factor_required from sign_in_policy where id = 1`);
    expect(before?.two_factor_required).toBe(true);
    await refuseLog();
    const saved = await ctx.admin.post('/api/user/two-factor/policy', { required: false });
    expect(saved.statusCode).toBe(500);
    expect(await one(sql`select two_factor_required from sign_in_policy where id = 1`)).toEqual(before);
  });
});
