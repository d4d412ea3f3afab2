import type { Locale } from '@backoffice/shared';
import { html, raw, type SafeHtml } from './html.js';
import { type Hero, heroImage, thumbImage } from './image-box.js';
import type { NewsItem, SiteArticle } from './news-service.js';
import {
  dateOf,
  galleriesSection,
  type MediaUrl,
  newsUrl,
  type Paging,
  pager,
  richBlock,
  type ShownGallery,
  similarsSection,
  type WithThumb,
} from './parts.js';
import type { SiteLink } from './service.js';
import { word } from './words.js';

const meta = (locale: Locale, item: Pick<NewsItem, 'date' | 'categories'>) =>
  html`<p class="meta">${dateOf(locale, item.date)}${item.categories.length > 0 && html` · <span class="categories" aria-label="${word(locale, 'categories')}">${item.categories.join(', ')}</span>`}</p>`;

export interface NewsList {
  /** Each with the thumbnail of its image, else of its poster (`newsOf` in site/routes.ts). */
  items: WithThumb<NewsItem>[];
  paging: Paging;
  /** The address of one page of this list (the news page's or the hosting page's). */
  hrefOf: (page: number) => string;
  /** The level of each article's heading: 2 on the news page, 3 inside a page's own news section. */
  level: 2 | 3;
}

/** The news list: per article its thumbnail, title, date, categories and teaser; previous and next links. */
export function newsList(locale: Locale, list: NewsList): SafeHtml {
  if (list.items.length === 0) return html`<p class="empty">${word(locale, 'noNews')}</p>`;
  const [open, close] = list.level === 2 ? [raw('<h2>'), raw('</h2>')] : [raw('<h3>'), raw('</h3>')];
  const items = list.items.map((item) => {
    const href = newsUrl(locale, item.titleUrl);
    return html`<li class="news-item">
${item.thumb && html`<a class="thumb" href="${href}" tabindex="-1" aria-hidden="true">${thumbImage(item.thumb, '')}</a>`}
<div>${open}<a href="${href}">${item.title}</a>${close}
${meta(locale, item)}
${item.teaser && html`<p class="teaser">${item.teaser}</p>`}</div>
</li>`;
  });
  return html`<ul class="news">${items}</ul>
${pager(locale, list.paging, list.hrefOf, { previous: 'previous', next: 'next' })}`;
}

/** The body of the news page: its heading and one page of the list. */
export function newsPageBody(locale: Locale, list: NewsList): SafeHtml {
  return html`<h1>${word(locale, 'news')}</h1>
${newsList(locale, list)}`;
}

/** A page's own news section (a page that hosts the News module shows the list below its content). */
export function newsSection(locale: Locale, list: NewsList): SafeHtml {
  return html`<section class="news-section"><h2>${word(locale, 'news')}</h2>
${newsList(locale, list)}</section>`;
}

export interface ArticleBody {
  article: SiteArticle;
  galleries: ShownGallery[];
  similars: SiteLink[];
  /** Its image, else its poster (`heroOf` in site/routes.ts). */
  hero: Hero | null;
}

/** The body of one article: title, date and categories, image, content, galleries and similar articles. */
export function articleBody(locale: Locale, { article, galleries, similars, hero }: ArticleBody, mediaUrl: MediaUrl) {
  return html`<article class="article">
<h1>${article.title}</h1>
${meta(locale, article)}
${heroImage(hero, article.imageAlt)}
${richBlock('content', article.content)}
${galleriesSection(locale, galleries, mediaUrl)}
${similarsSection(word(locale, 'similarArticles'), similars, (url) => newsUrl(locale, url))}
<p><a href="${newsUrl(locale)}">${word(locale, 'news')}</a></p>
</article>`;
}
