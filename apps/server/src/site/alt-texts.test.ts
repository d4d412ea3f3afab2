// Alternative texts per language (docs/features/media-storage.md "Alternative texts"): saved with the record's other
// translated fields, said by the site's <img alt> and the delivery API in the page's locale.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articles, pages, partners, references } from '../db/schema.js';
import {
  articleInput,
  buildGallery,
  buildGalleryImage,
  pageInput,
  partnerInput,
  referenceInput,
} from '../test/factories.js';
import { useSite } from '../test/site-cases.js';

const { ctx, db, visit } = useSite();
const delivery = (path: string) => ctx.server.app.inject({ method: 'GET', url: `/api/delivery${path}` });
const alts = { sk: 'Žeriav nad prístavom', en: 'A crane above the harbour' };

/** The input with each locale's image_alt set to `alts`. */
function withAlts<T extends { langs: Record<'sk' | 'en', object> }>(input: T): T {
  return {
    ...input,
    langs: { sk: { ...input.langs.sk, image_alt: alts.sk }, en: { ...input.langs.en, image_alt: alts.en } },
  };
}

describe('alternative texts of images', () => {
  it("a page's, an article's and a reference's image alt text is saved per language and said by the site", async () => {
    const page = await ctx.admin.post('/api/content/page/', withAlts(pageInput({ title: 'Alt page' })));
    expect(page.statusCode).toBe(201);
    const pageId: number = page.json().data.id;
    expect(page.json().data.langs.sk.image_alt).toBe(alts.sk);
    await db().update(pages).set({ image: 'a1a1a1a1.png' }).where(eq(pages.id, pageId));
    expect((await visit('/sk/alt-page-sk', 'sk')).body).toContain(
      `<img class="hero" src="/gallery/page/${pageId}/a1a1a1a1.png" alt="${alts.sk}"`,
    );
    expect((await visit('/en/alt-page-en')).body).toContain(`alt="${alts.en}"`);
    expect((await delivery('/pages/alt-page-en?locale=en')).json().data.image).toMatchObject({ alt: alts.en });

    const article = await ctx.admin.post('/api/blog/', withAlts(await articleInput(db(), { title: 'Alt story' })));
    expect(article.statusCode, article.body).toBe(201);
    const articleId: number = article.json().data.id;
    await db().update(articles).set({ poster: 'b2b2b2b2.png' }).where(eq(articles.id, articleId));
    expect((await visit('/en/news/alt-story-en')).body).toContain(
      `<img class="hero" src="/gallery/blog/${articleId}/b2b2b2b2.png" alt="${alts.en}"`,
    );
    expect((await delivery('/news/alt-story-sk?locale=sk')).json().data.image).toMatchObject({ alt: alts.sk });

    const reference = await ctx.admin.post('/api/reference/', withAlts(referenceInput({ title: 'Alt crane' })));
    expect(reference.statusCode, reference.body).toBe(201);
    const referenceId: number = reference.json().data.id;
    await db().update(references).set({ image: 'c3c3c3c3.png' }).where(eq(references.id, referenceId));
    const shown = (await visit('/sk/reference/alt-crane-sk', 'sk')).body;
    expect(shown).toContain(`<img class="hero" src="/gallery/reference/${referenceId}/c3c3c3c3.png" alt="${alts.sk}"`);
  });

  it('an image without an alt text is decoration (alt=""); a partner\'s logo carries its own in the API', async () => {
    const page = await ctx.admin.post('/api/content/page/', pageInput({ title: 'Plain hero' }));
    const pageId: number = page.json().data.id;
    expect(page.json().data.langs.en.image_alt).toBe('');
    await db().update(pages).set({ image: 'd4d4d4d4.png' }).where(eq(pages.id, pageId));
    expect((await visit('/en/plain-hero-en')).body).toContain(`src="/gallery/page/${pageId}/d4d4d4d4.png" alt=""`);

    const partner = await ctx.admin.post('/api/partner/', withAlts(partnerInput({ title: 'Alt partner' })));
    expect(partner.statusCode, partner.body).toBe(201);
    const partnerId: number = partner.json().data.id;
    await db().update(partners).set({ image: 'e5e5e5e5.png' }).where(eq(partners.id, partnerId));
    const listed = (await delivery('/partners?locale=sk')).json().data as { id: number; image: { alt: string } }[];
    expect(listed.find((p) => p.id === partnerId)?.image.alt).toBe(alts.sk);
  });

  it("a gallery image's alt text is said on the site and in the API, its title where it has none", async () => {
    const gallery = await buildGallery(db(), { title: 'Alt harbour' });
    const described = await buildGalleryImage(db(), gallery, { title: 'Crane', file: 'f6f6f6f6.jpg' });
    await buildGalleryImage(db(), gallery, { title: 'Ship', file: 'a7a7a7a7.jpg' });
    const saved = await ctx.admin.post(`/api/gallery/image/${gallery}/${described.id}`, {
      languages: { sk: { title: 'Žeriav', alt: alts.sk }, en: { title: 'Crane', alt: alts.en } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const sk = (await visit('/sk/gallery/alt-harbour-sk', 'sk')).body;
    expect(sk).toContain(`<img src="/gallery/gallery/${gallery}/thumb/f6f6f6f6.jpg" alt="${alts.sk}"`);
    expect(sk).toContain(`<img src="/gallery/gallery/${gallery}/thumb/a7a7a7a7.jpg" alt="Ship sk"`);
    const images = (await delivery('/galleries/alt-harbour-en?locale=en')).json().data.images as { alt: string }[];
    expect(images.map((image) => image.alt)).toEqual([alts.en, 'Ship en']);
  });

  it('an alt text over 255 characters is refused on its field', async () => {
    const input = pageInput({ title: 'Long alt' });
    const res = await ctx.admin.post('/api/content/page/', {
      ...input,
      langs: { ...input.langs, en: { ...input.langs.en, image_alt: 'x'.repeat(256) } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['langs.en.image_alt']).toEqual(['errors.invalid']);
  });
});
