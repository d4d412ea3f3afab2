import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaDisk } from '../media/storage.js';
import { postMultipart, useSignedInServer } from '../test/content-cases.js';
import { buildPage, pageInput } from '../test/factories.js';
import { multipartFields, pngImage } from '../test/image-cases.js';
import { filesUnder } from '../test/media-faults.js';
import { watchTransactions } from '../test/open-transactions.js';

// A create's image files are written before its transaction opens, under an id reserved for the record
// (docs/features/media-storage.md, docs/features/revisions.md "One transaction per write"): a slow upload holds no
// database connection, and a create that fails afterwards leaves no file.

const PAGES = '/api/content/page';
const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const media = () => join(ctx.server.config.mediaDir, 'page');
const pageCount = async () =>
  Number(
    ((await db().execute(sql`select count(*)::int as n from pages`)) as unknown as { rows: { n: number }[] }).rows[0]
      ?.n,
  );
const createWithImage = async (title: string) =>
  postMultipart(ctx.admin, `${PAGES}/`, multipartFields({ ...pageInput({ title }), image: await pngImage() }));

/** Settles `work` or answers 'timed out' after `ms`. */
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a create with an image', () => {
  it('writes its files outside any transaction: another create is answered while its upload is held', async () => {
    const write = mediaDisk.writeFile;
    let held: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      held = resolve;
    });
    let reached: () => void = () => {};
    const writing = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const inTransaction: boolean[] = [];
    const transactions = watchTransactions(db());
    vi.spyOn(mediaDisk, 'writeFile').mockImplementation(async (path, data, flags) => {
      inTransaction.push(transactions.open());
      reached();
      await gate;
      return write(path, data, flags);
    });
    const slow = createWithImage('Pomalé nahrávanie');
    await writing;
    // On PGlite an open transaction holds the one connection; on both, a page create holds the pages' title_url
    // lock until it commits: another page create would wait for the held upload.
    const other = await within(5000, ctx.admin.post(`${PAGES}/`, pageInput({ title: 'Medzitým uložená' })));
    held();
    const created = await slow;
    expect(other === 'timed out' ? other : other.statusCode).toBe(201);
    expect(created.statusCode, created.body).toBe(201);
    transactions.restore();
    expect(inTransaction).not.toContain(true);
    const { id, image } = created.json().data;
    expect(filesUnder(join(media(), String(id)))).toEqual([image, `thumb/${image}`].sort());
  });

  it('refused inside its transaction (a title_url taken: 422) leaves no record and no file', async () => {
    await buildPage(db(), { title: 'Obsadená adresa' });
    const stored = filesUnder(media());
    const total = await pageCount();
    const res = await createWithImage('Obsadená adresa');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toHaveProperty(['langs.sk.title_url']);
    expect(await pageCount()).toBe(total);
    expect(filesUnder(media())).toEqual(stored);
  });

  it('whose insert fails (a database error: 500) leaves no record and no file', async () => {
    const stored = filesUnder(media());
    const total = await pageCount();
    await db().execute(
      sql.raw(`create function fail_page_insert() returns trigger language plpgsql as $$
      begin raise exception 'test: pages refused'; end $$`),
    );
    await db().execute(
      sql.raw(
        'create trigger fail_page_insert before insert on pages for each row execute function fail_page_insert()',
      ),
    );
    try {
      const res = await createWithImage('Neuložená stránka');
      expect(res.statusCode, res.body).toBe(500);
    } finally {
      await db().execute(sql.raw('drop trigger fail_page_insert on pages'));
      await db().execute(sql.raw('drop function fail_page_insert()'));
    }
    expect(await pageCount()).toBe(total);
    expect(filesUnder(media())).toEqual(stored);
  });

  it('is stored under its reserved id, and the next create takes the next one', async () => {
    const first = await createWithImage('Prvá s obrázkom');
    const second = await createWithImage('Druhá s obrázkom');
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    const [a, b] = [first.json().data, second.json().data];
    expect(b.id).toBeGreaterThan(a.id);
    for (const { id, image } of [a, b]) {
      expect(filesUnder(join(media(), String(id)))).toEqual([image, `thumb/${image}`].sort());
      const served = await ctx.server.app.inject({ method: 'GET', url: `/gallery/page/${id}/${image}` });
      expect(served.statusCode).toBe(200);
    }
  });
});
