import { join } from 'node:path';
import { type GalleryImage, THUMBNAIL } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { cut, noiseJpeg, nothingPending, useGalleryImages } from '../../test/gallery-images.js';
import { Agent, type TestServer } from '../../test/harness.js';

const g = useGalleryImages();
const { base, buildGallery, postForm, sendChunk, uploadImage, uploadState, mediaFiles, imageRows, logsOf } = g;
let server: TestServer;
let admin: Agent;
let editor: Agent;
let editorId: number;
beforeAll(() => {
  ({ server, admin, editor, editorId } = g.ctx);
});

describe('gallery images: access', () => {
  it('unauthenticated → 401 on every endpoint, and nothing is stored', async () => {
    const galleryId = await buildGallery();
    const anon = new Agent(server.app);
    await anon.get('/sanctum/csrf-cookie');
    const upload = cut(await noiseJpeg(40, 40));
    const calls = [
      anon.get(base(galleryId)),
      anon.get(`${base(galleryId)}/token/check`),
      sendChunk(anon, galleryId, upload.chunk(0)),
      anon.post(`${base(galleryId)}/reorder`, { images: [1] }),
      anon.post(`${base(galleryId)}/rotate/1`),
      anon.post(`${base(galleryId)}/1`, { languages: { en: { title: 'x' } } }),
      anon.delete(`${base(galleryId)}/destroy/1`),
      anon.post(`${base(galleryId)}/array/publish`, { rows: [1] }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
    expect(await uploadState()).toEqual(nothingPending);
    expect(mediaFiles(galleryId)).toEqual({ originals: [], thumbs: [] });
  });

  it('a write without the CSRF token → 419 and nothing changes', async () => {
    const galleryId = await buildGallery();
    const image = await uploadImage(galleryId);
    const upload = cut(await noiseJpeg(40, 40));
    const calls = [
      postForm(admin, `${base(galleryId)}/upload`, upload.chunk(0), { csrf: false }),
      admin.post(`${base(galleryId)}/rotate/${image.id}`, undefined, { csrf: false }),
      admin.post(`${base(galleryId)}/${image.id}`, { languages: { en: { title: 'x' } } }, { csrf: false }),
      admin.delete(`${base(galleryId)}/destroy/${image.id}`, { csrf: false }),
      admin.post(`${base(galleryId)}/array/destroy`, { rows: [image.id] }, { csrf: false }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(419);
    const [row] = await imageRows(galleryId);
    expect(row?.file).toBe(image.file);
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('a role-2 editor may do everything, removal included (docs/spec-index.md S1.6: image removal is shown to everyone)', async () => {
    const galleryId = await buildGallery();
    const list = await editor.get(base(galleryId));
    expect(list.statusCode).toBe(200);
    expect(list.json().abilities).toEqual({ create: true, update: true, destroy: true, restore: false });
    const [a, b] = [await uploadImage(galleryId, undefined, editor), await uploadImage(galleryId, undefined, editor)];
    expect((await editor.delete(`${base(galleryId)}/destroy/${a?.id}`)).statusCode).toBe(200);
    const bulk = await editor.post(`${base(galleryId)}/array/destroy`, { rows: [b?.id] });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().count).toBe(1);
    expect(await imageRows(galleryId)).toEqual([]);
    expect((await logsOf('destroy')).filter((l) => l.user_id === editorId).map((l) => l.row_id)).toEqual(
      expect.arrayContaining([a?.id, b?.id]),
    );
  });

  it('a user whose role becomes site member (3) is refused: the session no longer counts (401), never a write', async () => {
    const galleryId = await buildGallery();
    const user = await buildUser(server.ctx.db, { role_id: 2 });
    const agent = new Agent(server.app, 'en');
    await agent.login(user.email, user.plainPassword);
    expect((await agent.get(base(galleryId))).statusCode).toBe(200);
    await server.ctx.db.update(users).set({ role_id: 3 }).where(eq(users.id, user.id));
    const res = await sendChunk(agent, galleryId, cut(await noiseJpeg(40, 40)).chunk(0));
    expect(res.statusCode).toBe(401);
    expect(await imageRows(galleryId)).toEqual([]);
    await server.ctx.db.delete(sessions).where(eq(sessions.user_id, user.id));
  });

  it('an unknown or malformed gallery id → 404', async () => {
    expect((await admin.get(base(999_999))).statusCode).toBe(404);
    expect((await admin.get('/api/gallery/image/abc')).statusCode).toBe(404);
    expect((await admin.get(`${base(999_999)}/token/check`)).statusCode).toBe(404);
    const res = await sendChunk(admin, 999_999, cut(await noiseJpeg(40, 40)).chunk(0));
    expect(res.statusCode).toBe(404);
    expect(await uploadState()).toEqual(nothingPending);
  });

  it('token/check answers a live session before an upload', async () => {
    const galleryId = await buildGallery();
    const res = await admin.get(`${base(galleryId)}/token/check`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
  });
});

describe('gallery images: the image screen', () => {
  it('lists the images in order with thumbnail, titles, status and size', async () => {
    const galleryId = await buildGallery();
    const first = await uploadImage(galleryId, await noiseJpeg(200, 100));
    const second = await uploadImage(galleryId, await noiseJpeg(100, 200));
    const res = await admin.get(base(galleryId));
    expect(res.statusCode).toBe(200);
    const data: GalleryImage[] = res.json().data;
    expect(data.map((i) => [i.id, i.order, i.width, i.height])).toEqual([
      [first.id, 1, 200, 100],
      [second.id, 2, 100, 200],
    ]);
    expect(Object.keys(data[0] ?? {}).sort()).toEqual(
      [
        'created_at',
        'file',
        'gallery_id',
        'height',
        'id',
        'languages',
        'order',
        'path',
        'status',
        'thumbnail',
        'updated_at',
        'width',
      ].sort(),
    );
  });

  it('rotate turns original and thumbnail, swaps width and height and renames the files', async () => {
    const galleryId = await buildGallery();
    const image = await uploadImage(galleryId, await noiseJpeg(300, 180));
    const res = await admin.post(`${base(galleryId)}/rotate/${image.id}`);
    expect(res.statusCode).toBe(200);
    const turned: GalleryImage = res.json().data;
    expect(res.json().message).toBe('The image has been rotated.');
    expect([turned.width, turned.height]).toEqual([180, 300]);
    expect(turned.file).not.toBe(image.file);
    expect(turned.path).not.toBe(image.path);
    expect(mediaFiles(galleryId)).toEqual({ originals: [turned.file], thumbs: [turned.file] });
    const original = await sharp(join(server.config.mediaDir, 'gallery', String(galleryId), turned.file)).metadata();
    expect([original.width, original.height]).toEqual([180, 300]);
    const thumb = await sharp(
      join(server.config.mediaDir, 'gallery', String(galleryId), 'thumb', turned.file),
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([THUMBNAIL.width, THUMBNAIL.height]);
    const [row] = await imageRows(galleryId);
    expect([row?.width, row?.height, row?.file]).toEqual([180, 300, turned.file]);
    expect((await logsOf('rotate')).map((l) => l.row_id)).toContain(image.id);
  });

  it('rotation turns clockwise: the top-left corner goes to the top-right', async () => {
    const galleryId = await buildGallery();
    // Red on the left half, blue on the right: turned clockwise, red is on top.
    const left = await sharp({ create: { width: 100, height: 60, channels: 3, background: '#f00' } })
      .composite([
        {
          input: await sharp({ create: { width: 50, height: 60, channels: 3, background: '#00f' } })
            .png()
            .toBuffer(),
          left: 50,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const image = await uploadImage(galleryId, left);
    const turned: GalleryImage = (await admin.post(`${base(galleryId)}/rotate/${image.id}`)).json().data;
    const { data, info } = await sharp(join(server.config.mediaDir, 'gallery', String(galleryId), turned.file))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([60, 100]);
    const at = (x: number, y: number) => (y * info.width + x) * info.channels;
    const pixel = (x: number, y: number) => [...data.subarray(at(x, y), at(x, y) + 3)];
    expect(pixel(30, 10)).toEqual([255, 0, 0]);
    expect(pixel(30, 90)).toEqual([0, 0, 255]);
  });

  it('an animated GIF cannot be turned (sharp turns several frames only by 180°): 422, files and row unchanged', async () => {
    const galleryId = await buildGallery();
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const image = (await postForm(admin, `${base(galleryId)}/upload`, { file: gif })).json().data as GalleryImage;
    expect(image.file).toMatch(/\.gif$/);
    const res = await admin.post(`${base(galleryId)}/rotate/${image.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ image: ['errors.image'] });
    const [row] = await imageRows(galleryId);
    expect([row?.file, row?.width, row?.height]).toEqual([image.file, 40, 20]);
    expect(mediaFiles(galleryId)).toEqual({ originals: [image.file], thumbs: [image.file] });
  });

  it('reorder persists; images left out follow in their order; a foreign id is 404 and nothing moves', async () => {
    const galleryId = await buildGallery();
    const [a, b, c] = [await uploadImage(galleryId), await uploadImage(galleryId), await uploadImage(galleryId)];
    const res = await admin.post(`${base(galleryId)}/reorder`, { images: [c.id, a.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The order of the images has been saved.');
    const ids = (r: { json(): { data: GalleryImage[] } }) => r.json().data.map((i) => i.id);
    expect(ids(res)).toEqual([c.id, a.id, b.id]);
    expect(ids(await admin.get(base(galleryId)))).toEqual([c.id, a.id, b.id]);
    expect((await logsOf('order')).map((l) => l.row_id)).toEqual(expect.arrayContaining([c.id, a.id, b.id]));
    // Multipart with image objects, as the list holds them.
    const form = await postForm(admin, `${base(galleryId)}/reorder`, {
      'images[0][id]': String(b.id),
      'images[1][id]': String(c.id),
      'images[2][id]': String(a.id),
    });
    expect(ids(form)).toEqual([b.id, c.id, a.id]);
    const other = await uploadImage(await buildGallery());
    const foreign = await admin.post(`${base(galleryId)}/reorder`, { images: [a.id, other.id] });
    expect(foreign.statusCode).toBe(404);
    expect(ids(await admin.get(base(galleryId)))).toEqual([b.id, c.id, a.id]);
    const twice = await admin.post(`${base(galleryId)}/reorder`, { images: [a.id, a.id] });
    expect(twice.statusCode).toBe(422);
  });

  it('titles and alt texts in both locales; a locale or an alt left out keeps its own; over 255 characters is 422', async () => {
    const galleryId = await buildGallery();
    const image = await uploadImage(galleryId);
    const res = await postForm(admin, `${base(galleryId)}/${image.id}`, {
      'languages[sk][title]': 'Západ slnka',
      'languages[sk][alt]': 'Slnko zapadá za kopec',
      'languages[en][title]': 'Sunset',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The item has been saved.');
    expect(res.json().data.languages).toEqual({
      sk: { title: 'Západ slnka', alt: 'Slnko zapadá za kopec' },
      en: { title: 'Sunset', alt: '' },
    });
    const onlyEn = await admin.post(`${base(galleryId)}/${image.id}`, { languages: { en: { title: '  Dusk ' } } });
    expect(onlyEn.json().data.languages).toEqual({
      sk: { title: 'Západ slnka', alt: 'Slnko zapadá za kopec' },
      en: { title: 'Dusk', alt: '' },
    });
    const titleOnly = await admin.post(`${base(galleryId)}/${image.id}`, { languages: { sk: { title: 'Večer' } } });
    expect(titleOnly.json().data.languages.sk).toEqual({ title: 'Večer', alt: 'Slnko zapadá za kopec' });
    const longAlt = await admin.post(`${base(galleryId)}/${image.id}`, {
      languages: { en: { title: 'Dusk', alt: 'x'.repeat(256) } },
    });
    expect(longAlt.statusCode).toBe(422);
    expect(longAlt.json().errors['languages.en.alt']).toEqual(['errors.invalid']);
    const [listed] = (await admin.get(base(galleryId))).json().data;
    expect(listed.languages.en.title).toBe('Dusk');
    const long = await admin.post(`${base(galleryId)}/${image.id}`, { languages: { sk: { title: 'x'.repeat(256) } } });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors['languages.sk.title']).toEqual(['errors.invalid']);
    expect((await logsOf('update')).map((l) => l.row_id)).toContain(image.id);
  });

  it("an image's entry in the user menu's activity opens its gallery's images screen, until the image is removed", async () => {
    const galleryId = await buildGallery();
    const image = await uploadImage(galleryId);
    await editor.post(`${base(galleryId)}/${image.id}`, { languages: { en: { title: 'Linked' } } });
    const latest = async () => (await editor.get(`/api/user/logs/${editorId}`)).json().data[0];
    expect(await latest()).toMatchObject({
      model: 'GalleryImage',
      row_id: image.id,
      action: 'update',
      route: 'galleryImages',
      route_params: { galleryId },
    });
    await editor.delete(`${base(galleryId)}/destroy/${image.id}`);
    const [removed, updated] = (await editor.get(`/api/user/logs/${editorId}`)).json().data;
    expect(removed).toMatchObject({ action: 'destroy', route: null, route_params: null });
    expect(updated).toMatchObject({ action: 'update', route: null, route_params: null });
  });

  it('bulk publish, hide and destroy answer the count changed; destroy removes rows and files', async () => {
    const galleryId = await buildGallery();
    const [a, b, c] = [await uploadImage(galleryId), await uploadImage(galleryId), await uploadImage(galleryId)];
    const hide = await admin.post(`${base(galleryId)}/array/hide`, { rows: [a.id, b.id] });
    expect(hide.json()).toEqual({ message: 'Hidden: 2.', count: 2 });
    const status = async () =>
      Object.fromEntries((await imageRows(galleryId)).map((r) => [r.id, r.status])) as Record<number, boolean>;
    expect(await status()).toEqual({ [a.id]: false, [b.id]: false, [c.id]: true });
    const publish = await postForm(admin, `${base(galleryId)}/array/publish`, {
      'rows[0]': String(a.id),
      'rows[1]': String(c.id),
    });
    expect(publish.json()).toEqual({ message: 'Published: 1.', count: 1 });
    expect(await status()).toEqual({ [a.id]: true, [b.id]: false, [c.id]: true });
    const destroy = await admin.post(`${base(galleryId)}/array/destroy`, { rows: [a.id, b.id] });
    expect(destroy.json()).toEqual({ message: 'Removed: 2.', count: 2 });
    expect((await imageRows(galleryId)).map((r) => r.id)).toEqual([c.id]);
    expect(mediaFiles(galleryId)).toEqual({ originals: [c.file], thumbs: [c.file] });
    expect((await logsOf('hide')).map((l) => l.row_id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await logsOf('publish')).map((l) => l.row_id)).toContain(a.id);
  });

  it('an image of another gallery in the path or the rows → 404, and it stays as it was', async () => {
    const galleryId = await buildGallery();
    const otherGallery = await buildGallery();
    const mine = await uploadImage(galleryId);
    const theirs = await uploadImage(otherGallery);
    const calls = [
      admin.post(`${base(galleryId)}/rotate/${theirs.id}`),
      admin.post(`${base(galleryId)}/${theirs.id}`, { languages: { en: { title: 'Hijacked' } } }),
      admin.delete(`${base(galleryId)}/destroy/${theirs.id}`),
      admin.post(`${base(galleryId)}/array/hide`, { rows: [mine.id, theirs.id] }),
      admin.post(`${base(galleryId)}/array/destroy`, { rows: [theirs.id] }),
      admin.post(`${base(galleryId)}/rotate/abc`),
      admin.delete(`${base(galleryId)}/destroy/999999`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    const [row] = await imageRows(otherGallery);
    expect(row).toMatchObject({ id: theirs.id, file: theirs.file, width: theirs.width, status: true });
    expect(mediaFiles(otherGallery)).toEqual({ originals: [theirs.file], thumbs: [theirs.file] });
    const [listed] = (await admin.get(base(otherGallery))).json().data;
    expect(listed.languages.en.title).toBe('');
    const [still] = await imageRows(galleryId);
    expect(still?.status).toBe(true);
  });

  it('DELETE destroy removes one image for good with both files', async () => {
    const galleryId = await buildGallery();
    const image = await uploadImage(galleryId);
    const res = await admin.delete(`${base(galleryId)}/destroy/${image.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The item has been removed.' });
    expect(await imageRows(galleryId)).toEqual([]);
    expect(mediaFiles(galleryId)).toEqual({ originals: [], thumbs: [] });
    expect((await admin.get(image.path)).statusCode).toBe(404);
  });
});
