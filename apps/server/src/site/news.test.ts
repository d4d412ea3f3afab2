import { MODULES } from '@backoffice/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleLangs, articles } from '../db/schema.js';
import { buildArticle, buildCategory, buildGallery, buildGalleryImage, buildPage } from '../test/factories.js';
import { expectNotFoundPage, expectShown, languageLink, useSite } from '../test/site-cases.js';

const { ctx, db, visit, previewQuery } = useSite();

/** The day `day` of January 2020 at noon, as the forms send a publish_up. */
const january = (day: number) => `2020-01-${String(day).padStart(2, '0')}T12:00:00.000Z`;

/** The titles of the news list's articles, in order. */
const listed = (body: string) =>
  [...body.matchAll(/<h[23]><a href="\/en\/news\/[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);

const setLang = (id: number, language_code: 'sk' | 'en', values: Partial<typeof articleLangs.$inferInsert>) =>
  db()
    .update(articleLangs)
    .set(values)
    .where(and(eq(articleLangs.article_id, id), eq(articleLangs.language_code, language_code)));

let transport = 0;

// Runs first, while only these articles exist.
describe('site: the news list', () => {
  it('lists published news newest first, ten a page, with date, categories and a plain-text teaser', async () => {
    transport = await buildCategory(db(), { title: 'Transport' });
    for (let day = 1; day <= 12; day++) {
      await buildArticle(db(), { title: `Story ${day}`, publish_up: january(day), categories: [transport] });
    }
    const newest = await buildArticle(db(), { title: 'Story 12b', publish_up: january(12) });
    await setLang(newest, 'en', { content: '<p>Roads <strong>&amp;</strong> rails<script>x()</script></p>' });
    await db().update(articles).set({ image: 'a1b2c3.jpg' }).where(eq(articles.id, newest));
    await buildArticle(db(), { title: 'Hidden story', status: false, publish_up: january(20) });
    await buildArticle(db(), { title: 'Future story', publish_up: '2999-01-01T00:00:00.000Z' });
    await buildArticle(db(), { title: 'Expired story', publish_up: january(21), publish_down: january(22) });
    const removed = await buildArticle(db(), { title: 'Removed story', publish_up: january(23) });
    await db().update(articles).set({ deleted_at: new Date() }).where(eq(articles.id, removed));

    const first = await visit('/en/news/');
    expectShown(first);
    expect(first.body).toContain('<title>News</title>');
    expect(first.body).toContain('<h1>News</h1>');
    // Same date: the later article first.
    expect(listed(first.body)).toEqual(['12b', 12, 11, 10, 9, 8, 7, 6, 5, 4].map((d) => `Story ${d} en`));
    expect(first.body).not.toMatch(/Hidden story|Future story|Expired story|Removed story/);
    expect(first.body).toContain(`<img src="/gallery/blog/${newest}/thumb/a1b2c3.jpg" alt=""`);
    expect(first.body).toContain('<p class="teaser">Roads &amp; rails</p>');
    expect(first.body).toContain(`<time datetime="${january(11)}">11 January 2020</time>`);
    expect(first.body).toContain('<span class="categories" aria-label="Categories">Transport en</span>');
    expect(first.body).toContain('<a rel="next" href="/en/news/?page=2">');
    expect(first.body).not.toContain('rel="prev"');
    expect(languageLink(first.body, 'sk')).toBe('/sk/news/');

    const second = await visit('/en/news?page=2');
    expectShown(second);
    expect(listed(second.body)).toEqual(['Story 3 en', 'Story 2 en', 'Story 1 en']);
    expect(second.body).toContain('<a rel="prev" href="/en/news/">');
    expect(second.body).toContain('Page 2 of 2');
    expect(second.body).not.toContain('rel="next"');

    for (const page of ['3', '0', '-1', 'abc', '1&page=2'])
      expectNotFoundPage(await visit(`/en/news/?page=${page}`), 'en');
    expect((await visit('/sk/news/')).body).toContain('<h1>Novinky</h1>');
  });

  it('an article without a publish date is dated by its creation and comes first', async () => {
    await buildArticle(db(), { title: 'Fresh story' });
    expect(listed((await visit('/en/news/')).body)[0]).toBe('Fresh story en');
  });

  it('a page hosting the News module shows the list below its content, narrowed to its category', async () => {
    const other = await buildCategory(db(), { title: 'Other' });
    await buildArticle(db(), { title: 'Other story', categories: [other] });
    await buildPage(db(), { title: 'Newsroom', module_id: MODULES.blog });
    await buildPage(db(), { title: 'Other news', module_id: MODULES.blog, category_id: other });

    const all = await visit('/en/newsroom-en');
    expectShown(all);
    expect(all.body).toMatch(/<h1>Newsroom en<\/h1>[\s\S]*<section class="news-section"><h2>News<\/h2>/);
    expect(listed(all.body).slice(0, 2)).toEqual(['Other story en', 'Fresh story en']);
    expect(all.body).toContain('<a rel="next" href="/en/newsroom-en?page=2">');
    const next = await visit('/en/newsroom-en?page=2');
    expect(next.body).toContain('<a rel="prev" href="/en/newsroom-en">');
    expectNotFoundPage(await visit('/en/newsroom-en?page=9'), 'en');

    const narrowed = await visit('/en/other-news-en');
    expect(listed(narrowed.body)).toEqual(['Other story en']);
  });
});

describe('site: one article', () => {
  it('shows title, date, categories, image, sanitised content, galleries, similars and meta tags', async () => {
    const gallery = await buildGallery(db(), { title: 'Road trip' });
    const shown = await buildGalleryImage(db(), gallery, { title: 'Bridge' });
    await buildGalleryImage(db(), gallery, { title: 'Blurred', status: false });
    const hiddenGallery = await buildGallery(db(), { title: 'Hidden trip', status: false });
    const similar = await buildArticle(db(), { title: 'Related story' });
    const hiddenSimilar = await buildArticle(db(), { title: 'Unrelated draft', status: false });
    const id = await buildArticle(db(), {
      title: 'Big story',
      publish_up: '2021-03-04T10:00:00.000Z',
      categories: [transport],
      galleries: [gallery, hiddenGallery],
      similars: [similar, hiddenSimilar],
    });
    await db().update(articles).set({ poster: 'f00d.png' }).where(eq(articles.id, id));
    await setLang(id, 'en', {
      content: '<p onclick="alert(1)">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
      meta_title: 'Big story, told',
      meta_description: 'All about it & more',
    });

    const res = await visit('/en/news/big-story-en');
    expectShown(res);
    const { body } = res;
    expect(body).toContain('<title>Big story, told</title>');
    expect(body).toContain('<meta name="description" content="All about it &amp; more">');
    expect(body).toContain('<h1>Big story en</h1>');
    expect(body).toContain('<time datetime="2021-03-04T10:00:00.000Z">4 March 2021</time>');
    expect(body).toContain('Transport en');
    expect(body).toContain(`<img class="hero" src="/gallery/blog/${id}/f00d.png" alt="" fetchpriority="high">`);
    expect(body).toContain('<p>Hi</p>');
    expect(body).not.toMatch(/onclick|javascript:/);
    expect(body).toContain(`<a href="/en/gallery/road-trip-en">Road trip en</a>`);
    expect(body).toContain(
      `<a href="/gallery/gallery/${gallery}/${shown.file}" title="Bridge en"><img src="/gallery/gallery/${gallery}/thumb/${shown.file}"`,
    );
    expect(body).not.toMatch(/Blurred|Hidden trip/);
    expect(body).toContain('<li><a href="/en/news/related-story-en">Related story en</a></li>');
    expect(body).not.toContain('Unrelated draft');
    expect(languageLink(body, 'sk')).toBe('/sk/news/big-story-sk');

    const sk = await visit('/sk/news/big-story-sk');
    expectShown(sk);
    expect(sk.body).toContain('<h1>Big story sk</h1>');
    expect(sk.body).toContain('<time datetime="2021-03-04T10:00:00.000Z">4. marca 2021</time>');
    expect(languageLink(sk.body, 'en')).toBe('/en/news/big-story-en');
  });

  it('a hidden, scheduled, expired, removed, unknown or other-locale article → 404 page', async () => {
    await buildArticle(db(), { title: 'Draft story', status: false });
    await buildArticle(db(), { title: 'Later story', publish_up: '2999-01-01T00:00:00.000Z' });
    await buildArticle(db(), { title: 'Old story', publish_down: january(1) });
    const removed = await buildArticle(db(), { title: 'Gone story' });
    await db().update(articles).set({ deleted_at: new Date() }).where(eq(articles.id, removed));
    await buildArticle(db(), { title: 'Live story' });
    for (const url of ['draft-story-en', 'later-story-en', 'old-story-en', 'gone-story-en', 'no-such-story']) {
      expectNotFoundPage(await visit(`/en/news/${url}`), 'en');
    }
    expectNotFoundPage(await visit('/sk/news/live-story-en'), 'sk');
    expectNotFoundPage(await visit('/en/news/live-story-en/more'), 'en');
    expectShown(await visit('/en/news/live-story-en'));
  });

  it('a title holding markup is escaped in the article and in the list', async () => {
    const id = await buildArticle(db(), { title: 'Evil story' });
    await setLang(id, 'en', { title: '<script>alert(1)</script> "quoted"', meta_description: '"><script>x</script>' });
    const { body } = await visit('/en/news/evil-story-en');
    expect(body).not.toContain('<script>'); // the only script tag is the tracker's (<script src=…>)
    expect(body).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot;</h1>');
    expect(body).toContain('content="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    const list = await visit('/en/news/');
    expect(list.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(list.body).not.toContain('<script>'); // the only script tag is the tracker's (<script src=…>)
  });
});

describe('site: article preview', () => {
  it("the admin's preview link shows a hidden article, not indexed and not stored, in both locales", async () => {
    const id = await buildArticle(db(), { title: 'Secret story', status: false });
    const { url } = (await ctx.editor.get(`/api/blog/preview/${id}`)).json();
    const link = new URL(url);
    expect(link.pathname).toBe('/sk/news/secret-story-sk');
    const res = await visit(`${link.pathname}${link.search}`);
    expectShown(res, true);
    expect(res.body).toContain('<h1>Secret story sk</h1>');
    const en = languageLink(res.body, 'en') ?? '';
    expect(en).toMatch(/^\/en\/news\/secret-story-en\?preview=/);
    expectShown(await visit(en), true);
  });

  it('a scheduled article opens with its token; a tampered token or one of another kind → 404 page', async () => {
    const id = await buildArticle(db(), { title: 'Guarded story', publish_up: '2999-01-01T00:00:00.000Z' });
    expectShown(await visit(`/en/news/guarded-story-en${previewQuery('article', id)}`), true);
    const tampered = previewQuery('article', id).replace(/preview=(.)/, (_, c) => `preview=${c === 'A' ? 'B' : 'A'}`);
    for (const query of [tampered, previewQuery('page', id), previewQuery('reference', id), '?preview=garbage']) {
      expectNotFoundPage(await visit(`/en/news/guarded-story-en${query}`), 'en');
    }
  });

  it('a removed article → 404 page, even with a valid token', async () => {
    const id = await buildArticle(db(), { title: 'Deleted story', status: false });
    await db().update(articles).set({ deleted_at: new Date() }).where(eq(articles.id, id));
    expectNotFoundPage(await visit(`/en/news/deleted-story-en${previewQuery('article', id)}`), 'en');
  });
});
