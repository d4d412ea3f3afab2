import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pages } from '../db/schema.js';
import { mediaStorage } from '../media/storage.js';
import { postMultipart } from '../test/content-cases.js';
import { buildPage } from '../test/factories.js';
import { useSite } from '../test/site-cases.js';

const { ctx, db, visit } = useSite();

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0a6' } })
    .png()
    .toBuffer();

describe('site: images keep their place while they load', () => {
  it("a page's image carries the stored picture's width and height", async () => {
    const id = await buildPage(db(), { title: 'Sized hero' });
    const image = await png(640, 360);
    await mediaStorage(ctx.server.config).write('page', id, 'a0a0a0a0.png', { original: image, thumb: image });
    await db().update(pages).set({ image: 'a0a0a0a0.png' }).where(eq(pages.id, id));

    const { body, statusCode } = await visit('/en/sized-hero-en');
    expect(statusCode).toBe(200);
    expect(body).toContain(
      `<img class="hero" src="/gallery/page/${id}/a0a0a0a0.png" alt="" width="640" height="360" fetchpriority="high">`,
    );
  });

  it('an image whose file is gone is still linked, without a size', async () => {
    const id = await buildPage(db(), { title: 'Lost hero' });
    await db().update(pages).set({ image: 'b1b1b1b1.png' }).where(eq(pages.id, id));
    const { body } = await visit('/en/lost-hero-en');
    expect(body).toContain(`<img class="hero" src="/gallery/page/${id}/b1b1b1b1.png" alt="" fetchpriority="high">`);
  });
});

describe('site: /favicon.ico', () => {
  it('answers 204 with a cache header while no favicon is configured', async () => {
    const res = await visit('/favicon.ico');
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers the favicon of the main settings with its content type', async () => {
    const icon = await png(32, 32);
    expect((await postMultipart(ctx.admin, '/api/settings/1', { 'favicon[sk]': icon })).statusCode).toBe(200);
    const res = await visit('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(32);
  });
});
