import { z } from 'zod';

/**
 * The search everything (docs/features/search.md): `GET /api/search?q=…&limit=20` finds the records of every
 * resource by their titles in both locales, users by name and e-mail and submissions by name, e-mail and company.
 */
export const SEARCH = {
  /** The longest query taken (a title is at most 255 characters; a longer query finds nothing anyway). */
  queryMax: 100,
  /**
   * From this many letters or digits on, a query also finds a word inside a value that starts with it, and the query
   * anywhere inside; shorter, only the values that start with it (a trigram of one or two letters is in most rows).
   */
  wordMin: 3,
  containsMin: 3,
  limitDefault: 20,
  limitMax: 50,
  /** How long the palette waits after a key before it asks the server. */
  debounceMs: 150,
} as const;

/** The kinds of record a search answers, each opened by its own admin screen. */
export const SEARCH_TYPES = [
  'page',
  'text',
  'category',
  'panel',
  'news',
  'gallery',
  'reference',
  'partner',
  'mail',
  'user',
  'contact',
  'price',
  'registration',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * The admin's form of each kind of record, where a hit leads (apps/admin/src/routes/table.tsx; the palette's test
 * holds each to the route table).
 */
const SEARCH_FORMS: Record<SearchType, string> = {
  page: '/admin/app/content/page/',
  text: '/admin/app/content/text/',
  category: '/admin/app/content/category/',
  panel: '/admin/app/content/panel/',
  news: '/admin/app/news/',
  gallery: '/admin/app/gallery/',
  reference: '/admin/app/reference/',
  partner: '/admin/app/partner/',
  mail: '/admin/app/mail/',
  user: '/admin/app/user/',
  contact: '/admin/app/form/contact/',
  price: '/admin/app/form/price/',
  registration: '/admin/app/form/registration/',
};
/** The address of a record's form in the admin. */
export const searchUrl = (type: SearchType, id: number): string => `${SEARCH_FORMS[type]}${id}`;

/** `?q=…&limit=…`: a bad value is a 422 naming the field, never a silent default. */
export const searchQuerySchema = z.object({
  // Runs of spaces are one: "cestná  doprava" is "cestná doprava".
  q: z
    .string()
    .trim()
    .min(1)
    .max(SEARCH.queryMax)
    .transform((q) => q.replace(/\s+/g, ' ')),
  limit: z.coerce.number().int().min(1).max(SEARCH.limitMax).default(SEARCH.limitDefault),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One hit: the record, the title that matched (and its locale; none for users and submissions), its form's address. */
export const searchHitSchema = z
  .object({
    type: z.enum(SEARCH_TYPES),
    id: z.number().int(),
    title: z.string(),
    // `sk` or `en` (a string: the OpenAPI document's nullable enum would not admit null); null for users and submissions.
    locale: z.string().nullable(),
    url: z.string(),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof searchHitSchema>;

/** The best hits first: exact, then prefix, then a word that starts with the query, then anywhere. */
export const searchResponseSchema = z.object({ data: z.array(searchHitSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
