import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROLES } from '@backoffice/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageLangs, pages, users } from '../db/schema.js';
import { postMultipart } from '../test/content-cases.js';
import { pageInput } from '../test/factories.js';
import { Agent, startTestServer, type TestServer } from '../test/harness.js';
import { multipartFields, pngImage } from '../test/image-cases.js';
import { failMediaWrites, filesUnder } from '../test/media-faults.js';

/*
 * A save whose media cannot be written changes nothing (SECURITY.md): the answer is a 507 with a message in the
 * request's language, no row is created or changed, no file stays under MEDIA_DIR, and the same save sent again
 * once the disk has room succeeds. The titled resources (news, galleries, references, partners) run the same
 * cases through describeImageFields; these are the resources with their own forms.
 */

let server: TestServer;
let admin: Agent;
let slovak: Agent;
const DISK_FULL_EN = "The server's storage is full: the file was not saved and nothing was changed.";
const DISK_FULL_SK = 'Úložisko servera je plné: súbor sa neuložil a nič sa nezmenilo.';
const REFUSED_EN = 'The server could not store the file: nothing was changed.';

beforeAll(async () => {
  server = await startTestServer();
  admin = new Agent(server.app, 'en');
  await admin.login();
  slovak = new Agent(server.app, 'sk');
  await slovak.login();
});
afterAll(() => server.close());

const db = () => server.ctx.db;
const media = () => filesUnder(server.config.mediaDir);

/** Runs `send` while media writes fail from the `at`-th on. */
async function withFault<T>(fault: Parameters<typeof failMediaWrites>[0], send: () => Promise<T>): Promise<T> {
  const restore = failMediaWrites(fault);
  try {
    return await send();
  } finally {
    restore();
  }
}

const pageFields = async (title: string, extra: Record<string, unknown> = {}) =>
  multipartFields({ ...pageInput({ title }), ...extra });
const pageCount = async () => (await db().select({ n: count() }).from(pages))[0]?.n;

describe('a page whose image cannot be written', () => {
  it('create, disk full: 507 in Slovak, no page row and no file; the retry creates it with its image', async () => {
    const [before, files] = [await pageCount(), media()];
    const fields = await pageFields('Full disk page', { image: await pngImage() });
    const res = await withFault({ at: 2 }, () => postMultipart(slovak, '/api/content/page/', fields));
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBe(DISK_FULL_SK);
    expect(await pageCount()).toBe(before);
    expect(await db().select().from(pageLangs).where(eq(pageLangs.title, 'Full disk page sk'))).toEqual([]);
    expect(media()).toEqual(files);

    const retry = await postMultipart(slovak, '/api/content/page/', fields);
    expect(retry.statusCode).toBe(201);
    const { id, image } = retry.json().data;
    expect(existsSync(join(server.config.mediaDir, 'page', String(id), image))).toBe(true);
    expect(existsSync(join(server.config.mediaDir, 'page', String(id), 'thumb', image))).toBe(true);
  });

  it('update, write refused (EACCES): 507 with its message, the row and its image unchanged; the retry saves', async () => {
    const created = (
      await postMultipart(admin, '/api/content/page/', await pageFields('Refused page', { image: await pngImage() }))
    ).json().data;
    const [row] = await db().select().from(pages).where(eq(pages.id, created.id));
    const files = media();
    const body = await pageFields('Refused page changed', { updated_at: created.updated_at, image: await pngImage() });
    const res = await withFault({ at: 1, code: 'EACCES' }, () =>
      postMultipart(admin, `/api/content/page/${created.id}`, body),
    );
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBe(REFUSED_EN);
    expect(await db().select().from(pages).where(eq(pages.id, created.id))).toEqual([row]);
    expect((await admin.get(`/api/content/page/${created.id}`)).json().data.langs.en.title).toBe('Refused page en');
    expect(media()).toEqual(files);

    const retry = await postMultipart(admin, `/api/content/page/${created.id}`, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.langs.en.title).toBe('Refused page changed en');
    expect(retry.json().data.image).not.toBe(created.image);
    expect(existsSync(join(server.config.mediaDir, 'page', String(created.id), retry.json().data.image))).toBe(true);
    // The replaced file stays while the version before names it (docs/features/revisions.md "Files").
    expect(existsSync(join(server.config.mediaDir, 'page', String(created.id), created.image))).toBe(true);
  });

  it('a stale update (409) with a new image leaves the old image and no new file', async () => {
    const created = (
      await postMultipart(
        admin,
        '/api/content/page/',
        await pageFields('Stale image page', { image: await pngImage() }),
      )
    ).json().data;
    const files = media();
    const res = await postMultipart(
      admin,
      `/api/content/page/${created.id}`,
      await pageFields('Stale image page', { updated_at: '2000-01-01T00:00:00.000Z', image: await pngImage() }),
    );
    expect(res.statusCode).toBe(409);
    expect((await admin.get(`/api/content/page/${created.id}`)).json().data.image).toBe(created.image);
    expect(media()).toEqual(files);
  });
});

let seq = 0;
const userFields = (extra: Record<string, unknown> = {}) => {
  seq += 1;
  return multipartFields({
    role_id: ROLES.editor,
    status: true,
    name: 'Disk',
    surname: `Full${seq}`,
    title_url: `disk-full-${seq}-${Date.now()}`,
    email: `disk.full${seq}.${Date.now()}@example.com`,
    password: 'secret',
    password_2: 'secret',
    sex: 2,
    ...extra,
  });
};

describe('a user whose image cannot be written', () => {
  it('create, disk full: 507, no user row and no file; the retry creates the user with the image', async () => {
    const fields = userFields({ image: await pngImage() });
    const files = media();
    const res = await withFault({ at: 1 }, () => postMultipart(admin, '/api/user/', fields));
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBe(DISK_FULL_EN);
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.email, String(fields.email))),
    ).toEqual([]);
    expect(media()).toEqual(files);

    const retry = await postMultipart(admin, '/api/user/', fields);
    expect(retry.statusCode).toBe(201);
    const { id, image } = retry.json().data;
    expect(image).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(existsSync(join(server.config.mediaDir, 'user', String(id), 'thumb', image))).toBe(true);
  });

  it('update, disk full: 507 and the user row unchanged; the retry saves the new name and image', async () => {
    const fields = userFields();
    const created = (await postMultipart(admin, '/api/user/', fields)).json().data;
    const [row] = await db().select().from(users).where(eq(users.id, created.id));
    const files = media();
    const body = { ...fields, name: 'Changed', password: '', password_2: '', image: await pngImage() };
    const res = await withFault({ at: 2 }, () => postMultipart(admin, `/api/user/${created.id}`, body));
    expect(res.statusCode).toBe(507);
    expect(await db().select().from(users).where(eq(users.id, created.id))).toEqual([row]);
    expect(media()).toEqual(files);

    const retry = await postMultipart(admin, `/api/user/${created.id}`, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ name: 'Changed', image: expect.stringMatching(/\.png$/) });
  });
});

describe('an editor image that cannot be written', () => {
  it('POST /api/upload, disk full: 507 with the message and no file', async () => {
    const files = media();
    const full = await withFault({ at: 1 }, async () =>
      postMultipart(admin, '/api/upload', { file: await pngImage() }),
    );
    expect(full.statusCode).toBe(507);
    expect(full.json().message).toBe(DISK_FULL_EN);
    expect(media()).toEqual(files);
    expect((await postMultipart(admin, '/api/upload', { file: await pngImage() })).statusCode).toBe(200);
  });
});
