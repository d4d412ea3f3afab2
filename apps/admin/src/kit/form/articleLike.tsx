import type { Locale } from '@backoffice/shared';
import { emptyLangs, langsFromRecord } from '../langs';
import type { LocaleFieldsProps } from '../resource';
import { LocaleRichTextField } from './fields';
import { ImageAltField, MetaFields, TitleFields } from './translated';

/** The translated fields of news articles and galleries: title, title_url, content, meta and the image's alt text. */
export const ARTICLE_LIKE_LANG_FIELDS = [
  'title',
  'title_url',
  'content',
  'meta_title',
  'meta_description',
  'image_alt',
] as const;
export type ArticleLikeLangs = Record<Locale, Record<(typeof ARTICLE_LIKE_LANG_FIELDS)[number], string>>;

export const emptyArticleLangs = (): ArticleLikeLangs => emptyLangs(ARTICLE_LIKE_LANG_FIELDS);
export const articleLangsFromRecord = (langs: Parameters<typeof langsFromRecord>[0]): ArticleLikeLangs =>
  langsFromRecord(langs, ARTICLE_LIKE_LANG_FIELDS);

/** The locale tab of news articles and galleries. */
export function ArticleLikeLocaleFields(props: LocaleFieldsProps & { checkUrl: string }) {
  const { locale, rules } = props;
  return (
    <>
      <TitleFields {...props} />
      <LocaleRichTextField locale={locale} name="content" labelKey="pageLike.fields.content" />
      <MetaFields locale={locale} rules={rules} />
      <ImageAltField locale={locale} rules={rules} />
    </>
  );
}
