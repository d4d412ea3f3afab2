import type { Locale, PageLikeLang } from '@backoffice/shared';
import { type PublishingValues, publishingValues } from '../../../kit/form/publishing';
import { emptyLangs, langsFromRecord } from '../../../kit/langs';

/** The translated fields of pages and categories (docs/spec-index.md S1.2 Page form; a category has "the same fields"). */
export const PAGE_LIKE_LANG_FIELDS = [
  'title',
  'title_url',
  'content',
  'teaser',
  'page_text',
  'meta_title',
  'meta_description',
  'claim',
  'image_alt',
] as const satisfies readonly (keyof PageLikeLang)[];
type PageLikeLangField = (typeof PAGE_LIKE_LANG_FIELDS)[number];

/** The form values pages and categories share: the locale tabs and the main settings; dates are ISO or null. */
export interface PageLikeValues extends PublishingValues {
  langs: Record<Locale, Record<PageLikeLangField, string>>;
  module_id: number | null;
  redirect: string;
  css_class: string;
}

/** What a page-like record holds of those values. */
export interface PageLikeRecord {
  langs: Record<Locale, PageLikeLang>;
  module_id: number | null;
  status: boolean;
  redirect: string | null;
  css_class: string | null;
  publish_up: string | null;
  publish_down: string | null;
}

/** A new page-like record: published, everything else empty. */
export const emptyPageLike = (): PageLikeValues => ({
  ...publishingValues(),
  langs: emptyLangs(PAGE_LIKE_LANG_FIELDS),
  module_id: null,
  redirect: '',
  css_class: '',
});

/** The shared values of a loaded record; the image field starts untouched (the stored image stays). */
export const pageLikeFromRecord = (record: PageLikeRecord): PageLikeValues => ({
  ...publishingValues(record),
  langs: langsFromRecord(record.langs, PAGE_LIKE_LANG_FIELDS),
  module_id: record.module_id,
  redirect: record.redirect ?? '',
  css_class: record.css_class ?? '',
});
