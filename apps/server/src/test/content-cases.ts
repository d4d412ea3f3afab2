import { LOCALES, PAGE_LIKE_RICH_TEXT, type PageLikeLang } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { buildUser } from './factories.js';
import { Agent, startTestServer, type TestServer } from './harness.js';

export interface SignedIn {
  server: TestServer;
  /** The administrator (role 1), English. */
  admin: Agent;
  /** A role-2 editor, English. */
  editor: Agent;
}

/** A fresh server for the test file with an administrator and a role-2 editor signed in. */
export function useSignedInServer(): SignedIn {
  const ctx = {} as SignedIn;
  beforeAll(async () => {
    ctx.server = await startTestServer();
    ctx.admin = new Agent(ctx.server.app, 'en');
    await ctx.admin.login();
    const user = await buildUser(ctx.server.ctx.db, { role_id: 2 });
    ctx.editor = new Agent(ctx.server.app, 'en');
    await ctx.editor.login(user.email, user.plainPassword);
  });
  afterAll(() => ctx.server.close());
  return ctx;
}

/** POSTs fields as multipart/form-data, the way the admin sends a form (docs/api.md Writes); a Buffer is a file. */
export function postMultipart(agent: Agent, url: string, fields: Record<string, string | Buffer>) {
  const boundary = '----backoffice-test';
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"${Buffer.isBuffer(v) ? `; filename="upload.jpg"\r\nContent-Type: image/jpeg` : ''}\r\n\r\n`,
      ),
      Buffer.isBuffer(v) ? v : Buffer.from(v),
      Buffer.from('\r\n'),
    ]),
  );
  return agent.request({
    method: 'POST',
    url,
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** A save is refused with 422 and exactly `errors`, and the resource's list holds no more records than before. */
export async function expectRefused(agent: Agent, base: string, body: unknown, errors: Record<string, string[]>) {
  const total = async () => (await agent.get(`${base}/?per_page=100`)).json().meta.total;
  const before = await total();
  const res = await agent.post(`${base}/`, body as Record<string, unknown>);
  expect(res.statusCode).toBe(422);
  expect(res.json().errors).toEqual(errors);
  expect(await total()).toBe(before);
}

/** The ids of a list answer, in order. */
export const idsOf = (res: LightMyRequestResponse) => (res.json().data as { id: number }[]).map((r) => r.id);

/**
 * The behaviour every content resource shares (docs/api.md Writes, docs/spec-index.md S1.6): CSRF, stale updates and unknown
 * ids; an editor may not remove or restore; a removed record stays readable with deleted_at and is listed only
 * under trashed=only; restore brings it back; both are logged under `model`; bulk actions answer the count
 * they changed. `input(title)` is a valid body whose English title is `${title} en`.
 */
export function describeContentBehaviour(
  name: string,
  ctx: SignedIn,
  spec: {
    base: string;
    model: string;
    build: (status?: boolean) => Promise<number>;
    input: (title?: string) => Record<string, unknown> | Promise<Record<string, unknown>>;
  },
) {
  const { base, model } = spec;
  describe(`${name}: shared save rules`, () => {
    it('missing CSRF → 419 for a signed-in user', async () => {
      expect((await ctx.admin.post(`${base}/`, await spec.input(), { csrf: false })).statusCode).toBe(419);
    });

    it('a stale update → 409 and the newer save survives', async () => {
      const id = await spec.build();
      const loaded = (await ctx.admin.get(`${base}/${id}`)).json().data;
      const first = await ctx.admin.post(`${base}/${id}`, {
        ...(await spec.input('First')),
        updated_at: loaded.updated_at,
      });
      expect(first.statusCode).toBe(200);
      const second = await ctx.editor.post(`${base}/${id}`, {
        ...(await spec.input('Second')),
        updated_at: loaded.updated_at,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toMatch(/changed/);
      expect((await ctx.admin.get(`${base}/${id}`)).json().data.langs.en.title).toBe('First en');
    });

    it('unknown ids → 404, malformed ids → 404', async () => {
      expect((await ctx.admin.get(`${base}/999999`)).statusCode).toBe(404);
      expect((await ctx.admin.post(`${base}/999999`, await spec.input())).statusCode).toBe(404);
      expect((await ctx.admin.get(`${base}/abc`)).statusCode).toBe(404);
    });
  });

  describe(`${name}: delete, restore, bulk`, () => {
    it(`a role-2 editor gets 403 when deleting, bulk-removing or restoring a ${name}`, async () => {
      const id = await spec.build();
      expect((await ctx.editor.delete(`${base}/${id}`)).statusCode).toBe(403);
      expect((await ctx.editor.post(`${base}/array/destroy`, { rows: [id] })).statusCode).toBe(403);
      expect((await ctx.editor.post(`${base}/${id}/restore`)).statusCode).toBe(403);
      expect((await ctx.admin.get(`${base}/${id}`)).json().data.deleted_at).toBeNull();
      expect((await ctx.editor.get(`${base}/${id}`)).json().abilities).toEqual({
        create: true,
        update: true,
        destroy: false,
        restore: false,
      });
    });

    it('soft delete keeps the record with deleted_at; restore brings it back; both are logged', async () => {
      const id = await spec.build();
      // A search reads the record's removal from its language rows (recordKeysDrift).
      const search = `search=${encodeURIComponent((await ctx.admin.get(`${base}/${id}`)).json().data.langs.en.title)}`;
      expect((await ctx.admin.delete(`${base}/${id}`)).statusCode).toBe(200);
      expect((await ctx.admin.get(`${base}/${id}`)).json().data.deleted_at).not.toBeNull();
      expect(idsOf(await ctx.admin.get(`${base}/?per_page=100`))).not.toContain(id);
      expect(idsOf(await ctx.admin.get(`${base}/?trashed=only&per_page=100`))).toContain(id);
      expect(idsOf(await ctx.admin.get(`${base}/?${search}`))).not.toContain(id);
      expect(idsOf(await ctx.admin.get(`${base}/?${search}&trashed=only`))).toContain(id);
      expect(await recordKeysDrift(ctx.server.ctx.db)).toEqual([]);
      const restored = await ctx.admin.post(`${base}/${id}/restore`);
      expect(restored.json().data).toMatchObject({ id, deleted_at: null });
      expect(idsOf(await ctx.admin.get(`${base}/?${search}`))).toContain(id);
      expect(await recordKeysDrift(ctx.server.ctx.db)).toEqual([]);
      const log = (await ctx.admin.get('/api/user/logs/1')).json().data.slice(0, 2);
      expect(log.map((l: { model: string; action: string }) => `${l.model}:${l.action}`)).toEqual([
        `${model}:restore`,
        `${model}:destroy`,
      ]);
      expect((await ctx.admin.delete(`${base}/999999`)).statusCode).toBe(404);
    });

    it('bulk publish, hide and destroy answer the count of rows changed', async () => {
      const rows = [await spec.build(false), await spec.build(false)];
      const published = await ctx.admin.post(`${base}/array/publish`, { rows });
      expect(published.json()).toEqual({ message: 'Published: 2.', count: 2 });
      expect((await ctx.admin.post(`${base}/array/hide`, { rows: [rows[0]] })).json().count).toBe(1);
      expect(await recordKeysDrift(ctx.server.ctx.db)).toEqual([]);
      expect((await ctx.admin.post(`${base}/array/destroy`, { rows })).json().count).toBe(2);
      expect((await ctx.admin.post(`${base}/array/destroy`, { rows })).json().count).toBe(0);
      expect(await recordKeysDrift(ctx.server.ctx.db)).toEqual([]);
    });

    it('a bulk call without rows or with an unknown action is refused', async () => {
      expect((await ctx.admin.post(`${base}/array/publish`, { rows: [] })).statusCode).toBe(422);
      expect((await ctx.admin.post(`${base}/array/explode`, { rows: [1] })).statusCode).toBe(404);
    });
  });
}

/** Each record table and its language rows, which keep the record's keys (schema/base.ts recordKeys). */
export const RECORD_KEY_TABLES = [
  ['articles', 'article_langs', 'article_id'],
  ['texts', 'text_langs', 'text_id'],
  ['pages', 'page_langs', 'page_id'],
  ['categories', 'category_langs', 'category_id'],
  ['panels', 'panel_langs', 'panel_id'],
  ['galleries', 'gallery_langs', 'gallery_id'],
  ['reference_entries', 'reference_langs', 'reference_id'],
  ['partners', 'partner_langs', 'partner_id'],
  ['mail_templates', 'mail_template_langs', 'template_id'],
] as const;

/**
 * The language rows whose kept status, last change or removal (migration 0025) differ from their record's, as
 * `table:record id`: none, whatever wrote the records.
 */
export async function recordKeysDrift(db: Db): Promise<string[]> {
  const drift: string[] = [];
  for (const [owner, langs, column] of RECORD_KEY_TABLES) {
    const status = owner === 'mail_templates' ? sql`false` : sql`l.record_status <> o.status`;
    const { rows } = (await db.execute(sql`
      select l.${sql.identifier(column)} as id from ${sql.identifier(langs)} l
      join ${sql.identifier(owner)} o on o.id = l.${sql.identifier(column)}
      where ${status} or l.record_updated_at <> o.updated_at or l.record_deleted_at is distinct from o.deleted_at
      order by 1`)) as unknown as { rows: { id: number }[] };
    drift.push(...rows.map((r) => `${langs}:${r.id}`));
  }
  return drift;
}

/** A body with translated fields: `langs.sk`, `langs.en`. */
type LangsBody = { langs: Record<'sk' | 'en', Record<string, unknown>> };

/** Every rich-text field in `fields` (both locales) is sanitised on save: scripts and event handlers are gone. */
export function itStripsRichTextXss<B extends LangsBody>(
  ctx: SignedIn,
  base: string,
  input: () => B | Promise<B>,
  fields: readonly string[],
) {
  it(`rich-text XSS payloads are stripped in ${fields.join(', ')} of both locales`, async () => {
    const xss = '<p onclick="alert(1)">Hi<script>alert(1)</script></p><img src="x.png" onerror="alert(1)">';
    const body = await input();
    for (const locale of LOCALES) {
      body.langs[locale] = { ...body.langs[locale], ...Object.fromEntries(fields.map((f) => [f, xss])) };
    }
    const res = await ctx.admin.post(`${base}/`, body);
    expect(res.statusCode).toBe(201);
    const { langs } = res.json().data;
    for (const locale of LOCALES) {
      for (const field of fields) {
        expect(langs[locale][field]).not.toMatch(/script|onclick|onerror/i);
        expect(langs[locale][field]).toContain('<p>Hi</p>');
      }
    }
  });
}

/** A body with page-like langs (pages, categories): title, title_url, content, teaser, page_text, … per locale. */
type PageLikeBody = { langs: Record<'sk' | 'en', PageLikeLang> };

/** Every rich-text field of a page-like resource (content, teaser, page_text, both locales) is sanitised on save. */
export function itStripsPageLikeXss(ctx: SignedIn, base: string, input: () => PageLikeBody) {
  itStripsRichTextXss(ctx, base, input, PAGE_LIKE_RICH_TEXT);
}
