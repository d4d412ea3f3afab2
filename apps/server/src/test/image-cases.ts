import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { postMultipart, type SignedIn } from './content-cases.js';
import { failMediaWrites, filesUnder } from './media-faults.js';

/**
 * A JSON-shaped body as the admin's multipart fields (docs/api.md Writes): bracket keys for objects and arrays,
 * booleans as 1/0, null as an empty value; Buffers stay files.
 */
export function multipartFields(body: Record<string, unknown>): Record<string, string | Buffer> {
  const fields: Record<string, string | Buffer> = {};
  const add = (key: string, value: unknown) => {
    if (Buffer.isBuffer(value)) fields[key] = value;
    else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) add(`${key}[${i}]`, v);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    } else if (typeof value === 'boolean') fields[key] = value ? '1' : '0';
    else if (value !== undefined) fields[key] = value === null ? '' : String(value);
  };
  for (const [k, v] of Object.entries(body)) add(k, v);
  return fields;
}

export const pngImage = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

/**
 * The image fields of a resource's form (docs/api.md Writes, docs/features/media-storage.md): a real image is stored with its 150×120
 * thumbnail under `/gallery/<media>/<id>/`; a text file, an SVG with a script or an 11 MB file is a 422
 * `errors.image` on its field that stores neither the record nor a file; a save whose files cannot be written (a
 * full disk) is a 507 that changes nothing, and its retry succeeds; `@delete@` clears, any other string keeps.
 */
export function describeImageFields(
  name: string,
  ctx: SignedIn,
  spec: {
    base: string;
    media: string;
    fields: readonly string[];
    input: (title: string) => Record<string, unknown> | Promise<Record<string, unknown>>;
  },
) {
  const { base, media, fields } = spec;
  const post = async (url: string, title: string, extra: Record<string, unknown>) =>
    postMultipart(ctx.admin, url, multipartFields({ ...(await spec.input(title)), ...extra }));
  const each = (value: unknown) => Object.fromEntries(fields.map((f) => [f, value]));
  const total = async () => (await ctx.admin.get(`${base}/?per_page=100`)).json().meta.total;
  const folders = () => {
    const dir = join(ctx.server.config.mediaDir, media);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  describe(`${name}: ${fields.join(' and ')}`, () => {
    it(`stores each image and its 150×120 thumbnail, served under /gallery/${media}/<id>/`, async () => {
      const files = Object.fromEntries(await Promise.all(fields.map(async (f) => [f, await pngImage()] as const)));
      const res = await post(`${base}/`, `${name} With images`, files);
      expect(res.statusCode).toBe(201);
      const data = res.json().data;
      for (const field of fields) {
        expect(data[field]).toMatch(/^[0-9a-f]{32}\.png$/);
        const thumb = await ctx.server.app.inject({
          method: 'GET',
          url: `/gallery/${media}/${data.id}/thumb/${data[field]}`,
        });
        expect(thumb.statusCode).toBe(200);
        expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 150, height: 120 });
      }
    });

    it.each([
      ['a text file named .jpg', async () => Buffer.from('just text')],
      [
        'an SVG with a script',
        async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ],
      ['an 11 MB image', async () => Buffer.concat([await pngImage(), randomBytes(11 * 1024 * 1024)])],
    ])('%s is errors.image on each field: no record and no file is stored', async (_name, make) => {
      const [before, beforeFolders] = [await total(), folders()];
      const bad = await make();
      const res = await post(`${base}/`, `${name} Refused image`, each(bad));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(Object.fromEntries(fields.map((f) => [f, ['errors.image']])));
      expect(await total()).toBe(before);
      expect(folders()).toEqual(beforeFolders);
    });

    const disk = () => filesUnder(join(ctx.server.config.mediaDir, media));
    const images = async () =>
      Object.fromEntries(await Promise.all(fields.map(async (f) => [f, await pngImage()] as const)));
    // The last write is the thumbnail of the last field: every file written before it must go too.
    const lastWrite = fields.length * 2;

    it('a create whose images cannot be written (disk full) is a 507 that stores nothing; the retry succeeds', async () => {
      const [before, files] = [await total(), disk()];
      const restore = failMediaWrites({ at: lastWrite });
      let res: Awaited<ReturnType<typeof post>>;
      try {
        res = await post(`${base}/`, `${name} Disk full`, await images());
      } finally {
        restore();
      }
      expect(res.statusCode).toBe(507);
      expect(res.json().message).toBe("The server's storage is full: the file was not saved and nothing was changed.");
      expect(await total()).toBe(before);
      expect(disk()).toEqual(files);

      const retry = await post(`${base}/`, `${name} Disk full`, await images());
      expect(retry.statusCode).toBe(201);
      for (const field of fields) {
        const file = retry.json().data[field];
        expect(file).toMatch(/^[0-9a-f]{32}\.png$/);
        expect(existsSync(join(ctx.server.config.mediaDir, media, String(retry.json().data.id), 'thumb', file))).toBe(
          true,
        );
      }
    });

    it('an update whose images cannot be written (disk full) is a 507 that changes nothing; the retry succeeds', async () => {
      const created = (await post(`${base}/`, `${name} Full update`, await images())).json().data;
      const files = disk();
      const restore = failMediaWrites({ at: lastWrite });
      let res: Awaited<ReturnType<typeof post>>;
      try {
        res = await post(`${base}/${created.id}`, `${name} Full update changed`, {
          updated_at: created.updated_at,
          ...(await images()),
        });
      } finally {
        restore();
      }
      expect(res.statusCode).toBe(507);
      expect(res.json().message).toBe("The server's storage is full: the file was not saved and nothing was changed.");
      const after = (await ctx.admin.get(`${base}/${created.id}`)).json().data;
      expect(after.updated_at).toBe(created.updated_at);
      expect(after.langs).toEqual(created.langs);
      for (const field of fields) expect(after[field]).toBe(created[field]);
      expect(disk()).toEqual(files);

      const retry = await post(`${base}/${created.id}`, `${name} Full update changed`, {
        updated_at: created.updated_at,
        ...(await images()),
      });
      expect(retry.statusCode).toBe(200);
      const saved = retry.json().data;
      expect(saved.langs.en.title).toBe(`${name} Full update changed en`);
      for (const field of fields) {
        expect(saved[field]).not.toBe(created[field]);
        expect(existsSync(join(ctx.server.config.mediaDir, media, String(created.id), saved[field]))).toBe(true);
        // The replaced file stays while the version before names it (docs/features/revisions.md "Files").
        expect(existsSync(join(ctx.server.config.mediaDir, media, String(created.id), created[field]))).toBe(true);
      }
    });

    it('@delete@ clears the images; another string keeps them', async () => {
      const files = Object.fromEntries(await Promise.all(fields.map(async (f) => [f, await pngImage()] as const)));
      const created = (await post(`${base}/`, `${name} Clear images`, files)).json().data;
      const kept = await post(`${base}/${created.id}`, `${name} Clear images`, {
        updated_at: created.updated_at,
        ...Object.fromEntries(fields.map((f) => [f, created[f]])),
      });
      for (const field of fields) expect(kept.json().data[field]).toBe(created[field]);
      const cleared = await post(`${base}/${created.id}`, `${name} Clear images`, {
        updated_at: kept.json().data.updated_at,
        ...each('@delete@'),
      });
      expect(cleared.statusCode).toBe(200);
      for (const field of fields) {
        expect(cleared.json().data[field]).toBeNull();
        // Kept for the versions that name it (docs/features/revisions.md "Files").
        expect(existsSync(join(ctx.server.config.mediaDir, media, String(created.id), created[field]))).toBe(true);
      }
    });
  });
}
