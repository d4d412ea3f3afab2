import type { Locale } from '@backoffice/shared';

/**
 * The labels of the site's news, reference and gallery pages. They belong to the site's own templates (the
 * server's message catalogues in i18n/ hold API messages and the page frame), in both locales.
 */
const WORDS = {
  sk: {
    news: 'Novinky',
    noNews: 'Zatiaľ tu nie sú žiadne novinky.',
    similarArticles: 'Podobné články',
    references: 'Referencie',
    noReferences: 'Zatiaľ tu nie sú žiadne referencie.',
    similarReferences: 'Podobné referencie',
    road: 'Cestná doprava',
    railway: 'Železničná doprava',
    amount: 'Počet',
    categories: 'Kategórie',
    readMore: 'Čítať ďalej',
    pages: 'Stránkovanie',
    previous: '← Novšie',
    next: 'Staršie →',
    previousList: '← Predchádzajúce',
    nextList: 'Ďalšie →',
    pageOf: 'Strana {{page}} z {{pages}}',
  },
  en: {
    news: 'News',
    noNews: 'There is no news yet.',
    similarArticles: 'Similar articles',
    references: 'References',
    noReferences: 'There are no references yet.',
    similarReferences: 'Similar references',
    road: 'Road transport',
    railway: 'Rail transport',
    amount: 'Amount',
    categories: 'Categories',
    readMore: 'Read more',
    pages: 'Pages',
    previous: '← Newer',
    next: 'Older →',
    previousList: '← Previous',
    nextList: 'Next →',
    pageOf: 'Page {{page}} of {{pages}}',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type Word = keyof (typeof WORDS)['en'];

/** A label of the site in `locale`; `{{name}}` placeholders are filled. */
export const word = (locale: Locale, key: Word, vars: Record<string, string | number> = {}) =>
  WORDS[locale][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
