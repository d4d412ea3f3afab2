import { describe, expect, it } from 'vitest';
import { type PreviewKind, verifyPreviewToken } from '../modules/pages/preview.js';
import { describeContentBehaviour, idsOf, type SignedIn } from './content-cases.js';
import { Agent } from './harness.js';
import { describeImageFields } from './image-cases.js';

/** A resource whose records have a title_url per locale; `input(title)` gives `${slug(title)}-sk` and `-en`. */
interface TitledSpec {
  base: string;
  /** Makes a live record titled `title` and answers its id. */
  build: (title?: string) => Promise<number>;
  /** A valid body titled `title`. */
  input: (title?: string) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

type Body = Record<string, unknown> & { langs: Record<'sk' | 'en', Record<string, unknown>> };

/**
 * Who may call a titled resource (docs/spec-index.md S1.6, S2.6): without a session every endpoint (the shared ones and
 * `extra` of the resource) is a 401; a role-2 editor may create and edit (and preview, when `preview`), and the
 * list says it may not remove.
 */
export function describeTitledAccess(
  name: string,
  ctx: SignedIn,
  spec: TitledSpec & { preview?: boolean; extra?: (anon: Agent, id: number) => Promise<{ statusCode: number }>[] },
) {
  const { base } = spec;
  describe(`${name}: access`, () => {
    it('unauthenticated → 401 on every endpoint', async () => {
      const anon = new Agent(ctx.server.app);
      await anon.get('/sanctum/csrf-cookie');
      const id = await spec.build();
      const body = await spec.input();
      const calls = [
        anon.get(`${base}/`),
        anon.get(`${base}/${id}`),
        anon.get(`${base}/validate/title_url?value=abc&language_code=sk`),
        anon.post(`${base}/validate/title_url`, { value: 'abc', language_code: 'sk' }),
        anon.post(`${base}/`, body),
        anon.post(`${base}/${id}`, body),
        anon.delete(`${base}/${id}`),
        anon.post(`${base}/${id}/restore`),
        anon.post(`${base}/array/publish`, { rows: [id] }),
        ...(spec.preview ? [anon.get(`${base}/preview/${id}`)] : []),
        ...(spec.extra?.(anon, id) ?? []),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
    });

    it(`a role-2 editor may create${spec.preview ? ', edit and preview' : ' and edit'}, but not remove`, async () => {
      const created = await ctx.editor.post(`${base}/`, await spec.input());
      expect(created.statusCode).toBe(201);
      const { id, updated_at } = created.json().data;
      expect((await ctx.editor.post(`${base}/${id}`, { ...(await spec.input()), updated_at })).statusCode).toBe(200);
      if (spec.preview) expect((await ctx.editor.get(`${base}/preview/${id}`)).statusCode).toBe(200);
      expect((await ctx.editor.get(`${base}/`)).json().abilities).toMatchObject({ create: true, destroy: false });
    });
  });
}

/**
 * `GET preview/{id}` (docs/api.md Preview): a signed, short-lived URL of the sk record at `/sk/<path><title_url>` on
 * the public site, which verifies for this kind and record only; an unknown id → 404.
 */
export function describePreview(
  name: string,
  ctx: SignedIn,
  spec: { base: string; kind: PreviewKind; path: string; build: (title: string) => Promise<number> },
) {
  it(`${name}: preview answers a signed URL of the sk record that the public site can verify`, async () => {
    const id = await spec.build(`${name} Preview`);
    const res = await ctx.admin.get(`${spec.base}/preview/${id}`);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(`${url.origin}${url.pathname}`).toBe(
      `http://backoffice.test/sk/${spec.path}${name.toLowerCase()}-preview-sk`,
    );
    const token = url.searchParams.get('preview') ?? '';
    const { config } = ctx.server;
    expect(verifyPreviewToken(config, spec.kind, id, token)).toBe(true);
    expect(verifyPreviewToken(config, spec.kind === 'page' ? 'article' : 'page', id, token)).toBe(false);
    expect(verifyPreviewToken(config, spec.kind, id + 1, token)).toBe(false);
    expect((await ctx.admin.get(`${spec.base}/preview/999999`)).statusCode).toBe(404);
  });
}

/**
 * The title_url rules of docs/api.md, docs/data.md for one resource: the remote check (GET and POST) answers whether a value
 * is free in a locale among live records other than the one edited; a soft-deleted record does not block, but a
 * removed record whose value was taken meanwhile cannot be restored; a save that takes another record's value is a
 * 422 `errors.titleUrlUnique` on that locale only.
 */
export function describeTitleUrlRules(name: string, ctx: SignedIn, spec: TitledSpec) {
  const { base } = spec;
  const check = (value: string, language_code: string, id?: number) =>
    ctx.admin.get(`${base}/validate/title_url?value=${value}&language_code=${language_code}${id ? `&id=${id}` : ''}`);
  const body = async (title: string) => (await spec.input(title)) as Body;

  describe(`${name}: title_url uniqueness`, () => {
    it('taken in sk by another record → false; free in en → true; its own value → true (GET and POST)', async () => {
      const id = await spec.build(`${name} Unique`);
      const value = `${name.toLowerCase()}-unique-sk`;
      expect((await check(value, 'sk')).json()).toBe(false);
      expect((await check(value, 'en')).json()).toBe(true);
      expect((await check(value, 'sk', id)).json()).toBe(true);
      const post = (payload: Record<string, unknown>) => ctx.admin.post(`${base}/validate/title_url`, payload);
      expect((await post({ value, language_code: 'sk', id: 0 })).json()).toBe(false);
      expect((await post({ value, language_code: 'sk', id })).json()).toBe(true);
      expect((await post({ value: 'nobody-has-this', language_code: 'en' })).json()).toBe(true);
      expect((await check('abc', 'de')).statusCode).toBe(422);
    });

    it('a soft-deleted record does not block its title_url; once taken again it cannot be restored', async () => {
      const title = `${name} Removed`;
      const id = await spec.build(title);
      const value = `${name.toLowerCase()}-removed-en`;
      expect((await check(value, 'en')).json()).toBe(false);
      await ctx.admin.delete(`${base}/${id}`);
      expect((await check(value, 'en')).json()).toBe(true);
      expect((await ctx.admin.post(`${base}/`, await body(title))).statusCode).toBe(201);
      const restore = await ctx.admin.post(`${base}/${id}/restore`);
      expect(restore.statusCode).toBe(422);
      expect(restore.json().errors).toEqual({
        'langs.sk.title_url': ['errors.titleUrlUnique'],
        'langs.en.title_url': ['errors.titleUrlUnique'],
      });
      expect((await ctx.admin.get(`${base}/${id}`)).json().data.deleted_at).not.toBeNull();
    });

    it('a save that takes another record’s title_url → 422 errors.titleUrlUnique on that locale only', async () => {
      await spec.build(`${name} Taken`);
      const taken = `${name.toLowerCase()}-taken-sk`;
      const input = await body(`${name} Taker`);
      input.langs.sk = { ...input.langs.sk, title_url: taken };
      input.langs.en = { ...input.langs.en, title_url: taken };
      const res = await ctx.admin.post(`${base}/`, input);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ 'langs.sk.title_url': ['errors.titleUrlUnique'] });
      const own = await spec.build(`${name} Own`);
      expect((await ctx.admin.post(`${base}/${own}`, await body(`${name} Own`))).statusCode).toBe(200);
    });
  });
}

/**
 * `GET list?id=` (the similar-item options) and the similars of a save: the options never hold the record named by
 * `id` nor removed records; a save naming the record itself, an unknown or a removed record → 422 on `similars`.
 */
export function describeSimilars(name: string, ctx: SignedIn, spec: TitledSpec) {
  const { base } = spec;
  describe(`${name}: similars`, () => {
    it('options are {id, lang: {title}} by title, without the record itself or removed ones', async () => {
      const self = await spec.build(`${name} Similar Self`);
      const other = await spec.build(`${name} Similar Other`);
      const removed = await spec.build(`${name} Similar Removed`);
      await ctx.admin.delete(`${base}/${removed}`);
      const options = (await ctx.admin.get(`${base}/list?id=${self}`)).json().data as { id: number }[];
      expect(options.map((o) => o.id)).toContain(other);
      expect(options.map((o) => o.id)).not.toContain(self);
      expect(options.map((o) => o.id)).not.toContain(removed);
      expect(options.find((o) => o.id === other)).toEqual({ id: other, lang: { title: `${name} Similar Other en` } });
      const all = (await ctx.admin.get(`${base}/list`)).json().data as { id: number }[];
      expect(all.map((o) => o.id)).toContain(self);
    });

    it('a save keeps its similars; itself, an unknown or a removed record → 422 and nothing changes', async () => {
      const self = await spec.build(`${name} Similar Save`);
      const other = await spec.build(`${name} Similar Kept`);
      const removed = await spec.build(`${name} Similar Gone`);
      await ctx.admin.delete(`${base}/${removed}`);
      const input = await spec.input(`${name} Similar Save`);
      const saved = await ctx.admin.post(`${base}/${self}`, { ...input, similars: [other] });
      expect(saved.json().data.similars).toEqual([other]);
      for (const similars of [[self], [other, self], [999999], [removed]]) {
        const res = await ctx.admin.post(`${base}/${self}`, { ...input, similars });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ similars: ['errors.invalid'] });
      }
      const created = await ctx.admin.post(`${base}/`, { ...(await spec.input()), similars: [removed] });
      expect(created.statusCode).toBe(422);
      expect((await ctx.admin.get(`${base}/${self}`)).json().data.similars).toEqual([other]);
    });
  });
}

/**
 * The inline order of a list row (docs/api.md Inline order: `POST order/{id} {order}`): any staff role may change
 * it; the value persists, sorts the list and is logged as `order`; negatives, fractions and text → 422 and nothing
 * changes; an unknown id → 404; no session → 401; no CSRF token → 419.
 */
export function describeInlineOrder(
  name: string,
  ctx: SignedIn,
  spec: { base: string; model: string; build: () => Promise<number> },
) {
  const { base, model } = spec;
  describe(`${name}: inline order`, () => {
    it('an editor sets the order; it persists, sorts the list and is logged', async () => {
      const first = await spec.build();
      const second = await spec.build();
      const res = await ctx.editor.post(`${base}/order/${first}`, { order: 7 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: 'The order has been saved.', data: { id: first, order: 7 } });
      expect((await ctx.editor.post(`${base}/order/${second}`, { order: '3' })).json().data.order).toBe(3);
      expect((await ctx.admin.get(`${base}/${first}`)).json().data.order).toBe(7);
      const sorted = idsOf(await ctx.admin.get(`${base}/?sort=order&order=asc&per_page=100`));
      expect(sorted.indexOf(second)).toBeLessThan(sorted.indexOf(first));
    });

    it('negatives, fractions, text and a missing order → 422 errors.invalid; the order stays', async () => {
      const id = await spec.build();
      await ctx.admin.post(`${base}/order/${id}`, { order: 2 });
      for (const order of [-1, 1.5, 'abc', '', null, undefined]) {
        const res = await ctx.admin.post(`${base}/order/${id}`, { order });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ order: ['errors.invalid'] });
      }
      expect((await ctx.admin.get(`${base}/${id}`)).json().data.order).toBe(2);
      expect((await ctx.admin.post(`${base}/order/999999`, { order: 1 })).statusCode).toBe(404);
    });

    it('is logged as order for the user who changed it; 401 without a session, 419 without CSRF', async () => {
      const id = await spec.build();
      await ctx.admin.post(`${base}/order/${id}`, { order: 4 });
      const [log] = (await ctx.admin.get('/api/user/logs/1')).json().data;
      expect(log).toMatchObject({ model, row_id: id, action: 'order' });
      expect((await ctx.admin.post(`${base}/order/${id}`, { order: 5 }, { csrf: false })).statusCode).toBe(419);
      const anon = new Agent(ctx.server.app);
      await anon.get('/sanctum/csrf-cookie');
      expect((await anon.post(`${base}/order/${id}`, { order: 5 })).statusCode).toBe(401);
      expect((await ctx.admin.get(`${base}/${id}`)).json().data.order).toBe(4);
    });
  });
}

/**
 * Every shared rule of a resource with a title_url per locale, in one call: access, the save/delete/restore/bulk
 * behaviour, title_url uniqueness, and as the resource has them the preview, the similars, the inline order and
 * the image fields. `build` and `input` take the title (and status) the cases need.
 */
export function describeTitledResource(
  name: string,
  ctx: SignedIn,
  spec: {
    base: string;
    model: string;
    build: (overrides: { title?: string; status?: boolean }) => Promise<number>;
    input: (overrides: { title?: string }) => Record<string, unknown> | Promise<Record<string, unknown>>;
    /** `GET list` (option list) exists. */
    options?: boolean;
    preview?: { kind: PreviewKind; path: string };
    similars?: boolean;
    order?: boolean;
    images: { media: string; fields: readonly string[] };
  },
) {
  const { base } = spec;
  const titled: TitledSpec = {
    base,
    build: (title) => spec.build(title ? { title } : {}),
    input: (title) => spec.input(title ? { title } : {}),
  };
  describeTitledAccess(name, ctx, {
    ...titled,
    preview: spec.preview !== undefined,
    extra: (anon, id) => [
      ...(spec.options ? [anon.get(`${base}/list`)] : []),
      ...(spec.order ? [anon.post(`${base}/order/${id}`, { order: 1 })] : []),
    ],
  });
  describeContentBehaviour(name, ctx, {
    base,
    model: spec.model,
    build: (status = true) => spec.build({ status }),
    input: (title) => spec.input(title ? { title } : {}),
  });
  describeTitleUrlRules(name, ctx, titled);
  if (spec.preview) describePreview(name, ctx, { base, ...spec.preview, build: (title) => spec.build({ title }) });
  if (spec.similars) describeSimilars(name, ctx, titled);
  if (spec.order) describeInlineOrder(name, ctx, { base, model: spec.model, build: () => spec.build({}) });
  describeImageFields(name, ctx, { base, ...spec.images, input: (title) => spec.input({ title }) });
}
