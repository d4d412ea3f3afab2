import { afterEach, describe, expect, it } from 'vitest';
import { useSignedInServer } from '../test/content-cases.js';
import { textInput } from '../test/factories.js';
import { Agent } from '../test/harness.js';
import { changedKeys } from './revisions.js';

// The history of a record (docs/features/revisions.md): every save keeps a revision; a revision can be read and
// restored as a new save.

const BASE = '/api/content/text';
const ctx = useSignedInServer();

async function saveText(id: number | null, title: string, content = '<p>obsah</p>') {
  const input = await textInput(ctx.server.ctx.db);
  const stamp = id ? (await ctx.admin.get(`${BASE}/${id}`)).json().data.updated_at : undefined;
  const langs = { sk: { title, content }, en: { title: 'Text in English', content: '<p>content</p>' } };
  const res = await ctx.admin.post(id ? `${BASE}/${id}` : `${BASE}/`, { ...input, langs, updated_at: stamp });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data.id as number;
}

afterEach(() => {
  delete process.env.REVISIONS_KEEP;
});

describe('revisions', () => {
  it('every save keeps one, newest first, with who and which fields changed', async () => {
    const id = await saveText(null, 'Cenník');
    await saveText(id, 'Cenník 2026');
    await saveText(id, 'Cenník 2026', '<p>nové ceny</p>');
    const list = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json();
    expect(list.meta.total).toBe(3);
    expect(list.data.map((r: { action: string }) => r.action)).toEqual(['update', 'update', 'store']);
    expect(list.data[0].changed).toEqual(['langs.sk.content']);
    expect(list.data[1].changed).toEqual(['langs.sk.title']);
    expect(list.data[0].user).toMatchObject({ name: expect.any(String) });

    const oldest = list.data[2].id;
    const one = (await ctx.admin.get(`${BASE}/${id}/revisions/${oldest}`)).json().data;
    expect(one.record.langs.sk).toEqual({ title: 'Cenník', content: '<p>obsah</p>' });
    expect((await ctx.admin.get(`${BASE}/${id}/revisions/999999`)).statusCode).toBe(404);
    expect((await ctx.admin.get(`${BASE}/${id + 1000}/revisions/${oldest}`)).statusCode).toBe(404);
  });

  it('a restore writes the old values as a new save; a stale one is 409 and writes nothing', async () => {
    const id = await saveText(null, 'Doprava');
    await saveText(id, 'Doprava autobusom', '<p>linka 31</p>');
    const [latest, first] = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json().data;
    const loaded = (await ctx.admin.get(`${BASE}/${id}`)).json().data.updated_at;

    const stale = await ctx.admin.post(`${BASE}/${id}/revisions/${first.id}/restore`, {
      updated_at: '2000-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    expect((await ctx.admin.get(`${BASE}/${id}`)).json().data.langs.sk.title).toBe('Doprava autobusom');

    const res = await ctx.admin.post(`${BASE}/${id}/revisions/${first.id}/restore`, { updated_at: loaded });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.langs.sk).toEqual({ title: 'Doprava', content: '<p>obsah</p>' });
    const after = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json().data;
    expect(after[0]).toMatchObject({ action: 'revert', changed: ['langs.sk.title', 'langs.sk.content'] });
    expect(after[1].id).toBe(latest.id);
  });

  it('keeps the newest REVISIONS_KEEP per record', async () => {
    process.env.REVISIONS_KEEP = '3';
    const id = await saveText(null, 'Otváracie hodiny');
    for (const n of [1, 2, 3, 4]) await saveText(id, `Otváracie hodiny ${n}`);
    const list = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json();
    expect(list.meta.total).toBe(3);
    expect(list.data[0].changed).toEqual(['langs.sk.title']);
  });

  it('a bulk action keeps one revision of each record it changed and prunes each to REVISIONS_KEEP', async () => {
    process.env.REVISIONS_KEEP = '2';
    const ids = [await saveText(null, 'Leták A'), await saveText(null, 'Leták B'), await saveText(null, 'Leták C')];
    await saveText(ids[0] as number, 'Leták A2');
    for (const action of ['hide', 'publish'] as const) {
      const res = await ctx.admin.post(`${BASE}/array/${action}`, { rows: [...ids, ids[0]] });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const id of ids) {
      const list = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json();
      expect(list.meta.total).toBe(2);
      expect(list.data.map((r: { action: string }) => r.action)).toEqual(['publish', 'hide']);
      expect(list.data[0].changed).toEqual(['status']);
    }
  });

  it('REVISIONS_KEEP=0 turns the history off: nothing is written and the list answers empty', async () => {
    const id = await saveText(null, 'Archív');
    const [kept] = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json().data;
    process.env.REVISIONS_KEEP = '0';
    await saveText(id, 'Archív 2026');
    const list = (await ctx.admin.get(`${BASE}/${id}/revisions`)).json();
    expect(list).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await ctx.admin.get(`${BASE}/${id}/revisions/${kept.id}`)).statusCode).toBe(404);
    delete process.env.REVISIONS_KEEP;
    // Nothing was written while it was off: the one revision from before is all there is.
    expect((await ctx.admin.get(`${BASE}/${id}/revisions`)).json().meta.total).toBe(1);
  });

  it('anonymous → 401 on each route; a role-2 editor may read and restore, as they may edit', async () => {
    const id = await saveText(null, 'Kontakt');
    await saveText(id, 'Kontakty');
    const [, first] = (await ctx.editor.get(`${BASE}/${id}/revisions`)).json().data;
    const anon = new Agent(ctx.server.app);
    await anon.get('/sanctum/csrf-cookie');
    expect((await anon.get(`${BASE}/${id}/revisions`)).statusCode).toBe(401);
    expect((await anon.get(`${BASE}/${id}/revisions/${first.id}`)).statusCode).toBe(401);
    expect((await anon.post(`${BASE}/${id}/revisions/${first.id}/restore`, {})).statusCode).toBe(401);
    const res = await ctx.editor.post(`${BASE}/${id}/revisions/${first.id}/restore`, {});
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('changedKeys', () => {
  it('names changed translated fields by locale, other fields whole, and ignores the stamps', () => {
    const before = { status: true, positions: [1], langs: { sk: { title: 'A' }, en: { title: 'B' } }, updated_at: 1 };
    const after = {
      status: false,
      positions: [1, 2],
      langs: { sk: { title: 'A' }, en: { title: 'C' } },
      updated_at: 2,
    };
    expect(changedKeys(before, after)).toEqual(['status', 'positions', 'langs.en.title']);
  });
});

describe('the versions past the first page', () => {
  it('page 2 holds the versions past 50; a per_page above the limit answers the default page', async () => {
    process.env.REVISIONS_KEEP = '60';
    const id = await saveText(null, 'Cenník 0');
    for (let n = 1; n < 55; n++) await saveText(id, `Cenník ${n}`);
    const first = (await ctx.admin.get(`${BASE}/${id}/revisions?per_page=50`)).json();
    expect(first.meta).toMatchObject({ total: 55, current_page: 1, last_page: 2 });
    expect(first.data).toHaveLength(50);
    const second = (await ctx.admin.get(`${BASE}/${id}/revisions?per_page=50&page=2`)).json();
    expect(second.data).toHaveLength(5);
    expect(second.data.at(-1).action).toBe('store');
    const ids = new Set([...first.data, ...second.data].map((r: { id: number }) => r.id));
    expect(ids.size).toBe(55);
    const capped = (await ctx.admin.get(`${BASE}/${id}/revisions?per_page=1000`)).json();
    expect(capped.meta.per_page).toBe(20);
    expect(capped.data).toHaveLength(20);
  });
});
