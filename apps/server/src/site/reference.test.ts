import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { galleries, galleryLangs, referenceLangs, references } from '../db/schema.js';
import { buildGallery, buildGalleryImage, buildReference } from '../test/factories.js';
import { expectNotFoundPage, expectShown, languageLink, useSite } from '../test/site-cases.js';

const { ctx, db, visit, previewQuery } = useSite();

/** The titles of the reference list's entries, in order. */
const listed = (body: string) =>
  [...body.matchAll(/<h2><a href="\/en\/reference\/[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);

const setLang = (id: number, language_code: 'sk' | 'en', values: Partial<typeof referenceLangs.$inferInsert>) =>
  db()
    .update(referenceLangs)
    .set(values)
    .where(and(eq(referenceLangs.reference_id, id), eq(referenceLangs.language_code, language_code)));

const remove = (id: number) => db().update(references).set({ deleted_at: new Date() }).where(eq(references.id, id));

// Runs first, while only these references exist.
describe('site: the reference list', () => {
  it('lists published references by order, then newest first, ten a page', async () => {
    for (let n = 1; n <= 9; n++) await buildReference(db(), { title: `Project ${n}`, order: 5 });
    const top = await buildReference(db(), { title: 'Top project', order: 1 });
    await setLang(top, 'en', { panel_text: '<p>Built <em>fast</em></p>' });
    await buildReference(db(), { title: 'Last project', order: 9 });
    await buildReference(db(), { title: 'Hidden project', status: false });
    await buildReference(db(), { title: 'Future project', publish_up: '2999-01-01T00:00:00.000Z' });
    await buildReference(db(), { title: 'Expired project', publish_down: '2001-01-01T00:00:00.000Z' });
    await remove(await buildReference(db(), { title: 'Removed project' }));

    const first = await visit('/en/reference/');
    expectShown(first);
    expect(first.body).toContain('<h1>References</h1>');
    expect(listed(first.body)).toEqual([
      'Top project en',
      ...[9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => `Project ${n} en`),
    ]);
    expect(first.body).toContain('<p class="teaser">Built fast</p>');
    expect(first.body).not.toMatch(/Hidden project|Future project|Expired project|Removed project/);
    expect(first.body).toContain('<a rel="next" href="/en/reference/?page=2">');
    expect(languageLink(first.body, 'sk')).toBe('/sk/reference/');
    const second = await visit('/en/reference?page=2');
    expect(listed(second.body)).toEqual(['Last project en']);
    expectNotFoundPage(await visit('/en/reference/?page=3'), 'en');
  });
});

describe('site: one reference', () => {
  it('shows title, image, panel text, amount, the three contents, galleries and similars', async () => {
    const gallery = await buildGallery(db(), { title: 'Site photos' });
    const image = await buildGalleryImage(db(), gallery, { title: 'Crane' });
    await buildGalleryImage(db(), gallery, { title: 'Unreleased', status: false });
    const similar = await buildReference(db(), { title: 'Sister project' });
    const hiddenSimilar = await buildReference(db(), { title: 'Secret project', status: false });
    const id = await buildReference(db(), {
      title: 'Bridge project',
      amount: 42,
      galleries: [gallery],
      similars: [similar, hiddenSimilar],
    });
    await db().update(references).set({ image: 'abc123.webp' }).where(eq(references.id, id));
    await setLang(id, 'en', {
      content: '<p>The building<script>alert(1)</script></p>',
      content_road: '<p onclick="x()">The road</p>',
      content_railway: '<p>The railway</p>',
      panel_text: '<p>In short</p>',
      meta_title: 'Bridge, built',
    });

    const res = await visit('/en/reference/bridge-project-en');
    expectShown(res);
    const { body } = res;
    expect(body).toContain('<title>Bridge, built</title>');
    expect(body).toContain('<meta name="description" content="In short">');
    expect(body).toContain(`<img class="hero" src="/gallery/reference/${id}/abc123.webp" alt="" fetchpriority="high">`);
    expect(body).toContain('<h1>Bridge project en</h1>');
    expect(body).toContain('<p class="amount">Amount: <strong>42</strong></p>');
    expect(body).toContain('<p>The building</p>');
    expect(body).toContain('<h2>Road transport</h2><div class="content"><p>The road</p></div>');
    expect(body).toContain('<h2>Rail transport</h2><div class="content"><p>The railway</p></div>');
    expect(body).not.toMatch(/onclick|alert/);
    expect(body).toContain(`<a href="/en/gallery/site-photos-en">Site photos en</a>`);
    expect(body).toContain(`<img src="/gallery/gallery/${gallery}/thumb/${image.file}" alt="Crane en"`);
    expect(body).not.toContain('Unreleased');
    expect(body).toContain('<li><a href="/en/reference/sister-project-en">Sister project en</a></li>');
    expect(body).not.toContain('Secret project');
    expect(languageLink(body, 'sk')).toBe('/sk/reference/bridge-project-sk');
  });

  it('a hidden, scheduled, expired, removed or unknown reference → 404 page', async () => {
    await buildReference(db(), { title: 'Draft ref', status: false });
    await buildReference(db(), { title: 'Later ref', publish_up: '2999-01-01T00:00:00.000Z' });
    await buildReference(db(), { title: 'Old ref', publish_down: '2001-01-01T00:00:00.000Z' });
    await remove(await buildReference(db(), { title: 'Gone ref' }));
    for (const url of ['draft-ref-en', 'later-ref-en', 'old-ref-en', 'gone-ref-en', 'no-such-ref']) {
      expectNotFoundPage(await visit(`/en/reference/${url}`), 'en');
    }
  });

  it('a title holding markup is escaped', async () => {
    const id = await buildReference(db(), { title: 'Evil ref' });
    await setLang(id, 'en', { title: '<script>alert(1)</script>' });
    const { body } = await visit('/en/reference/evil-ref-en');
    expect(body).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(body).not.toContain('<script>'); // the only script tag is the tracker's (<script src=…>)
  });
});

describe('site: reference preview', () => {
  it("the admin's preview link shows a hidden reference; a tampered or another kind's token → 404 page", async () => {
    const id = await buildReference(db(), { title: 'Secret ref', status: false });
    const { url } = (await ctx.editor.get(`/api/reference/preview/${id}`)).json();
    const link = new URL(url);
    expect(link.pathname).toBe('/sk/reference/secret-ref-sk');
    const res = await visit(`${link.pathname}${link.search}`);
    expectShown(res, true);
    expect(languageLink(res.body, 'en')).toMatch(/^\/en\/reference\/secret-ref-en\?preview=/);
    const tampered = link.search.replace(/preview=(.)/, (_, c) => `preview=${c === 'A' ? 'B' : 'A'}`);
    for (const query of [tampered, previewQuery('article', id), previewQuery('page', id)]) {
      expectNotFoundPage(await visit(`/sk/reference/secret-ref-sk${query}`), 'sk');
    }
    await remove(id);
    expectNotFoundPage(await visit(`/sk/reference/secret-ref-sk${previewQuery('reference', id)}`), 'sk');
  });
});

describe('site: one gallery', () => {
  it('shows its title, content and shown images in order, thumbnails linking to originals', async () => {
    const id = await buildGallery(db(), { title: 'Harbour' });
    const second = await buildGalleryImage(db(), id, { title: 'Ships', position: 2 });
    const first = await buildGalleryImage(db(), id, { title: 'Cranes <b>', position: 1 });
    await buildGalleryImage(db(), id, { title: 'Hidden shot', status: false, position: 0 });
    await db()
      .update(galleryLangs)
      .set({ content: '<p>At dawn<script>x()</script></p>' })
      .where(and(eq(galleryLangs.gallery_id, id), eq(galleryLangs.language_code, 'en')));

    const res = await visit('/en/gallery/harbour-en');
    expectShown(res);
    const { body } = res;
    expect(body).toContain('<h1>Harbour en</h1>');
    expect(body).toContain('<p>At dawn</p>');
    const thumb = (image: { file: string }, title: string) =>
      `<li><a href="/gallery/gallery/${id}/${image.file}" title="${title}"><img src="/gallery/gallery/${id}/thumb/${image.file}" alt="${title}" width="150" height="120" loading="lazy"></a></li>`;
    expect(body).toContain(
      `<ul class="thumbs">${thumb(first, 'Cranes &lt;b&gt; en')}${thumb(second, 'Ships en')}</ul>`,
    );
    expect(body).not.toContain('Hidden shot');
    expect(languageLink(body, 'sk')).toBe('/sk/gallery/harbour-sk');
    expect((await visit('/sk/gallery/harbour-sk')).body).toContain('alt="Ships sk"');
  });

  it('a hidden or removed gallery → 404 page; galleries have no preview', async () => {
    await buildGallery(db(), { title: 'Closed gallery', status: false });
    const removed = await buildGallery(db(), { title: 'Removed gallery' });
    await db().update(galleries).set({ deleted_at: new Date() }).where(eq(galleries.id, removed));
    const hidden = await buildGallery(db(), { title: 'Private gallery', status: false });
    expectNotFoundPage(await visit('/en/gallery/closed-gallery-en'), 'en');
    expectNotFoundPage(await visit('/en/gallery/removed-gallery-en'), 'en');
    expectNotFoundPage(await visit(`/en/gallery/private-gallery-en${previewQuery('page', hidden)}`), 'en');
    expectNotFoundPage(await visit('/en/gallery/'), 'en');
  });
});
