import { articleSchema, MODULES, ROLES } from '@backoffice/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLogs } from '../db/schema.js';
import type { AuthUser } from '../http/session.js';
import { articleCategorySpec, articleResource } from '../modules/articles/service.js';
import { postMultipart, useSignedInServer } from '../test/content-cases.js';
import {
  articleInput,
  buildArticle,
  buildCategory,
  buildGallery,
  buildPage,
  buildText,
  categoryOf,
} from '../test/factories.js';
import { Agent } from '../test/harness.js';
import { multipartFields, pngImage } from '../test/image-cases.js';
import { categoryAssigner } from './assign-category.js';
import { duplicator } from './duplicate.js';

// The bulk "duplicate" and "assign a category" of the content lists (docs/features/content.md "Duplicate and assign a
// category").

const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const record = async (base: string, id: number) => (await ctx.admin.get(`${base}/${id}`)).json().data;
const newest = async (base: string) => (await ctx.admin.get(`${base}/?sort=id&order=desc&per_page=1`)).json().data[0];
const logged = (model: string, ids: number[], action: string) =>
  db()
    .select({ row_id: activityLogs.row_id })
    .from(activityLogs)
    .where(and(eq(activityLogs.model, model), eq(activityLogs.action, action), inArray(activityLogs.row_id, ids)));

describe('bulk duplicate', () => {
  it('copies a news article as a hidden draft: titles marked, free title_urls, links kept, its own image file', async () => {
    const input = await articleInput(db(), { title: 'Harvest news', status: true });
    const created = await postMultipart(
      ctx.admin,
      '/api/blog/',
      multipartFields({ ...input, image: await pngImage() }),
    );
    expect(created.statusCode).toBe(201);
    const original = created.json().data;
    expect(original.image).toBeTruthy();

    const res = await ctx.admin.post('/api/blog/array/duplicate', { rows: [original.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Duplicated: 1.', count: 1 });
    const copy = await record('/api/blog', (await newest('/api/blog')).id);
    expect(copy.id).not.toBe(original.id);
    expect(copy.status).toBe(false);
    expect(copy.langs.sk.title).toBe('Harvest news sk (kópia)');
    expect(copy.langs.en.title).toBe('Harvest news en (copy)');
    expect(copy.langs.sk.title_url).toBe(`${original.langs.sk.title_url}-kopia`);
    expect(copy.langs.en.title_url).toBe(`${original.langs.en.title_url}-copy`);
    expect(copy.langs.sk.content).toBe(original.langs.sk.content);
    expect(copy.categories).toEqual(original.categories);
    // Its own file under its own folder: removing the original's image leaves the copy's served.
    expect(copy.image).toBeTruthy();
    expect(copy.image).not.toBe(original.image);
    const copyUrl = `/gallery/blog/${copy.id}/${copy.image}`;
    expect((await ctx.admin.get(copyUrl)).statusCode).toBe(200);
    expect((await ctx.admin.get(`/gallery/blog/${copy.id}/thumb/${copy.image}`)).statusCode).toBe(200);
    const cleared = await postMultipart(
      ctx.admin,
      `/api/blog/${original.id}`,
      multipartFields({ ...input, image: '@delete@', updated_at: original.updated_at }),
    );
    expect(cleared.statusCode).toBe(200);
    expect((await ctx.admin.delete(`/api/blog/${original.id}`)).statusCode).toBe(200);
    expect((await ctx.admin.get(copyUrl)).statusCode).toBe(200);

    // Logged and kept as a create.
    expect(await logged('Blog', [copy.id], 'store')).toHaveLength(1);
    const revisions = (await ctx.admin.get(`/api/blog/${copy.id}/revisions`)).json().data;
    expect(revisions.map((r: { action: string }) => r.action)).toEqual(['store']);
  });

  it('copies several records in one go; a second copy gets the next free title_url; removed ids are left out', async () => {
    const a = await buildText(db(), { title: 'Opening hours' });
    const b = await buildArticle(db(), { title: 'Twice copied' });
    const gone = await buildArticle(db(), { title: 'Removed one' });
    await ctx.admin.delete(`/api/blog/${gone}`);
    const first = await ctx.editor.post('/api/blog/array/duplicate', { rows: [b, b, gone] });
    expect(first.json().count).toBe(1);
    const second = await ctx.editor.post('/api/blog/array/duplicate', { rows: [b] });
    expect(second.json().count).toBe(1);
    const copy = await record('/api/blog', (await newest('/api/blog')).id);
    expect(copy.langs.sk.title).toBe('Twice copied sk (kópia)');
    expect(copy.langs.sk.title_url).toBe(`${(await record('/api/blog', b)).langs.sk.title_url}-kopia-2`);
    // A resource without title_url (texts) copies its titles and content alike.
    expect((await ctx.editor.post('/api/content/text/array/duplicate', { rows: [a] })).json().count).toBe(1);
    const text = await record('/api/content/text', (await newest('/api/content/text')).id);
    expect(text.langs.en.title).toBe('Opening hours en (copy)');
    expect(text.status).toBe(false);
  });

  it("a page's copy takes no place in the navigation and hosts no module", async () => {
    const page = await buildPage(db(), { title: 'Our news', module_id: MODULES.blog });
    expect((await ctx.admin.post('/api/content/page/array/duplicate', { rows: [page] })).json().count).toBe(1);
    const copy = await record('/api/content/page', (await newest('/api/content/page')).id);
    expect(copy.langs.sk.title).toBe('Our news sk (kópia)');
    expect(copy.module_id).toBeNull();
    expect(copy.navigation.value).toBe(false);
    expect((await record('/api/content/page', page)).module_id).toBe(MODULES.blog);
  });

  it('galleries offer no duplicate (404); bounded ids (422); 401 without a session; 403 for a role that may not create', async () => {
    const gallery = await buildGallery(db());
    expect((await ctx.admin.post('/api/gallery/array/duplicate', { rows: [gallery] })).statusCode).toBe(404);
    const tooMany = await ctx.admin.post('/api/blog/array/duplicate', {
      rows: Array.from({ length: 1001 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors)).toEqual(['rows']);
    expect((await ctx.admin.post('/api/blog/array/duplicate', { rows: [] })).statusCode).toBe(422);
    const anonymous = new Agent(ctx.server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post('/api/blog/array/duplicate', { rows: [1] })).statusCode).toBe(401);
    // Every role that signs in may create content; the operation itself still asks the policy.
    const member = { id: 1, role_id: ROLES.member } as AuthUser;
    const article = await buildArticle(db());
    const duplicate = duplicator({ resource: articleResource(db()), body: articleSchema });
    await expect(duplicate(member, [article])).rejects.toMatchObject({ status: 403 });
  });
});

describe('bulk assign a category', () => {
  it('adds the category to the selected news, keeping their others, logged as updates with revisions', async () => {
    const other = await categoryOf(db(), MODULES.blog);
    const category = await buildCategory(db(), { title: 'Events', module_id: MODULES.blog });
    const a = await buildArticle(db(), { title: 'Concert' });
    const b = await buildArticle(db(), { title: 'Fair', categories: [other, category] });
    const res = await ctx.editor.post('/api/blog/array/category', { rows: [a, b], category_id: category });
    expect(res.statusCode).toBe(200);
    // Only the one that lacked it changed.
    expect(res.json()).toEqual({ message: 'Category assigned: 1.', count: 1 });
    expect((await record('/api/blog', a)).categories).toEqual([other, category].sort((x, y) => x - y));
    expect(await logged('Blog', [a], 'update')).toHaveLength(1);
    expect(await logged('Blog', [b], 'update')).toHaveLength(0);
    const listed = (await ctx.admin.get(`/api/blog/?category_id=${category}&per_page=100`)).json().data;
    expect(listed.map((r: { id: number }) => r.id).sort()).toEqual([a, b].sort());
    const revisions = (await ctx.admin.get(`/api/blog/${a}/revisions`)).json().data;
    expect(revisions.length).toBeGreaterThanOrEqual(1);
  });

  it('references and galleries take their own module’s categories; other lists offer none (404)', async () => {
    const galleryCategory = await buildCategory(db(), { title: 'Photos', module_id: MODULES.gallery });
    const gallery = await buildGallery(db());
    const res = await ctx.admin.post('/api/gallery/array/category', { rows: [gallery], category_id: galleryCategory });
    expect(res.json().count).toBe(1);
    expect((await record('/api/gallery', gallery)).categories).toEqual([galleryCategory]);
    expect((await ctx.admin.post('/api/partner/array/category', { rows: [1], category_id: 1 })).statusCode).toBe(404);
  });

  it('refuses a category of another module, a removed or missing one (422 on category_id); nothing changes', async () => {
    const article = await buildArticle(db(), { title: 'Unchanged' });
    const before = await record('/api/blog', article);
    const galleryCategory = await buildCategory(db(), { title: 'Wrong module', module_id: MODULES.gallery });
    const removed = await buildCategory(db(), { title: 'Removed category', module_id: MODULES.blog });
    await ctx.admin.delete(`/api/content/category/${removed}`);
    for (const category_id of [galleryCategory, removed, 999999]) {
      const res = await ctx.admin.post('/api/blog/array/category', { rows: [article], category_id });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ category_id: ['errors.requiredOption'] });
    }
    const missing = await ctx.admin.post('/api/blog/array/category', { rows: [article] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ category_id: ['errors.requiredOption'] });
    expect((await record('/api/blog', article)).updated_at).toBe(before.updated_at);
  });

  it('401 without a session; 403 for a role that may not update', async () => {
    const anonymous = new Agent(ctx.server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post('/api/blog/array/category', { rows: [1], category_id: 1 })).statusCode).toBe(401);
    const member = { id: 1, role_id: ROLES.member } as AuthUser;
    const assign = categoryAssigner(articleResource(db()), articleCategorySpec);
    await expect(assign(member, [1], 1)).rejects.toMatchObject({ status: 403 });
  });
});
