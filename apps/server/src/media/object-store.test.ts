import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Config, s3EnvShape } from '../storage-config.js';
import { type S3TestServer, startS3TestServer } from '../test/s3-server.js';
import { localStore } from './local-store.js';
import { ObjectExistsError, ObjectNotFoundError, type ObjectStore, StorageKeyError } from './object-store.js';
import { s3Store } from './s3-store.js';

const text = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** The same contract, run against each driver: what the media and the file manager rely on. */
function contract(name: string, open: () => Promise<{ store: ObjectStore; close(): Promise<void> }>) {
  describe(`${name} object store`, () => {
    let store: ObjectStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => close());

    it('puts, gets, stats and streams an object; a unicode name is a name like any other', async () => {
      const key = 'files/Dokumenty/Žltý kôň – 日本.txt';
      await store.put(key, Buffer.from('príliš žltučký kôň'), { contentType: 'text/plain' });
      expect((await store.get(key)).toString('utf8')).toBe('príliš žltučký kôň');
      const info = await store.stat(key);
      expect(info).toMatchObject({ key, size: Buffer.byteLength('príliš žltučký kôň') });
      expect(info.etag).toMatch(/^"[^"]+"$/);
      expect(info.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      const { body, object } = await store.stream(key);
      expect(await text(body)).toBe('príliš žltučký kôň');
      expect(object.etag).toBe(info.etag);
    });

    it('streams a byte range and reports the whole size', async () => {
      await store.put('range/abc.txt', Buffer.from('0123456789'));
      const { body, object } = await store.stream('range/abc.txt', { start: 2, end: 5 });
      expect(await text(body)).toBe('2345');
      expect(object.size).toBe(10);
      const tail = await store.stream('range/abc.txt', { start: 9, end: 9 });
      expect(await text(tail.body)).toBe('9');
    });

    it('a put replaces an object whole; an exclusive one refuses an existing key', async () => {
      await store.put('replace/a.txt', Buffer.from('first version, longer'));
      await store.put('replace/a.txt', Buffer.from('second'));
      expect((await store.get('replace/a.txt')).toString()).toBe('second');
      await expect(store.put('replace/a.txt', Buffer.from('third'), { exclusive: true })).rejects.toBeInstanceOf(
        ObjectExistsError,
      );
      expect((await store.get('replace/a.txt')).toString()).toBe('second');
      await store.put('replace/b.txt', Buffer.from('new'), { exclusive: true });
      expect((await store.get('replace/b.txt')).toString()).toBe('new');
    });

    it('lists a prefix: its objects and its sub-prefixes, or everything below it', async () => {
      await store.put('list/a.txt', Buffer.from('a'));
      await store.put('list/b.txt', Buffer.from('bb'));
      await store.put('list/sub/c.txt', Buffer.from('ccc'));
      await store.put('list/sub/deeper/d.txt', Buffer.from('dddd'));
      await store.put('listing-not-under/x.txt', Buffer.from('x'));
      const top = await store.list('list/');
      expect(top.objects.map((o) => [o.key, o.size])).toEqual([
        ['list/a.txt', 1],
        ['list/b.txt', 2],
      ]);
      expect(top.prefixes).toEqual(['list/sub/']);
      const all = await store.list('list/', { recursive: true });
      expect(all.objects.map((o) => o.key)).toEqual([
        'list/a.txt',
        'list/b.txt',
        'list/sub/c.txt',
        'list/sub/deeper/d.txt',
      ]);
      expect(all.prefixes).toEqual([]);
      expect(await store.list('nothing-here/')).toEqual({ objects: [], prefixes: [] });
    });

    it('copies and moves; the source of a move is gone, a copy keeps it', async () => {
      await store.put('copy/src ž.txt', Buffer.from('payload'));
      await store.copy('copy/src ž.txt', 'copy/other/dst ž.txt');
      expect((await store.get('copy/other/dst ž.txt')).toString()).toBe('payload');
      expect((await store.get('copy/src ž.txt')).toString()).toBe('payload');
      await store.move('copy/src ž.txt', 'copy/moved.txt');
      expect((await store.get('copy/moved.txt')).toString()).toBe('payload');
      await expect(store.stat('copy/src ž.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(store.move('copy/moved.txt', 'copy/other/dst ž.txt', { exclusive: true })).rejects.toBeInstanceOf(
        ObjectExistsError,
      );
      expect((await store.get('copy/moved.txt')).toString()).toBe('payload');
    });

    it('deletes an object (a missing one is no error) and everything under a prefix', async () => {
      await store.put('del/one.txt', Buffer.from('1'));
      await store.put('del/sub/two.txt', Buffer.from('2'));
      await store.put('delete-me-not/three.txt', Buffer.from('3'));
      await store.delete('del/one.txt');
      await store.delete('del/one.txt');
      await expect(store.stat('del/one.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await store.deletePrefix('del/');
      expect((await store.list('del/', { recursive: true })).objects).toEqual([]);
      expect((await store.get('delete-me-not/three.txt')).toString()).toBe('3');
      await expect(store.deletePrefix('')).rejects.toBeInstanceOf(StorageKeyError);
    });

    it('an empty folder exists once created; a prefix moves with everything under it', async () => {
      await store.createFolder('folders/');
      await store.createFolder('folders/empty/');
      expect((await store.list('folders/')).prefixes).toEqual(['folders/empty/']);
      await expect(store.createFolder('folders/empty/')).rejects.toBeInstanceOf(ObjectExistsError);
      await store.put('folders/full/a.txt', Buffer.from('a'));
      await store.put('folders/full/deep/b.txt', Buffer.from('b'));
      await store.movePrefix('folders/full/', 'folders/moved/');
      expect((await store.list('folders/moved/', { recursive: true })).objects.map((o) => o.key)).toEqual([
        'folders/moved/a.txt',
        'folders/moved/deep/b.txt',
      ]);
      expect((await store.list('folders/full/', { recursive: true })).objects).toEqual([]);
      await expect(store.movePrefix('folders/none/', 'folders/x/')).rejects.toBeInstanceOf(ObjectNotFoundError);
    });

    it('a missing object is ObjectNotFoundError for get, stat, stream, copy and move', async () => {
      await expect(store.get('missing/x.png')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(store.stat('missing/x.png')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(store.stream('missing/x.png')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(store.copy('missing/x.png', 'missing/y.png')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(store.move('missing/x.png', 'missing/y.png')).rejects.toBeInstanceOf(ObjectNotFoundError);
      // A "folder" is not an object.
      await store.put('folder/inside.txt', Buffer.from('x'));
      await expect(store.stat('folder')).rejects.toBeInstanceOf(ObjectNotFoundError);
    });

    it('refuses keys that are not plain relative paths before touching anything', async () => {
      for (const key of ['', '/abs.txt', 'a/../../etc/passwd', '..', 'a//b', './a', 'a/./b', 'a\\b', 'a/\0b', 'end/']) {
        await expect(store.put(key, Buffer.from('x')), JSON.stringify(key)).rejects.toBeInstanceOf(StorageKeyError);
        await expect(store.get(key), JSON.stringify(key)).rejects.toBeInstanceOf(StorageKeyError);
      }
      await expect(store.list('no-slash')).rejects.toBeInstanceOf(StorageKeyError);
      await expect(store.list('../')).rejects.toBeInstanceOf(StorageKeyError);
    });
  });
}

contract('local', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'backoffice-store-'));
  return { store: localStore(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
});

contract('S3', async () => {
  const server: S3TestServer = await startS3TestServer();
  const settings = s3Config({
    S3_BUCKET: server.env.S3_BUCKET,
    S3_ENDPOINT: server.env.S3_ENDPOINT,
    S3_FORCE_PATH_STYLE: s3EnvShape.S3_FORCE_PATH_STYLE.parse('1'),
    AWS_REGION: server.env.AWS_REGION,
    AWS_ACCESS_KEY_ID: server.env.AWS_ACCESS_KEY_ID,
    AWS_SECRET_ACCESS_KEY: server.env.AWS_SECRET_ACCESS_KEY,
  });
  if (!settings) throw new Error('no S3 settings');
  const store = s3Store(settings);
  return {
    store,
    close: async () => {
      await store.close();
      await server.close();
    },
  };
});
