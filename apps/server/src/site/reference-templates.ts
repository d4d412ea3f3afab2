import type { Locale } from '@backoffice/shared';
import { html, type SafeHtml } from './html.js';
import { type Hero, heroImage, thumbImage } from './image-box.js';
import {
  galleriesSection,
  type MediaUrl,
  type Paging,
  pager,
  referenceUrl,
  richBlock,
  type ShownGallery,
  similarsSection,
  type WithThumb,
} from './parts.js';
import type { ReferenceItem, SiteReference } from './reference-service.js';
import type { SiteLink } from './service.js';
import { word } from './words.js';

export interface ReferenceList {
  /** Each with the thumbnail of its image. */
  items: WithThumb<ReferenceItem>[];
  paging: Paging;
}

/** The body of the reference page: per reference its thumbnail, title and teaser; previous and next links. */
export function referenceListBody(locale: Locale, { items, paging }: ReferenceList): SafeHtml {
  const list =
    items.length === 0
      ? html`<p class="empty">${word(locale, 'noReferences')}</p>`
      : html`<ul class="news">${items.map((item) => {
          const href = referenceUrl(locale, item.titleUrl);
          return html`<li class="news-item">
${item.thumb && html`<a class="thumb" href="${href}" tabindex="-1" aria-hidden="true">${thumbImage(item.thumb, '')}</a>`}
<div><h2><a href="${href}">${item.title}</a></h2>
${item.teaser && html`<p class="teaser">${item.teaser}</p>`}</div>
</li>`;
        })}</ul>`;
  const hrefOf = (page: number) => `${referenceUrl(locale)}${page > 1 ? `?page=${page}` : ''}`;
  return html`<h1>${word(locale, 'references')}</h1>
${list}
${pager(locale, paging, hrefOf, { previous: 'previousList', next: 'nextList' })}`;
}

export interface ReferenceBody {
  reference: SiteReference;
  galleries: ShownGallery[];
  similars: SiteLink[];
  hero: Hero | null;
}

/**
 * The body of one reference: title, image, panel text, amount, the building, road and railway parts, its
 * galleries and similar references.
 */
export function referenceBody(
  locale: Locale,
  { reference, galleries, similars, hero }: ReferenceBody,
  mediaUrl: MediaUrl,
) {
  return html`<article class="reference">
${heroImage(hero, reference.imageAlt)}
<h1>${reference.title}</h1>
${richBlock('panel-text', reference.panelText)}
${reference.amount > 0 && html`<p class="amount">${word(locale, 'amount')}: <strong>${reference.amount}</strong></p>`}
${richBlock('content', reference.content)}
${reference.contentRoad && html`<section class="road"><h2>${word(locale, 'road')}</h2>${richBlock('content', reference.contentRoad)}</section>`}
${reference.contentRailway && html`<section class="railway"><h2>${word(locale, 'railway')}</h2>${richBlock('content', reference.contentRailway)}</section>`}
${galleriesSection(locale, galleries, mediaUrl)}
${similarsSection(word(locale, 'similarReferences'), similars, (url) => referenceUrl(locale, url))}
<p><a href="${referenceUrl(locale)}">${word(locale, 'references')}</a></p>
</article>`;
}
