import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../media/object-store.js';
import { objectStore } from '../../media/storage.js';
import { PDF, png, upload } from '../../test/file-cases.js';
import { Agent, startTestServer, type TestServer } from '../../test/harness.js';
import { failMediaWrites, filesUnder } from '../../test/media-faults.js';
import { failS3Puts } from '../../test/s3-server.js';

/*
 * The file manager through the object store, on both drivers: the same tree through the API whether it lives in
 * MEDIA_DIR/files or in the bucket under `files/` (where a folder is a prefix, and an empty one a `.folder` marker).
 */

let server: TestServer;
let admin: Agent;
let store: ObjectStore;

const names = async (path = '') =>
  (
    (await admin.get(`/api/files?path=${encodeURIComponent(path)}`)).json().data as { name: string; type: string }[]
  ).map((e) => `${e.type === 'dir' ? 'dir' : 'file'}:${e.name}`);
const keys = async () => (await store.list('files/', { recursive: true })).objects.map((o) => o.key);

describe.each(['local', 's3'] as const)('file manager on the %s driver', (driver) => {
  beforeAll(async () => {
    server = await startTestServer({ storage: driver });
    admin = new Agent(server.app, 'en');
    await admin.login();
    store = objectStore(server.config);
  });
  afterAll(() => server.close());

  it('folders, uploads, listing and serving with a range; a taken name becomes name-1', async () => {
    expect((await admin.post('/api/files/mkdir', { path: '', name: 'Dokumenty' })).statusCode).toBe(201);
    expect((await admin.post('/api/files/mkdir', { path: 'Dokumenty', name: 'Prázdny' })).statusCode).toBe(201);
    expect((await admin.post('/api/files/mkdir', { path: '', name: 'Dokumenty' })).json().errors).toEqual({
      name: ['filemanager.errors.exists'],
    });
    expect((await upload(admin, 'Dokumenty', PDF, 'Správa 2024.pdf')).statusCode).toBe(201);
    const second = await upload(admin, 'Dokumenty', PDF, 'Správa 2024.pdf');
    expect(second.json().data.name).toBe('Správa 2024-1.pdf');
    const image = await upload(admin, 'Dokumenty', await png(), 'Logo.png');
    expect(image.json().data.thumbnail).toBe('/gallery/files/Dokumenty/.thumbs/Logo.png');

    expect(await names()).toEqual(['dir:Dokumenty']);
    expect(await names('Dokumenty')).toEqual([
      'dir:Prázdny',
      'file:Logo.png',
      'file:Správa 2024-1.pdf',
      'file:Správa 2024.pdf',
    ]);
    expect(await names('Dokumenty/Prázdny')).toEqual([]);

    const url = `/gallery/files/Dokumenty/${encodeURIComponent('Správa 2024.pdf')}`;
    const whole = await server.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(PDF)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    const part = await server.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-');
    const thumb = await server.app.inject({ method: 'GET', url: '/gallery/files/Dokumenty/.thumbs/Logo.png' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
  });

  it('rename and move carry a folder with everything in it, and an image with its thumbnail; delete removes them', async () => {
    expect((await admin.post('/api/files/rename', { path: 'Dokumenty', name: 'Archív' })).statusCode).toBe(200);
    expect(await names()).toEqual(['dir:Archív']);
    expect(await names('Archív')).toContain('dir:Prázdny');
    expect((await admin.post('/api/files/mkdir', { path: '', name: 'Obrázky' })).statusCode).toBe(201);
    expect((await admin.post('/api/files/move', { from: 'Archív/Logo.png', to: 'Obrázky' })).statusCode).toBe(200);
    expect(await names('Obrázky')).toEqual(['file:Logo.png']);
    const moved = await server.app.inject({ method: 'GET', url: '/gallery/files/Obr%C3%A1zky/.thumbs/Logo.png' });
    expect(moved.statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url: '/gallery/files/Dokumenty/.thumbs/Logo.png' })).statusCode,
    ).toBe(404);

    const removed = await admin.post('/api/files/delete', { paths: ['Archív', 'Obrázky/Logo.png'] });
    expect(removed.json().count).toBe(2);
    expect(await names()).toEqual(['dir:Obrázky']);
    expect(await keys()).toEqual(driver === 's3' ? ['files/Obrázky/.folder'] : []);
  });

  it('a write the storage refuses: 507, nothing listed, served or left; the retry stores it', async () => {
    const before = await keys();
    const restore = driver === 's3' ? failS3Puts(store, { at: 2 }) : failMediaWrites({ at: 2 });
    let res: Awaited<ReturnType<typeof upload>>;
    try {
      res = await upload(admin, 'Obrázky', await png(), 'Foto.png');
    } finally {
      restore();
    }
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBeTruthy();
    expect(await names('Obrázky')).toEqual([]);
    expect(await keys()).toEqual(before);
    if (driver === 'local') expect(filesUnder(`${server.config.mediaDir}/files/Obrázky`)).toEqual([]);
    expect((await upload(admin, 'Obrázky', await png(), 'Foto.png')).statusCode).toBe(201);
    expect(await names('Obrázky')).toEqual(['file:Foto.png']);
  });
});
