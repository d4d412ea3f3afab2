import { and, eq, inArray } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.js';
import { textLangs, texts } from '../db/schema.js';
import { useSignedInServer } from '../test/content-cases.js';
import {
  buildArticle,
  buildCategory,
  buildGallery,
  buildPage,
  buildPanel,
  buildPartner,
  buildReference,
  buildText,
  buildUser,
  textInput,
} from '../test/factories.js';
import { watchTransactions } from '../test/open-transactions.js';
import { recordWrite } from './revisions.js';
import { bulkWrite } from './revisions-bulk.js';

// The revisions of a bulk action (docs/features/revisions.md "Bulk actions"): the records are read before its
// transaction opens, which then takes a few statements however many records it changes, and each revision is the
// record as its form loads it once the action is done.

const TEXTS = '/api/content/text';
const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;

/** The statements sent inside a write's transaction while `work` runs. */
async function statementsInTransaction(work: () => Promise<unknown>) {
  const sent: string[] = [];
  const transactions = watchTransactions(db());
  const toQuery = PgDialect.prototype.sqlToQuery;
  const spy = vi.spyOn(PgDialect.prototype, 'sqlToQuery').mockImplementation(function (this: PgDialect, ...args) {
    const query = toQuery.apply(this, args);
    if (transactions.open()) sent.push(query.sql);
    return query;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
    transactions.restore();
  }
  return sent;
}

/** The record as the newest revision keeps it, and as the record's route answers it. */
async function keptAndCurrent(base: string, id: number) {
  const [newest] = (await ctx.admin.get(`${base}/${id}/revisions`)).json().data;
  const kept = (await ctx.admin.get(`${base}/${id}/revisions/${newest.id}`)).json().data;
  return { action: kept.action, kept: kept.record, current: (await ctx.admin.get(`${base}/${id}`)).json().data };
}

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.REVISIONS_KEEP;
});

describe('a bulk action', () => {
  it('changing 50 records sends a few statements inside its transaction, not a read per record', async () => {
    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => buildText(db(), { title: `Hromadný ${i}` })));
    for (const action of ['hide', 'publish', 'destroy'] as const) {
      let answer: { statusCode: number; body: string } | undefined;
      const sent = await statementsInTransaction(async () => {
        answer = await ctx.admin.post(`${TEXTS}/array/${action}`, { rows: ids });
      });
      expect(answer?.statusCode, answer?.body).toBe(200);
      // Lock and check, the action, its columns read back, the log entry, and the previous revisions, the insert
      // and the prune (docs/features/revisions.md).
      // The job runner's poll for due jobs may fall in the same moment on the pool; it is not the action's.
      const own = sent.filter((statement) => !/^\s*update "jobs"\s+set locked_until/.test(statement));
      expect(own.length, own.join('\n')).toBeLessThanOrEqual(10);
      expect(JSON.parse(answer?.body ?? '{}').count).toBe(50);
    }
    for (const id of [ids[0], ids[49]] as number[]) {
      const { action, kept, current } = await keptAndCurrent(TEXTS, id);
      expect(action).toBe('destroy');
      expect(kept).toEqual(current);
    }
  });

  it.each([
    ['texts', TEXTS, () => buildText(db())],
    ['panels', '/api/content/panel', () => buildPanel(db())],
    ['categories', '/api/content/category', () => buildCategory(db())],
    ['pages', '/api/content/page', () => buildPage(db())],
    ['galleries', '/api/gallery', () => buildGallery(db())],
    ['news articles', '/api/blog', () => buildArticle(db())],
    ['references', '/api/reference', () => buildReference(db())],
    ['partners', '/api/partner', () => buildPartner(db())],
  ] as const)('keeps each of the %s as its form loads it after the action', async (_name, base, build) => {
    const ids = [await build(), await build()];
    for (const action of ['hide', 'publish', 'destroy'] as const) {
      const res = await ctx.admin.post(`${base}/array/${action}`, { rows: ids });
      expect(res.statusCode, res.body).toBe(200);
      for (const id of ids) {
        const { action: kept, ...record } = await keptAndCurrent(base, id);
        expect(kept).toBe(action);
        expect(record.kept).toEqual(record.current);
        expect(record.kept.status).toBe(action !== 'hide');
      }
    }
  });

  it('reads again inside its transaction a record saved after it was read', async () => {
    const ids = [await buildText(db(), { title: 'Pred akciou' }), await buildText(db(), { title: 'Bez zmeny' })];
    const [changedMeanwhile, unchanged] = ids as [number, number];
    let saved = false;
    // Before the transaction: the record as its route answers it, and one of them saved right after it was read.
    // Inside (where a request would wait for the transaction): its title as the transaction sees it.
    const read = async (through: Db, id: number) => {
      if (through instanceof PgTransaction) {
        const [row] = await through
          .select({ title: textLangs.title })
          .from(textLangs)
          .where(and(eq(textLangs.text_id, id), eq(textLangs.language_code, 'sk')));
        return { readInside: true, title: row?.title };
      }
      const record = (await ctx.admin.get(`${TEXTS}/${id}`)).json().data;
      if (id === changedMeanwhile && !saved) {
        saved = true;
        const input = await textInput(db(), { title: 'Uložené medzitým' });
        const res = await ctx.admin.post(`${TEXTS}/${id}`, { ...input, updated_at: record.updated_at });
        expect(res.statusCode, res.body).toBe(200);
      }
      return record;
    };
    const { id: userId } = await buildUser(db());
    const hide = async (tx: Db) =>
      (
        await tx
          .update(texts)
          .set({ status: false, updated_at: new Date() })
          .where(inArray(texts.id, ids))
          .returning({ id: texts.id })
      ).map((row) => row.id);
    const changed = await bulkWrite(db(), { table: texts, read }, ids, false, hide, (tx, rowIds, current) =>
      recordWrite(tx, { userId, model: 'Text', rowIds, action: 'hide' }, current),
    );
    expect(saved).toBe(true);
    expect(changed.sort()).toEqual([...ids].sort());
    expect((await keptAndCurrent(TEXTS, changedMeanwhile)).kept).toEqual({
      readInside: true,
      title: 'Uložené medzitým sk',
    });
    const other = await keptAndCurrent(TEXTS, unchanged);
    expect(other.kept).toEqual(other.current);
    expect(other.kept.status).toBe(false);
  });

  it('with the history off reads no record', async () => {
    process.env.REVISIONS_KEEP = '0';
    const ids = [await buildText(db()), await buildText(db())];
    const { id: userId } = await buildUser(db());
    const read = vi.fn(async () => ({}));
    const changed = await bulkWrite(
      db(),
      { table: texts, read },
      ids,
      undefined,
      async () => ids,
      (tx, rowIds, current) => recordWrite(tx, { userId, model: 'Text', rowIds, action: 'destroy' }, current),
    );
    expect(changed).toEqual(ids);
    expect(read).not.toHaveBeenCalled();
  });
});
