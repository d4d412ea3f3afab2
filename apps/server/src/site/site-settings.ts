import { type Locale, SETTINGS } from '@backoffice/shared';
import type { AppContext } from '../context.js';
import { readSettings } from '../db/settings.js';
import { mediaStorage, StoragePathError } from '../media/storage.js';
import { SETTINGS_MEDIA } from '../modules/settings/service.js';
import { html, type SafeHtml } from './html.js';
import { type Hero, heroReader } from './image-box.js';

/** What the site's head and footer take from the settings (docs/spec-index.md S2.3 Settings), in one locale. */
export interface SiteSettings {
  metaTitle: string;
  metaDescription: string;
  ogTitle: string;
  ogDescription: string;
  /** The share image with its size, or null. */
  ogImage: Hero | null;
  /** The site's public address (APP_URL), for absolute links. */
  appUrl: string;
  /** Search engines may index this locale (`indexedIn`). */
  indexed: boolean;
  favicon: string;
  copyright: string;
  contact: {
    name: string;
    address: string;
    zip: string;
    city: string;
    others: string;
    businessId: string;
    vat: string;
  };
  social: { key: string; label: string; url: string }[];
}

const SOCIAL_LABELS: Record<string, string> = {
  social_facebook_link: 'Facebook',
  social_instagram_link: 'Instagram',
  social_twitter_link: 'Twitter',
  social_youtube_link: 'YouTube',
  social_linkedin_link: 'LinkedIn',
};

/**
 * Whether search engines may index `locale`: the main settings' `search_indexing` (per locale, blank = on). robots.txt
 * keeps the others out, their pages say `noindex`, the sitemap leaves them out.
 */
export const indexedIn = (main: Record<string, Record<Locale, string>>, locale: Locale) =>
  main.search_indexing?.[locale] !== 'off';

/** Main, contact and social settings in `locale` (sk where that one is blank). */
export async function siteSettings(ctx: Pick<AppContext, 'db' | 'config'>, locale: Locale): Promise<SiteSettings> {
  const [main, contact, social] = await Promise.all(
    (['main', 'contact', 'social'] as const).map((name) => readSettings(ctx.db, name)),
  );
  const pick = (values: Record<string, Record<Locale, string>> | undefined, key: string) =>
    values?.[key]?.[locale] || values?.[key]?.sk || '';
  const storage = mediaStorage(ctx.config);
  const image = (key: string, variant: 'original' | 'thumb') => {
    const file = pick(main, key);
    if (!file) return '';
    try {
      return storage.url(SETTINGS_MEDIA, SETTINGS.main.id, file, variant);
    } catch (err) {
      if (err instanceof StoragePathError) return '';
      throw err;
    }
  };
  // Its size is read from the stored file once per process (heroReader), for og:image:width and height.
  const ogImage = await heroReader(ctx)(SETTINGS_MEDIA, SETTINGS.main.id, pick(main, 'og_image') || null);
  return {
    appUrl: ctx.config.appUrl,
    indexed: indexedIn(main, locale),
    metaTitle: pick(main, 'meta_title'),
    metaDescription: pick(main, 'meta_description'),
    ogTitle: pick(main, 'og_title'),
    ogDescription: pick(main, 'og_description'),
    ogImage,
    favicon: image('favicon', 'original'),
    copyright: pick(main, 'copyright'),
    contact: {
      name: pick(contact, 'contact_name'),
      address: pick(contact, 'contact_address'),
      zip: pick(contact, 'contact_zip'),
      city: pick(contact, 'contact_city'),
      others: pick(contact, 'contact_others'),
      businessId: pick(contact, 'contact_business_id'),
      vat: pick(contact, 'contact_vat'),
    },
    social: Object.entries(SOCIAL_LABELS).flatMap(([key, label]) => {
      const url = pick(social, key);
      // Saved links are http(s) only (the settings schema); anything else is never linked.
      return /^https?:\/\//i.test(url) ? [{ key, label, url }] : [];
    }),
  };
}

/** The head's defaults: description when the page has none, Open Graph title and description, the favicon. */
export function settingsHead(site: SiteSettings | undefined, page: { title: string; description?: string }): SafeHtml {
  if (!site) return html``;
  const description = page.description || site.metaDescription;
  return html`${!page.description && description && html`<meta name="description" content="${description}">`}
<meta property="og:title" content="${page.title || site.ogTitle}">
${(page.description || site.ogDescription) && html`<meta property="og:description" content="${page.description || site.ogDescription}">`}
${site.favicon && html`<link rel="icon" href="${site.favicon}">`}`;
}

/** The footer's company block, social links and copyright. */
export function settingsFooter(site: SiteSettings | undefined): SafeHtml {
  if (!site) return html``;
  const { contact } = site;
  const place = [contact.zip, contact.city].filter(Boolean).join(' ');
  return html`<div class="site-contact">
${contact.name && html`<address><strong>${contact.name}</strong>${contact.address && html`<br>${contact.address}`}${place && html`<br>${place}`}${contact.others && html`<br>${contact.others}`}</address>`}
${site.social.length > 0 && html`<ul class="social">${site.social.map((s) => html`<li><a href="${s.url}" rel="noopener" data-social="${s.key}">${s.label}</a></li>`)}</ul>`}
${site.copyright && html`<p class="copyright">${site.copyright}</p>`}
</div>`;
}
