import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { postMultipart, useSignedInServer } from '../test/content-cases.js';
import {
  articleInput,
  buildPartner,
  buildText,
  categoryInput,
  galleryInput,
  pageInput,
  partnerInput,
  referenceInput,
} from '../test/factories.js';
import { multipartFields, pngImage } from '../test/image-cases.js';
import { filesUnder } from '../test/media-faults.js';

// A write, its activity log entry and its revisions commit together (docs/features/revisions.md "One transaction
// per write"): when the history cannot be written, the write answers 500 and changes nothing.

const TEXTS = '/api/content/text';
const PAGES = '/api/content/page';
const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;

async function rows(query: ReturnType<typeof sql>) {
  return ((await db().execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}
const count = async (table: 'revisions' | 'activity_logs', model: string, id: number) => {
  const column = table === 'revisions' ? sql`record_id` : sql`row_id`;
  const [row] = await rows(sql`select count(*)::int as n from ${sql.identifier(table)}
    where model = ${model} and ${column} = ${id}`);
  return Number(row?.n);
};

/** Everything a write could change of a record: the record as read, its revisions, its log entries. */
async function stateOf(model: string, base: string, id: number) {
  const record = (await ctx.admin.get(`${base}/${id}`)).json().data;
  return { record, revisions: await count('revisions', model, id), logs: await count('activity_logs', model, id) };
}

/** Makes every insert into `table` fail until `afterEach` drops the trigger. */
let failing: string | undefined;
async function failInserts(table: 'revisions' | 'activity_logs') {
  await db().execute(
    sql.raw(`create function fail_insert() returns trigger language plpgsql as $$
    begin raise exception 'test: % refused', tg_table_name; end $$`),
  );
  await db().execute(
    sql.raw(`create trigger fail_insert before insert on ${table} for each statement execute function fail_insert()`),
  );
  failing = table;
}
afterEach(async () => {
  if (!failing) return;
  await db().execute(sql.raw(`drop trigger fail_insert on ${failing}`));
  await db().execute(sql`drop function fail_insert()`);
  failing = undefined;
});

async function textBody(id: number, title: string) {
  const current = (await ctx.admin.get(`${TEXTS}/${id}`)).json().data;
  return { ...current, langs: { ...current.langs, sk: { ...current.langs.sk, title } } };
}

describe('a write and its history commit together', () => {
  it('a save writes the record, one log entry and one revision', async () => {
    const id = await buildText(db(), { title: 'Cestovný poriadok' });
    const before = await stateOf('Text', TEXTS, id);
    const res = await ctx.admin.post(`${TEXTS}/${id}`, await textBody(id, 'Cestovný poriadok 2027'));
    expect(res.statusCode, res.body).toBe(200);
    const after = await stateOf('Text', TEXTS, id);
    expect(after.record.langs.sk.title).toBe('Cestovný poriadok 2027');
    // The text was built without a revision: the version before this first save is kept too (`original`).
    expect(after.revisions).toBe(before.revisions + 2);
    expect(after.logs).toBe(before.logs + 1);
    const again = await ctx.admin.post(`${TEXTS}/${id}`, await textBody(id, 'Cestovný poriadok 2028'));
    expect(again.statusCode, again.body).toBe(200);
    expect((await stateOf('Text', TEXTS, id)).revisions).toBe(before.revisions + 3);
    // A save of the form as it was loaded changes nothing: no new version.
    const same = await ctx.admin.post(`${TEXTS}/${id}`, await textBody(id, 'Cestovný poriadok 2028'));
    expect(same.statusCode, same.body).toBe(200);
    expect((await stateOf('Text', TEXTS, id)).revisions).toBe(before.revisions + 3);
  });

  it.each(['revisions', 'activity_logs'] as const)(
    'a save whose %s insert fails answers 500 and leaves the record, its history and its log as they were',
    async (table) => {
      const id = await buildText(db(), { title: 'Zľavy' });
      const body = await textBody(id, 'Zľavy na leto');
      const before = await stateOf('Text', TEXTS, id);
      await failInserts(table);
      const res = await ctx.admin.post(`${TEXTS}/${id}`, body);
      expect(res.statusCode, res.body).toBe(500);
      expect(await stateOf('Text', TEXTS, id)).toEqual(before);
    },
  );

  it('a create whose revision fails answers 500 and leaves no record', async () => {
    const last = await buildText(db(), { title: 'Posledný' });
    const body = await textBody(last, 'Nový text');
    const total = async () => Number((await rows(sql`select count(*)::int as n from texts`))[0]?.n);
    const before = await total();
    await failInserts('revisions');
    const res = await ctx.admin.post(`${TEXTS}/`, { ...body, id: undefined, updated_at: undefined });
    expect(res.statusCode, res.body).toBe(500);
    expect(await total()).toBe(before);
    expect(await rows(sql`select id from activity_logs where model = 'Text' and row_id > ${last}`)).toEqual([]);
  });

  it('a delete, a restore and a revision restore whose revision fails change nothing', async () => {
    const id = await buildText(db(), { title: 'Oznam' });
    for (const title of ['Oznam 2', 'Oznam 3']) {
      const saved = await ctx.admin.post(`${TEXTS}/${id}`, await textBody(id, title));
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const [, first] = (await ctx.admin.get(`${TEXTS}/${id}/revisions`)).json().data;
    const removed = await buildText(db(), { title: 'Starý oznam' });
    expect((await ctx.admin.delete(`${TEXTS}/${removed}`)).statusCode).toBe(200);
    const before = [await stateOf('Text', TEXTS, id), await stateOf('Text', TEXTS, removed)];
    await failInserts('revisions');
    expect((await ctx.admin.delete(`${TEXTS}/${id}`)).statusCode).toBe(500);
    expect((await ctx.admin.post(`${TEXTS}/${removed}/restore`)).statusCode).toBe(500);
    const reverted = await ctx.admin.post(`${TEXTS}/${id}/revisions/${first.id}/restore`, {
      updated_at: before[0]?.record.updated_at,
    });
    expect(reverted.statusCode, reverted.body).toBe(500);
    expect([await stateOf('Text', TEXTS, id), await stateOf('Text', TEXTS, removed)]).toEqual(before);
    expect(before[1]?.record.deleted_at).not.toBeNull();
  });

  it('a bulk action whose revisions fail changes none of its records', async () => {
    const ids = [await buildText(db(), { status: true }), await buildText(db(), { status: true })];
    const before = await Promise.all(ids.map((id) => stateOf('Text', TEXTS, id)));
    await failInserts('revisions');
    for (const action of ['hide', 'destroy']) {
      const res = await ctx.admin.post(`${TEXTS}/array/${action}`, { rows: ids });
      expect(res.statusCode, res.body).toBe(500);
    }
    expect(await Promise.all(ids.map((id) => stateOf('Text', TEXTS, id)))).toEqual(before);
  });

  it('an order change whose revision fails keeps the old order', async () => {
    const id = await buildPartner(db());
    const before = await stateOf('Partner', '/api/partner', id);
    await failInserts('revisions');
    const res = await ctx.admin.post(`/api/partner/order/${id}`, { order: before.record.order + 7 });
    expect(res.statusCode, res.body).toBe(500);
    expect(await stateOf('Partner', '/api/partner', id)).toEqual(before);
  });
});

describe('image uploads of a write whose history fails', () => {
  const folder = (id?: number) => join(ctx.server.config.mediaDir, 'page', id === undefined ? '' : String(id));
  const files = (id: number) => (existsSync(folder(id)) ? readdirSync(folder(id)).sort() : []);

  it('an update keeps the old image and its file, and removes the new file', async () => {
    const input = pageInput({ title: 'Stránka s obrázkom' });
    const created = await postMultipart(ctx.admin, `${PAGES}/`, multipartFields({ ...input, image: await pngImage() }));
    expect(created.statusCode, created.body).toBe(201);
    const { id, image, updated_at } = created.json().data;
    const before = await stateOf('Page', PAGES, id);
    const stored = files(id);
    expect(stored).toContain(image);
    await failInserts('revisions');
    const res = await postMultipart(
      ctx.admin,
      `${PAGES}/${id}`,
      multipartFields({ ...input, updated_at, image: await pngImage() }),
    );
    expect(res.statusCode, res.body).toBe(500);
    expect(await stateOf('Page', PAGES, id)).toEqual(before);
    expect(files(id)).toEqual(stored);
  });

  // Every resource with images, its table, its media folder and its image fields (docs/features/media-storage.md).
  const resources = [
    { base: PAGES, table: 'pages', media: 'page', fields: ['image'], input: async () => pageInput() },
    {
      base: '/api/content/category',
      table: 'categories',
      media: 'category',
      fields: ['image'],
      input: async () => categoryInput(),
    },
    {
      base: '/api/gallery',
      table: 'galleries',
      media: 'gallery',
      fields: ['image'],
      input: async () => galleryInput(),
    },
    {
      base: '/api/blog',
      table: 'articles',
      media: 'blog',
      fields: ['image', 'poster'],
      input: () => articleInput(db()),
    },
    {
      base: '/api/reference',
      table: 'reference_entries',
      media: 'reference',
      fields: ['image'],
      input: async () => referenceInput(),
    },
    { base: '/api/partner', table: 'partners', media: 'partner', fields: ['image'], input: async () => partnerInput() },
  ];
  it.each(
    resources.flatMap((r) => (['revisions', 'activity_logs'] as const).map((table) => [r.base, table, r] as const)),
  )(
    'a create under %s whose %s insert fails answers 500 and leaves no record and no file',
    async (_base, table, resource) => {
      const media = join(ctx.server.config.mediaDir, resource.media);
      const stored = filesUnder(media);
      const count = async () =>
        Number((await rows(sql`select count(*)::int as n from ${sql.identifier(resource.table)}`))[0]?.n);
      const total = await count();
      const images = Object.fromEntries(await Promise.all(resource.fields.map(async (f) => [f, await pngImage()])));
      await failInserts(table);
      const res = await postMultipart(
        ctx.admin,
        `${resource.base}/`,
        multipartFields({ ...(await resource.input()), ...images }),
      );
      expect(res.statusCode, res.body).toBe(500);
      expect(await count()).toBe(total);
      expect(filesUnder(media)).toEqual(stored);
    },
  );

  it('a create leaves no record and no folder', async () => {
    const folders = () => (existsSync(folder()) ? readdirSync(folder()).sort() : []);
    const before = folders();
    const pages = async () => Number((await rows(sql`select count(*)::int as n from pages`))[0]?.n);
    const total = await pages();
    await failInserts('revisions');
    const input = pageInput({ title: 'Nová stránka s obrázkom' });
    const res = await postMultipart(ctx.admin, `${PAGES}/`, multipartFields({ ...input, image: await pngImage() }));
    expect(res.statusCode, res.body).toBe(500);
    expect(await pages()).toBe(total);
    expect(folders()).toEqual(before);
  });
});
