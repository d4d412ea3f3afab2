import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { articles, imageRenditions, pages, type StoredRendition } from '../db/schema.js';
import { mediaStorage } from '../media/storage.js';
import { postMultipart } from '../test/content-cases.js';
import { buildArticle, buildGallery, buildGalleryImage, buildPage } from '../test/factories.js';
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

/** The renditions the job makes of a JPEG `width` × `height` (media/renditions.ts renditionPlan), as its row lists them. */
function jpegRenditions(width: number, height: number): StoredRendition[] {
  const widths = [320, 640, 1024, 1600].filter((w) => w < width);
  return [...widths, width].flatMap((w) =>
    (['avif', 'webp', 'jpeg'] as const)
      .filter((format) => format !== 'jpeg' || w !== width)
      .map((format) => ({ width: w, height: Math.round((height * w) / width), format })),
  );
}

describe('site: list and gallery thumbnails', () => {
  it('are the 150×120 thumbnail until the renditions exist, then their high-density sources in the same box', async () => {
    const article = await buildArticle(db(), { title: 'Dense story' });
    await db().update(articles).set({ image: 'c0c0c0c0.jpg' }).where(eq(articles.id, article));
    const gallery = await buildGallery(db(), { title: 'Dense trip' });
    const wide = await buildGalleryImage(db(), gallery, { title: 'Wide', file: 'd1d1d1d1.jpg' });
    const narrow = await buildGalleryImage(db(), gallery, { title: 'Narrow', file: 'e2e2e2e2.jpg' });

    const plain = (src: string, alt: string) =>
      `<img src="${src}" alt="${alt}" width="150" height="120" loading="lazy">`;
    const before = [(await visit('/en/news/')).body, (await visit('/en/gallery/dense-trip-en')).body];
    expect(before[0]).toContain(plain(`/gallery/blog/${article}/thumb/c0c0c0c0.jpg`, ''));
    expect(before[1]).toContain(
      `<a href="/gallery/gallery/${gallery}/${wide.file}" title="Wide en">${plain(`/gallery/gallery/${gallery}/thumb/${wide.file}`, 'Wide en')}</a>`,
    );
    for (const body of before) expect(body).not.toMatch(/<picture>|srcset/);

    await db()
      .insert(imageRenditions)
      .values([
        { key: `blog/${article}/c0c0c0c0.jpg`, width: 1200, height: 800, renditions: jpegRenditions(1200, 800) },
        { key: `gallery/${gallery}/${wide.file}`, width: 800, height: 533, renditions: jpegRenditions(800, 533) },
        { key: `gallery/${gallery}/${narrow.file}`, width: 300, height: 200, renditions: jpegRenditions(300, 200) },
      ]);
    /** The thumbnail drawn from the renditions of `folder`'s `file` up to 640 px (`own`: the original's candidate). */
    const dense = (folder: string, file: string, alt: string, widths: number[], own?: string) => {
      const at = (w: number, ext: string) => `/gallery/${folder}/renditions/${file}/${w}.${ext} ${w}w`;
      const set = (ext: string) => widths.map((w) => at(w, ext)).join(', ');
      return (
        '<picture>' +
        `<source type="image/avif" srcset="${set('avif')}" sizes="150px">` +
        `<source type="image/webp" srcset="${set('webp')}" sizes="150px">` +
        `<img class="cover" src="/gallery/${folder}/thumb/${file}" srcset="${own ?? set('jpg')}" sizes="150px" alt="${alt}" width="150" height="120" loading="lazy">` +
        '</picture>'
      );
    };
    const news = (await visit('/en/news/')).body;
    expect(news).toContain(
      `<a class="thumb" href="/en/news/dense-story-en" tabindex="-1" aria-hidden="true">${dense(`blog/${article}`, 'c0c0c0c0.jpg', '', [320, 640])}</a>`,
    );
    const page = (await visit('/en/gallery/dense-trip-en')).body;
    expect(page).toContain(
      `<a href="/gallery/gallery/${gallery}/${wide.file}" title="Wide en">${dense(`gallery/${gallery}`, wide.file, 'Wide en', [320, 640])}</a>`,
    );
    // An original narrower than the smallest width: its own size in AVIF and WebP, and itself.
    expect(page).toContain(
      dense(`gallery/${gallery}`, narrow.file, 'Narrow en', [300], `/gallery/gallery/${gallery}/${narrow.file} 300w`),
    );
    expect(page).not.toMatch(/\/(1024|1600)\.|\/800\./);
    // The box keeps the thumbnail's size and crop whatever the rendition's shape.
    expect(page).toContain('.cover{width:150px;height:120px;object-fit:cover}');
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
