import { describe, expect, it } from 'vitest';
import { postMultipart, useSignedInServer } from '../../test/content-cases.js';
import { buildPage, pageInput } from '../../test/factories.js';
import { Agent } from '../../test/harness.js';

const BASE = '/api/content/navigation';
const PAGES = '/api/content/page';
const ctx = useSignedInServer();
const MAIN = 1;
const FOOTER = 2;

type Node = { id: number; page_id: number; lang: { title: string }; children: Node[] };
const page = async (id: number) => (await ctx.admin.get(`${PAGES}/${id}`)).json().data;
/** Builds a page in navigation and answers its page id and node id. */
async function inNav(title: string, group_id: number, parent_id: number | null = null) {
  const id = await buildPage(ctx.server.ctx.db, { title, navigation: { value: true, parent_id }, group_id });
  return { id, node: (await nodeOf(id)) as number };
}
async function tree(groupId: number): Promise<Node[]> {
  const groups = (await ctx.admin.get(`${BASE}/tree`)).json().data as { id: number; items: Node[] }[];
  return groups.find((g) => g.id === groupId)?.items ?? [];
}
/** A tree as `{id: [children]}` nesting of node ids, for short assertions. */
const shape = (nodes: Node[]): unknown[] => nodes.map((n) => (n.children.length ? [n.id, shape(n.children)] : n.id));
async function nodeOf(pageId: number) {
  const walk = (nodes: Node[]): number | undefined => {
    for (const n of nodes) {
      const found = n.page_id === pageId ? n.id : walk(n.children);
      if (found) return found;
    }
  };
  for (const g of [MAIN, FOOTER]) {
    const found = walk(await tree(g));
    if (found) return found;
  }
}
async function save(pageId: number, navigation: { value: boolean; parent_id?: number | null }, group_id?: number) {
  const { updated_at, langs } = await page(pageId);
  return ctx.admin.post(`${PAGES}/${pageId}`, { ...pageInput(), langs, navigation, group_id, updated_at });
}

describe('navigation: access and options', () => {
  it('unauthenticated → 401', async () => {
    const anon = new Agent(ctx.server.app);
    await anon.get('/sanctum/csrf-cookie');
    const calls = [
      anon.get(`${BASE}/groups`),
      anon.get(`${BASE}/tree`),
      anon.get(`${BASE}/1/0`),
      anon.post(`${BASE}/tree/1`, { tree: [] }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });

  it('GET groups → the seeded groups with id and label', async () => {
    expect((await ctx.editor.get(`${BASE}/groups`)).json()).toEqual({
      data: [
        { id: MAIN, label: 'main' },
        { id: FOOTER, label: 'footer' },
      ],
    });
  });
});

describe('navigation: placement by the page form, tree and parent options', () => {
  it('creates, moves and removes nodes; parents exclude the page itself and its descendants', async () => {
    const a = await inNav('Alpha', MAIN);
    const b = await inNav('Beta', MAIN, a.node);
    const c = await inNav('Gamma', MAIN, b.node);
    const d = await inNav('Delta', MAIN);
    expect(await page(c.id)).toMatchObject({ navigation: { value: true, parent_id: b.node }, group_id: MAIN });
    expect(shape(await tree(MAIN))).toEqual([[a.node, [[b.node, [c.node]]]], d.node]);
    const [first] = await tree(MAIN);
    expect(first).toMatchObject({ id: a.node, page_id: a.id, lang: { title: 'Alpha en' } });

    const options = async (pageId: number) => (await ctx.editor.get(`${BASE}/${MAIN}/${pageId}`)).json().data;
    expect(await options(0)).toEqual([
      { id: a.node, label: 'Alpha en' },
      { id: b.node, label: '— Beta en' },
      { id: c.node, label: '— — Gamma en' },
      { id: d.node, label: 'Delta en' },
    ]);
    expect(await options(a.id)).toEqual([{ id: d.node, label: 'Delta en' }]);
    expect((await options(b.id)).map((o: { id: number }) => o.id)).toEqual([a.node, d.node]);
    expect((await ctx.admin.get(`${BASE}/${FOOTER}/0`)).json().data).toEqual([]);

    // The parent may not be the page's own node, one below it, or a node of another group.
    for (const parent_id of [a.node, c.node]) {
      const res = await save(a.id, { value: true, parent_id }, MAIN);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ 'navigation.parent_id': ['errors.parentInvalid'] });
    }
    expect((await save(d.id, { value: true, parent_id: a.node }, FOOTER)).statusCode).toBe(422);
    expect((await save(d.id, { value: true, parent_id: 999999 }, MAIN)).statusCode).toBe(422);

    // Moving under another parent appends last; the subtree follows into another group.
    expect((await save(d.id, { value: true, parent_id: a.node }, MAIN)).statusCode).toBe(200);
    expect(shape(await tree(MAIN))).toEqual([[a.node, [[b.node, [c.node]], d.node]]]);
    expect((await save(b.id, { value: true, parent_id: null }, FOOTER)).statusCode).toBe(200);
    expect(shape(await tree(MAIN))).toEqual([[a.node, [d.node]]]);
    expect(shape(await tree(FOOTER))).toEqual([[b.node, [c.node]]]);
    expect(await page(c.id)).toMatchObject({ group_id: FOOTER, navigation: { parent_id: b.node } });

    // Leaving navigation removes the node; its children move up to its parent.
    expect((await save(b.id, { value: false })).statusCode).toBe(200);
    expect(await page(b.id)).toMatchObject({ navigation: { value: false, parent_id: null }, group_id: null });
    expect(shape(await tree(FOOTER))).toEqual([c.node]);
    expect((await ctx.admin.get(`${PAGES}/?navigation=0&search=Beta`)).json().meta.total).toBe(1);

    // A removed page drops out of the tree and its parent options.
    await ctx.admin.delete(`${PAGES}/${c.id}`);
    expect(await tree(FOOTER)).toEqual([]);
    await ctx.admin.post(`${PAGES}/${c.id}/restore`);
    expect(shape(await tree(FOOTER))).toEqual([c.node]);
  });
});

describe('navigation: saving a tree', () => {
  it('replaces the order of a group, survives a re-read and is logged; bad trees → 422', async () => {
    const before = shape(await tree(MAIN));
    const x = await inNav('Xenon', MAIN);
    const y = await inNav('Yttrium', MAIN);
    const z = await inNav('Zinc', MAIN, y.node);
    const current = (await tree(MAIN)).map(function strip(n: Node): { id: number; children: unknown[] } {
      return { id: n.id, children: n.children.map(strip) };
    });
    const others = current.filter((n) => ![x.node, y.node].includes(n.id));
    const next = [{ id: z.node, children: [{ id: x.node }, { id: y.node }] }, ...others];
    const res = await ctx.admin.post(`${BASE}/tree/${MAIN}`, { tree: next });
    expect(res.statusCode).toBe(200);
    expect(shape(await tree(MAIN))).toEqual([[z.node, [x.node, y.node]], ...before]);
    expect(await page(y.id)).toMatchObject({ navigation: { value: true, parent_id: z.node } });
    const logs = (await ctx.admin.get('/api/user/logs/1')).json().data;
    expect(logs[0]).toMatchObject({ model: 'Page', action: 'order' });

    const refused = async (body: unknown) => {
      const r = await ctx.admin.post(`${BASE}/tree/${MAIN}`, body as Record<string, unknown>);
      expect(r.statusCode).toBe(422);
    };
    // A node under its own descendant (it must then appear twice), an unknown id, a missing node, a foreign node.
    await refused({
      tree: [{ id: z.node, children: [{ id: x.node, children: [{ id: z.node }] }, { id: y.node }] }, ...others],
    });
    await refused({ tree: [...next, { id: 999999 }] });
    await refused({ tree: next.slice(0, 1) });
    const foreign = await inNav('Foreign', FOOTER);
    await refused({ tree: [...next, { id: foreign.node }] });
    await refused({ tree: 'not json' });
    expect(shape(await tree(MAIN))).toEqual([[z.node, [x.node, y.node]], ...before]);
  });

  it('accepts the indexed form serialisation and a JSON string', async () => {
    const footer = (await tree(FOOTER)).map((n) => n.id);
    const fields: Record<string, string> = {};
    [...footer].reverse().forEach((id, i) => {
      fields[`tree[${i}][id]`] = String(id);
    });
    expect((await postMultipart(ctx.editor, `${BASE}/tree/${FOOTER}`, fields)).statusCode).toBe(200);
    expect((await tree(FOOTER)).map((n) => n.id)).toEqual([...footer].reverse());
    const asJson = JSON.stringify(footer.map((id) => ({ id })));
    expect((await postMultipart(ctx.editor, `${BASE}/tree/${FOOTER}`, { tree: asJson })).statusCode).toBe(200);
    expect((await tree(FOOTER)).map((n) => n.id)).toEqual(footer);
  });
});
