import { PAGE_LIKE_RICH_TEXT, pageLikeLangShape } from '@backoffice/shared';
import { categories, categoryLangs } from '../../db/schema.js';
import { translations } from '../../resources/langs.js';

/**
 * A category's `category_langs` rows (the page-like fields): read by the category service, its tree and the lists
 * that badge categories, so it sits apart from all of them.
 */
export const categoryLangRows = translations({
  owner: categories,
  table: categoryLangs,
  ownerColumn: categoryLangs.category_id,
  fields: Object.keys(pageLikeLangShape) as (keyof typeof pageLikeLangShape)[],
  richText: PAGE_LIKE_RICH_TEXT,
});
