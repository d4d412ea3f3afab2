import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DELETE_MARKER, THUMBNAIL } from '@backoffice/shared';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { ImageRejectedError, imageFieldSchema, processImage, saveImageField } from './images.js';
import { mediaStorage, StoragePathError } from './storage.js';

const mediaDir = mkdtempSync(join(tmpdir(), 'backoffice-media-'));
const ctx = { config: { mediaDir } } as Parameters<typeof saveImageField>[0];
const storage = mediaStorage({ mediaDir });
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

const png = (width = 300, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
const files = (model: string, id: number, sub = '') => {
  const dir = join(mediaDir, model, String(id), sub);
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
};

describe('processImage', () => {
  it('crops the thumbnail to exactly THUMBNAIL, whatever the aspect ratio', async () => {
    for (const [w, h] of [
      [1000, 100],
      [100, 1000],
      [20, 10],
    ] as const) {
      const { thumb, width, height } = await processImage(await png(w, h));
      expect([width, height]).toEqual([w, h]);
      const meta = await sharp(thumb).metadata();
      expect([meta.width, meta.height]).toEqual([THUMBNAIL.width, THUMBNAIL.height]);
    }
  });

  it('refuses empty, unknown, SVG and oversized input with a typed error', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    const cases: [Buffer, string][] = [
      [Buffer.alloc(0), 'empty'],
      [Buffer.from('GIF89a but not really'), 'format'],
      [svg, 'format'],
      [Buffer.concat([await png(4, 4), randomBytes(10_000 * 1024)]), 'tooLarge'],
    ];
    for (const [buffer, reason] of cases) {
      await expect(processImage(buffer)).rejects.toSatisfy(
        (e) => e instanceof ImageRejectedError && e.reason === reason,
      );
    }
  });

  it('refuses a TIFF: allowed formats only', async () => {
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    await expect(processImage(tiff)).rejects.toBeInstanceOf(ImageRejectedError);
  });
});

describe('saveImageField', () => {
  const base = { model: 'page', field: 'image' };

  it('undefined keeps the current name and touches nothing', async () => {
    expect(await saveImageField(ctx, { ...base, id: 1, value: undefined, current: 'abc.png' })).toBe('abc.png');
    expect(await saveImageField(ctx, { ...base, id: 1, value: undefined, current: null })).toBeNull();
  });

  it('a new image is written (original + thumb) before the name is returned; the replaced one is removed', async () => {
    const first = await saveImageField(ctx, { ...base, id: 2, value: await png(), current: null });
    expect(first).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(files('page', 2)).toEqual([first]);
    expect(files('page', 2, 'thumb')).toEqual([first]);
    const second = await saveImageField(ctx, { ...base, id: 2, value: await png(), current: first });
    expect(second).not.toBe(first);
    expect(files('page', 2)).toEqual([second]);
    expect(files('page', 2, 'thumb')).toEqual([second]);
  });

  it('DELETE_MARKER removes both files and answers null', async () => {
    const name = await saveImageField(ctx, { ...base, id: 3, value: await png(), current: null });
    expect(await saveImageField(ctx, { ...base, id: 3, value: DELETE_MARKER, current: name })).toBeNull();
    expect(files('page', 3)).toEqual([]);
    expect(files('page', 3, 'thumb')).toEqual([]);
  });

  it('a refused image is a 422 on the field and nothing is written; the current image stays', async () => {
    const name = await saveImageField(ctx, { ...base, id: 4, value: await png(), current: null });
    const attempt = saveImageField(ctx, { ...base, id: 4, field: 'poster', value: Buffer.from('nope'), current: name });
    await expect(attempt).rejects.toSatisfy(
      (e) => e instanceof HttpError && e.status === 422 && e.errors?.poster?.[0] === 'errors.image',
    );
    expect(files('page', 4)).toEqual([name]);
    const text = saveImageField(ctx, { ...base, id: 4, value: 'hello', current: name });
    await expect(text).rejects.toBeInstanceOf(HttpError);
  });

  it('with persist: a failing row update removes the new files and keeps the old ones', async () => {
    const old = await saveImageField(ctx, { ...base, id: 5, value: await png(), current: null });
    let tried: string | null = null;
    const attempt = saveImageField(ctx, {
      ...base,
      id: 5,
      value: await png(),
      current: old,
      persist: async (file) => {
        tried = file;
        expect(files('page', 5)).toContain(file);
        throw new Error('409 stale');
      },
    });
    await expect(attempt).rejects.toThrow('409 stale');
    expect(tried).not.toBe(old);
    expect(files('page', 5)).toEqual([old]);
    expect(files('page', 5, 'thumb')).toEqual([old]);
  });

  it('with persist: the old files go only after the row holds the new name', async () => {
    const old = await saveImageField(ctx, { ...base, id: 6, value: await png(), current: null });
    let row: string | null = old;
    const next = await saveImageField(ctx, {
      ...base,
      id: 6,
      value: await png(),
      current: old,
      persist: async (file) => {
        expect(files('page', 6)).toContain(old);
        row = file;
      },
    });
    expect(row).toBe(next);
    expect(files('page', 6)).toEqual([next]);
  });
});

describe('imageFieldSchema', () => {
  it('takes a file, the delete marker or nothing; anything else is errors.image', () => {
    for (const ok of [Buffer.from('x'), DELETE_MARKER, undefined])
      expect(imageFieldSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['hello', 5, [Buffer.from('x')], {}]) {
      const result = imageFieldSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('errors.image');
    }
  });
});

describe('mediaStorage paths', () => {
  it('refuses names, models and ids that could leave the media root', () => {
    for (const [model, id, file] of [
      ['page', 1, '../../etc/passwd'],
      ['page', 1, '..'],
      ['page', 1, '.htaccess'],
      ['page', 1, 'a/b.png'],
      ['../x', 1, 'a.png'],
      ['page', -1, 'a.png'],
      ['page', 1.5, 'a.png'],
    ] as const) {
      expect(() => storage.keyOf(model, id, file), `${model}/${id}/${file}`).toThrow(StoragePathError);
    }
    expect(storage.keyOf('page', 7, 'abc.png', 'thumb')).toBe('page/7/thumb/abc.png');
    expect(storage.url('page', 7, 'abc.png', 'thumb')).toBe('/gallery/page/7/thumb/abc.png');
  });
});
