import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postMultipart, useSignedInServer } from '../../test/content-cases.js';
import { multipartFields, pngImage } from '../../test/image-cases.js';
import { filesUnder } from '../../test/media-faults.js';
import { userCases, userInput } from '../../test/user-cases.js';

// A user's image (docs/features/media-storage.md): taken like other resources', written before the create's
// transaction.

const BASE = '/api/user';
const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;
const { editBody, signedIn } = userCases(ctx);

describe('users: image', () => {
  it('takes an image field like other resources (multipart) under /gallery/user/{id}/', async () => {
    const { user } = await signedIn();
    const body = await editBody(user.id);
    const fields: Record<string, string | Buffer> = {};
    for (const [key, value] of Object.entries(body)) {
      if (key === 'status') fields[key] = value ? '1' : '0';
      else fields[key] = value == null ? '' : String(value);
    }
    const bad = await postMultipart(ctx.admin, `${BASE}/${user.id}`, { ...fields, image: Buffer.from('not an image') });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ image: ['errors.image'] });
  });

  it('a create stores its image under the new id; one whose log entry fails leaves no user and no file', async () => {
    const media = join(ctx.server.config.mediaDir, 'user');
    const created = await postMultipart(
      ctx.admin,
      `${BASE}/`,
      multipartFields({ ...userInput(), image: await pngImage() }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id, image } = created.json().data as { id: number; image: string };
    expect(filesUnder(join(media, String(id)))).toContain(image);

    // The log entry is written in the create's transaction (docs/features/media-storage.md).
    const before = filesUnder(media);
    const userCount = async () =>
      Number(
        ((await db().execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] })
          .rows[0]?.n,
      );
    const total = await userCount();
    await db().execute(
      sql.raw(`create function refuse_log() returns trigger language plpgsql as $$
      begin raise exception 'test: log refused'; end $$`),
    );
    await db().execute(
      sql.raw('create trigger refuse_log before insert on activity_logs execute function refuse_log()'),
    );
    try {
      const refused = await postMultipart(
        ctx.admin,
        `${BASE}/`,
        multipartFields({ ...userInput(), image: await pngImage() }),
      );
      expect(refused.statusCode, refused.body).toBe(500);
    } finally {
      await db().execute(sql.raw('drop trigger refuse_log on activity_logs'));
      await db().execute(sql.raw('drop function refuse_log()'));
    }
    expect(await userCount()).toBe(total);
    expect(filesUnder(media)).toEqual(before);
  });
});
