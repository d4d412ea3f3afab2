import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { KEPT_ROWS, keepPage, keptPageCount, SNAPSHOT_KEY, tablesRead } from './kept-pages.js';
import { presentOnce } from './present-once.js';

// What a process keeps of the pages it read (resources/kept-pages.ts) without a database: the bound on its memory
// and the tables a statement reads. The checks against the database are in modules/articles/kept-pages.test.ts.

const rows = (n: number) => Array.from({ length: n }, (_, id) => ({ id, [SNAPSHOT_KEY]: '10:10:' }));

describe('pages kept in memory', () => {
  it('presents the same rows once per viewer, and shares what it made, frozen', () => {
    const kept = rows(3);
    let calls = 0;
    const present = (viewer: number) => (row: { id: number }) => {
      calls++;
      return { id: row.id, mine: row.id === viewer };
    };
    const first = presentOnce(kept, '1', present(1));
    expect(presentOnce(kept, '1', present(1))).toBe(first);
    expect(calls).toBe(3);
    const other = presentOnce(kept, '2', present(2));
    expect(other).not.toBe(first);
    expect(other.map((r) => r.mine)).toEqual([false, false, true]);
    // Another array of rows (a page read anew) is presented anew.
    expect(presentOnce(rows(3), '1', present(1))).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('keeps at most KEPT_ROWS rows per database handle, dropping the page used longest ago', () => {
    const db = {} as Db;
    const third = Math.ceil(KEPT_ROWS / 3);
    keepPage(db, 'a', ['articles'], rows(third));
    keepPage(db, 'b', ['articles'], rows(third));
    keepPage(db, 'c', ['articles'], rows(third));
    expect(keptPageCount(db)).toBe(2);
    // A page bigger than the bound alone is still kept, alone.
    keepPage(db, 'd', ['articles'], rows(KEPT_ROWS + 1));
    expect(keptPageCount(db)).toBe(1);
    // An empty page has no snapshot and is not kept.
    keepPage({} as Db, 'e', ['articles'], []);
    expect(keptPageCount({} as Db)).toBe(0);
  });

  it('a kept row cannot be changed by an answer that reads it', () => {
    const db = {} as Db;
    const page = [{ id: 1, categories: [{ id: 2, title: 'A' }], [SNAPSHOT_KEY]: '10:10:' }];
    keepPage(db, 'a', ['articles'], page);
    expect(() => {
      (page[0]?.categories[0] as { title: string }).title = 'B';
    }).toThrow(TypeError);
  });

  it('reads the tables after from and join, as drizzle prints them', () => {
    expect(
      tablesRead(
        'select (select json_agg(x) from "category_langs" c where c.id = 1) from "articles" inner join "article_langs" on true left join (select "id" from "articles") "k" on true',
      ),
    ).toEqual(['article_langs', 'articles', 'category_langs']);
  });
});
