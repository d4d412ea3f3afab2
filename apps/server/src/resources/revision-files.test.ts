import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { postMultipart, useSignedInServer } from '../test/content-cases.js';
import { articleInput, pageInput } from '../test/factories.js';
import { Agent } from '../test/harness.js';
import { multipartFields, pngImage } from '../test/image-cases.js';

// The image files of a record's kept versions (docs/features/revisions.md "Files"): a replaced file stays while a
// revision names it, goes once neither the record nor a revision does, and comes back with a restored version.

const PAGES = '/api/content/page';
const ctx = useSignedInServer();
const stored = (id: number, file: string, media = 'page') => ({
  original: existsSync(join(ctx.server.config.mediaDir, media, String(id), file)),
  thumb: existsSync(join(ctx.server.config.mediaDir, media, String(id), 'thumb', file)),
});
const KEPT = { original: true, thumb: true };
const GONE = { original: false, thumb: false };

afterEach(() => {
  delete process.env.REVISIONS_KEEP;
});

/** A page saved with `extra` (a new image, `@delete@`, nothing), as its form sends it. */
async function savePage(id: number | null, title: string, extra: Record<string, unknown> = {}) {
  const stamp = id ? (await ctx.admin.get(`${PAGES}/${id}`)).json().data.updated_at : undefined;
  const body = multipartFields({ ...pageInput({ title }), ...(stamp ? { updated_at: stamp } : {}), ...extra });
  const res = await postMultipart(ctx.admin, id ? `${PAGES}/${id}` : `${PAGES}/`, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as { id: number; image: string | null; updated_at: string };
}

const revisionsOf = async (id: number) =>
  (await ctx.admin.get(`${PAGES}/${id}/revisions?per_page=100`)).json().data as { id: number; action: string }[];

async function restore(id: number, revision: number) {
  const updated_at = (await ctx.admin.get(`${PAGES}/${id}`)).json().data.updated_at;
  return ctx.admin.post(`${PAGES}/${id}/revisions/${revision}/restore`, { updated_at });
}

describe('the files of kept versions', () => {
  it('a replaced image stays while a revision names it, and restoring that version brings it back', async () => {
    const first = await savePage(null, 'Ateliér', { image: await pngImage() });
    const second = await savePage(first.id, 'Ateliér', { image: await pngImage() });
    expect(second.image).not.toBe(first.image);
    expect(stored(first.id, first.image as string)).toEqual(KEPT);

    const original = (await revisionsOf(first.id)).at(-1);
    const res = await restore(first.id, original?.id as number);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.image).toBe(first.image);
    expect((await ctx.admin.get(`${PAGES}/${first.id}`)).json().data.image).toBe(first.image);
    expect((await ctx.server.app.inject({ url: `/gallery/page/${first.id}/thumb/${first.image}` })).statusCode).toBe(
      200,
    );
    // The image it replaced is named by the version before: it stays too.
    expect(stored(first.id, second.image as string)).toEqual(KEPT);
    expect((await revisionsOf(first.id))[0]).toMatchObject({ action: 'revert' });
  });

  it('a cleared image stays for its version; restoring a version without one clears it again', async () => {
    const first = await savePage(null, 'Dielňa', { image: await pngImage() });
    const cleared = await savePage(first.id, 'Dielňa', { image: '@delete@' });
    expect(cleared.image).toBeNull();
    expect(stored(first.id, first.image as string)).toEqual(KEPT);
    const [none, withImage] = await revisionsOf(first.id);

    const back = await restore(first.id, withImage?.id as number);
    expect(back.json().data.image).toBe(first.image);
    const again = await restore(first.id, none?.id as number);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.image).toBeNull();
    expect(stored(first.id, first.image as string)).toEqual(KEPT);
  });

  it('a file that only pruned revisions named goes with the save that pruned them', async () => {
    process.env.REVISIONS_KEEP = '2';
    const first = await savePage(null, 'Sklad', { image: await pngImage() });
    const second = await savePage(first.id, 'Sklad', { image: await pngImage() });
    expect(stored(first.id, first.image as string)).toEqual(KEPT);
    // The third save prunes the first version, the last to name the first image.
    await savePage(first.id, 'Sklad nový');
    expect(stored(first.id, first.image as string)).toEqual(GONE);
    expect(stored(first.id, second.image as string)).toEqual(KEPT);
  });

  it('a bulk action that prunes the last version naming a file removes it', async () => {
    process.env.REVISIONS_KEEP = '2';
    const first = await savePage(null, 'Archív', { image: await pngImage() });
    const second = await savePage(first.id, 'Archív', { image: await pngImage() });
    expect(stored(first.id, first.image as string)).toEqual(KEPT);
    const res = await ctx.admin.post(`${PAGES}/array/hide`, { rows: [first.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(stored(first.id, first.image as string)).toEqual(GONE);
    expect(stored(first.id, second.image as string)).toEqual(KEPT);
  });

  it('with the history off and no revision naming it, a replaced file goes at once', async () => {
    process.env.REVISIONS_KEEP = '0';
    const first = await savePage(null, 'Bez histórie', { image: await pngImage() });
    await savePage(first.id, 'Bez histórie', { image: await pngImage() });
    expect(stored(first.id, first.image as string)).toEqual(GONE);
  });

  it('restoring a version whose file is gone keeps the current image', async () => {
    const first = await savePage(null, 'Chodba', { image: await pngImage() });
    const second = await savePage(first.id, 'Chodba dlhá', { image: await pngImage() });
    rmSync(join(ctx.server.config.mediaDir, 'page', String(first.id), first.image as string));
    const original = (await revisionsOf(first.id)).at(-1);
    const res = await restore(first.id, original?.id as number);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.langs.sk.title).toBe('Chodba sk');
    expect(res.json().data.image).toBe(second.image);
  });

  it('a stale restore (409) changes neither the record nor its files', async () => {
    const first = await savePage(null, 'Sieň', { image: await pngImage() });
    const second = await savePage(first.id, 'Sieň', { image: await pngImage() });
    const original = (await revisionsOf(first.id)).at(-1);
    const res = await ctx.admin.post(`${PAGES}/${first.id}/revisions/${original?.id}/restore`, {
      updated_at: first.updated_at,
    });
    expect(res.statusCode).toBe(409);
    expect((await ctx.admin.get(`${PAGES}/${first.id}`)).json().data.image).toBe(second.image);
    expect(stored(first.id, first.image as string)).toEqual(KEPT);
    expect(stored(first.id, second.image as string)).toEqual(KEPT);
  });

  it('a news article gets its image and its poster back', async () => {
    const base = '/api/blog';
    const create = await postMultipart(
      ctx.admin,
      `${base}/`,
      multipartFields({
        ...(await articleInput(ctx.server.ctx.db)),
        image: await pngImage(),
        poster: await pngImage(),
      }),
    );
    expect(create.statusCode, create.body).toBe(201);
    const first = create.json().data;
    const update = await postMultipart(
      ctx.admin,
      `${base}/${first.id}`,
      multipartFields({
        ...(await articleInput(ctx.server.ctx.db)),
        updated_at: first.updated_at,
        image: await pngImage(),
        poster: '@delete@',
      }),
    );
    expect(update.statusCode, update.body).toBe(200);
    const [, original] = (await ctx.admin.get(`${base}/${first.id}/revisions`)).json().data;
    const res = await ctx.admin.post(`${base}/${first.id}/revisions/${original.id}/restore`, {
      updated_at: update.json().data.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ image: first.image, poster: first.poster });
    expect(stored(first.id, first.poster, 'blog')).toEqual(KEPT);
  });

  it('a role-2 editor restores a page version with its image; a visitor gets 401', async () => {
    const first = await savePage(null, 'Vstup', { image: await pngImage() });
    await savePage(first.id, 'Vstup', { image: await pngImage() });
    const original = (await revisionsOf(first.id)).at(-1);
    const updated_at = (await ctx.admin.get(`${PAGES}/${first.id}`)).json().data.updated_at;
    const url = `${PAGES}/${first.id}/revisions/${original?.id}/restore`;
    const anon = new Agent(ctx.server.app);
    await anon.get('/sanctum/csrf-cookie');
    expect((await anon.post(url, { updated_at })).statusCode).toBe(401);
    const res = await ctx.editor.post(url, { updated_at });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.image).toBe(first.image);
  });
});
