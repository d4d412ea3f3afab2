import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS } from '@backoffice/shared';
import { asc } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settings, settingValues } from '../../db/schema.js';
import { readSettings } from '../../db/settings.js';
import { postMultipart, useSignedInServer } from '../../test/content-cases.js';
import { Agent } from '../../test/harness.js';
import { multipartFields, pngImage } from '../../test/image-cases.js';
import { failMediaWrites, filesUnder } from '../../test/media-faults.js';

/*
 * A settings save whose image cannot be written changes nothing (SECURITY.md), like the content resources'
 * (media/half-saved.test.ts): 507 with a message in the request's language, every value as it was (the text sent
 * in the same save too), no new file under MEDIA_DIR/settings; the same save sent again once the disk has room
 * succeeds, and only then does the replaced file go.
 */

const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const MAIN = SETTINGS.main.id;
const DISK_FULL_SK = 'Úložisko servera je plné: súbor sa neuložil a nič sa nezmenilo.';
const REFUSED_EN = 'The server could not store the file: nothing was changed.';

let slovak: Agent;
beforeAll(async () => {
  slovak = new Agent(ctx.server.app, 'sk');
  await slovak.login();
});

const settingsDir = () => join(ctx.server.config.mediaDir, 'settings');
const stored = (file: string, thumb = false) =>
  existsSync(join(settingsDir(), String(MAIN), ...(thumb ? ['thumb'] : []), file));
/** Every value of the four records and their updated_at, as the database holds them. */
const everything = async () => ({
  records: await db().select().from(settings).orderBy(asc(settings.id)),
  values: await db()
    .select()
    .from(settingValues)
    .orderBy(asc(settingValues.setting_id), asc(settingValues.key), asc(settingValues.language_code)),
});

const mainFields = (extra: Record<string, unknown> = {}) =>
  multipartFields({
    meta_title: { sk: 'Titulok webu', en: 'Site title' },
    meta_description: { sk: 'd'.repeat(120), en: 'd'.repeat(120) },
    og_title: { sk: 'Demo', en: 'Demo' },
    og_description: { sk: 'o'.repeat(100), en: 'o'.repeat(100) },
    copyright: { sk: '© Demo', en: '© Demo Ltd.' },
    ...extra,
  });

/** Runs `send` while media writes fail from the `at`-th on. */
async function withFault<T>(fault: Parameters<typeof failMediaWrites>[0], send: () => Promise<T>): Promise<T> {
  const restore = failMediaWrites(fault);
  try {
    return await send();
  } finally {
    restore();
  }
}

/** Saves a favicon for sk and answers its file name. */
async function savedFavicon(): Promise<string> {
  const res = await postMultipart(
    ctx.admin,
    `/api/settings/${MAIN}`,
    mainFields({ favicon: { sk: await pngImage() } }),
  );
  expect(res.statusCode).toBe(200);
  const file = res.json().data.favicon.sk as string;
  expect(stored(file)).toBe(true);
  return file;
}

async function expectServed(file: string) {
  for (const url of [`/gallery/settings/${MAIN}/${file}`, `/gallery/settings/${MAIN}/thumb/${file}`])
    expect((await ctx.admin.get(url)).statusCode).toBe(200);
}

describe('settings images: a save whose image cannot be written', () => {
  it('favicon, disk full: 507 in Slovak, no value changed (nor the title sent with it), no new file; the retry saves', async () => {
    const old = await savedFavicon();
    const [before, files] = [await everything(), filesUnder(settingsDir())];
    const body = mainFields({ meta_title: { sk: 'Nový titulok', en: 'New title' }, favicon: { sk: await pngImage() } });

    // The thumbnail's write fails: the original written just before must go too.
    const res = await withFault({ at: 2 }, () => postMultipart(slovak, `/api/settings/${MAIN}`, body));
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBe(DISK_FULL_SK);
    expect(await everything()).toEqual(before);
    expect(filesUnder(settingsDir())).toEqual(files);
    expect(stored(old) && stored(old, true)).toBe(true);

    const retry = await postMultipart(slovak, `/api/settings/${MAIN}`, body);
    expect(retry.statusCode).toBe(200);
    const { favicon, meta_title } = retry.json().data;
    expect(meta_title).toEqual({ sk: 'Nový titulok', en: 'New title' });
    expect(favicon.sk).toMatch(/^[0-9a-f]{32}\.png$/);
    expect((await readSettings(db(), 'main')).favicon.sk).toBe(favicon.sk);
    await expectServed(favicon.sk);
    // The replaced favicon stays while a version names it (the one before this save), as a content record's.
    expect(stored(old) && stored(old, true)).toBe(true);
  });

  it('og_image refused (EACCES) after the favicon was written: 507, nothing changed, a @delete@ undone; the retry saves', async () => {
    const old = await savedFavicon();
    const [before, files] = [await everything(), filesUnder(settingsDir())];
    const body = mainFields({
      copyright: { sk: '© Iné', en: '© Other' },
      og_image: { en: await pngImage() },
      favicon: { sk: '@delete@', en: await pngImage() },
    });

    // og_image.en is written first (writes 1 and 2), favicon.en's original is the third write.
    const res = await withFault({ at: 3, code: 'EACCES' }, () =>
      postMultipart(ctx.admin, `/api/settings/${MAIN}`, body),
    );
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBe(REFUSED_EN);
    expect(await everything()).toEqual(before);
    expect(filesUnder(settingsDir())).toEqual(files);
    expect((await ctx.admin.get(`/api/settings/${MAIN}`)).json().data.favicon.sk).toBe(old);

    const retry = await postMultipart(ctx.admin, `/api/settings/${MAIN}`, body);
    expect(retry.statusCode).toBe(200);
    const { og_image, favicon, copyright } = retry.json().data;
    expect(copyright).toEqual({ sk: '© Iné', en: '© Other' });
    expect(favicon.sk).toBe('');
    await expectServed(og_image.en);
    await expectServed(favicon.en);
    expect(stored(old)).toBe(true);
  });

  it('a stale save (409) with a new image keeps the old one and leaves no new file', async () => {
    const old = await savedFavicon();
    const [before, files] = [await everything(), filesUnder(settingsDir())];
    const res = await postMultipart(
      ctx.admin,
      `/api/settings/${MAIN}`,
      mainFields({ updated_at: '2000-01-01T00:00:00.000Z', favicon: { sk: await pngImage() } }),
    );
    expect(res.statusCode).toBe(409);
    expect(await everything()).toEqual(before);
    expect(filesUnder(settingsDir())).toEqual(files);
    expect(stored(old)).toBe(true);
  });
});

// The files of kept versions (docs/features/revisions.md "Files"), as revision-files.test.ts checks a content
// record's: a replaced image stays while a version names it, comes back with that version, and goes once no version
// names it.
describe('settings images: the files of kept versions', () => {
  afterEach(() => {
    delete process.env.REVISIONS_KEEP;
  });
  const versions = async () =>
    (await ctx.admin.get(`/api/settings/${MAIN}/revisions?per_page=100`)).json().data as { id: number }[];
  const restore = async (revision: number) => {
    const { updated_at } = (await ctx.admin.get(`/api/settings/${MAIN}`)).json();
    return ctx.admin.post(`/api/settings/${MAIN}/revisions/${revision}/restore`, { updated_at });
  };

  it('restoring a version brings its favicon back, and the one it replaces stays for its own version', async () => {
    const first = await savedFavicon();
    const [named] = await versions();
    const second = await savedFavicon();
    expect(stored(first) && stored(first, true)).toBe(true);

    const res = await restore(named?.id as number);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.favicon.sk).toBe(first);
    expect((await readSettings(db(), 'main')).favicon.sk).toBe(first);
    await expectServed(first);
    expect(stored(second)).toBe(true);
  });

  it('a version without a favicon clears it again; one whose file is gone keeps the current favicon', async () => {
    const first = await savedFavicon();
    const [withFirst] = await versions();
    const cleared = await postMultipart(
      ctx.admin,
      `/api/settings/${MAIN}`,
      mainFields({ favicon: { sk: '@delete@' } }),
    );
    expect(cleared.json().data.favicon.sk).toBe('');
    const [without] = await versions();
    expect((await restore(withFirst?.id as number)).json().data.favicon.sk).toBe(first);
    expect((await restore(without?.id as number)).json().data.favicon.sk).toBe('');

    const current = await savedFavicon();
    rmSync(join(settingsDir(), String(MAIN), first));
    const res = await restore(withFirst?.id as number);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.favicon.sk).toBe(current);
  });

  it('a favicon only pruned versions named goes with the save that pruned them; without history at once', async () => {
    process.env.REVISIONS_KEEP = '2';
    const first = await savedFavicon();
    const second = await savedFavicon();
    expect(stored(first)).toBe(true);
    // Two more saves: the versions naming the first favicon are pruned.
    await postMultipart(ctx.admin, `/api/settings/${MAIN}`, mainFields({ copyright: { sk: '© A', en: '© A' } }));
    await postMultipart(ctx.admin, `/api/settings/${MAIN}`, mainFields({ copyright: { sk: '© B', en: '© B' } }));
    expect(stored(first) || stored(first, true)).toBe(false);
    expect(stored(second)).toBe(true);

    process.env.REVISIONS_KEEP = '0';
    const third = await savedFavicon();
    await savedFavicon();
    expect(stored(third) || stored(third, true)).toBe(false);
  });
});
