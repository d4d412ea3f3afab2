import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLogs, pageLangs, pages, texts } from '../db/schema.js';
import { useSignedInServer } from '../test/content-cases.js';
import { buildPage, buildText } from '../test/factories.js';
import { Agent } from '../test/harness.js';

// A bulk removal's "Undo" (docs/features/admin-ui.md): `POST …/array/restore` brings the rows back in one operation.

const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const removed = (table: typeof texts | typeof pages, ids: number[]) =>
  db()
    .select({ id: table.id, deleted_at: table.deleted_at })
    .from(table)
    .where(inArray(table.id, ids))
    .then((rows) => rows.filter((row) => row.deleted_at !== null).map((row) => row.id));

describe('bulk restore', () => {
  it('brings back the removed rows in one logged operation; rows not removed are left alone', async () => {
    const ids = [await buildText(db()), await buildText(db()), await buildText(db())];
    const gone = await ctx.admin.post('/api/content/text/array/destroy', { rows: ids.slice(0, 2) });
    expect(gone.json().count).toBe(2);

    const res = await ctx.admin.post('/api/content/text/array/restore', { rows: ids });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Restored: 2.', count: 2 });
    expect(await removed(texts, ids)).toEqual([]);
    const logged = await db()
      .select({ row_id: activityLogs.row_id })
      .from(activityLogs)
      .where(
        and(eq(activityLogs.model, 'Text'), eq(activityLogs.action, 'restore'), inArray(activityLogs.row_id, ids)),
      );
    expect(logged.map((l) => l.row_id).sort()).toEqual(ids.slice(0, 2).sort());
  });

  it('unauthenticated → 401, role 2 → 403, without the CSRF token → 419; nothing comes back', async () => {
    const id = await buildText(db());
    await ctx.admin.post('/api/content/text/array/destroy', { rows: [id] });
    const anonymous = new Agent(ctx.server.app, 'en');
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post('/api/content/text/array/restore', { rows: [id] })).statusCode).toBe(401);
    expect((await ctx.editor.post('/api/content/text/array/restore', { rows: [id] })).statusCode).toBe(403);
    const forged = await ctx.admin.post('/api/content/text/array/restore', { rows: [id] }, { csrf: false });
    expect(forged.statusCode).toBe(419);
    expect(await removed(texts, [id])).toEqual([id]);
  });

  it('a row a rule refuses (its address taken meanwhile, or by another row of the same undo) → 422, none restored', async () => {
    const first = await buildPage(db(), { title: 'Twin address' });
    await ctx.admin.post('/api/content/page/array/destroy', { rows: [first] });
    const second = await buildPage(db(), { title: 'Twin address' });
    await ctx.admin.post('/api/content/page/array/destroy', { rows: [second] });
    const other = await buildPage(db(), { title: 'Free address' });
    await ctx.admin.post('/api/content/page/array/destroy', { rows: [other] });

    const res = await ctx.admin.post('/api/content/page/array/restore', { rows: [other, first, second] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('langs.sk.title_url');
    expect((await removed(pages, [first, second, other])).sort()).toEqual([first, second, other].sort());
    const [lang] = await db().select().from(pageLangs).where(eq(pageLangs.page_id, first));
    expect(lang?.record_deleted_at).not.toBeNull();
  });

  it('bad rows are a 422 with the field key', async () => {
    const res = await ctx.admin.post('/api/content/text/array/restore', { rows: ['x'] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)[0]).toMatch(/^rows/);
  });
});
