import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../constants.js';
import { ERR } from '../messages.js';

/**
 * The delivery API (docs/api.md "Delivery API", `/api/delivery/…`): published content as JSON for other channels
 * (an app, a static site, a search index). Read-only, no session; every answer in one locale.
 */
export const DELIVERY = {
  /** News per answer when `limit` is not given, and the most `limit` takes. */
  newsLimit: 20,
  newsLimitMax: 100,
} as const;

/** `?locale=sk|en` (the default locale when absent). */
export const deliveryLocaleQuerySchema = z.object({
  locale: z.enum(LOCALES, { error: ERR.invalid }).default(DEFAULT_LOCALE),
});

/** The news list: one published category, a cursor from the previous answer's `next_cursor`, how many. */
export const deliveryNewsQuerySchema = deliveryLocaleQuerySchema.extend({
  category: z.coerce
    .number({ error: ERR.invalid })
    .int(ERR.invalid)
    .min(1, ERR.invalid)
    .max(2_147_483_647, ERR.invalid)
    .optional(),
  cursor: z.string({ error: ERR.invalid }).max(200, ERR.invalid).optional(),
  limit: z.coerce
    .number({ error: ERR.invalid })
    .int(ERR.invalid)
    .min(1, ERR.invalid)
    .max(DELIVERY.newsLimitMax, ERR.invalid)
    .default(DELIVERY.newsLimit),
});

/** `{titleUrl}` of one record. */
export const deliveryTitleUrlParamsSchema = z.object({ titleUrl: z.string().min(1).max(255) });

/**
 * A responsive rendition of an image (docs/features/media-storage.md "Renditions"): a smaller width, or the same
 * width in a more compact format (AVIF, WebP), for a `srcset`.
 */
const renditionSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(['avif', 'webp', 'jpeg', 'png', 'gif']),
});

/**
 * An image of a record: its address (on this server or the storage's public address), its alternative text, its pixel
 * size, and its renditions, empty until the server has made them (shortly after the image was saved; never for an animated one).
 */
const imageSchema = z.object({
  url: z.string(),
  alt: z
    .string()
    .meta({ description: "The record's alternative text in the locale; empty for an image that only decorates." }),
  width: z.number().nullable(),
  height: z.number().nullable(),
  renditions: z.array(renditionSchema),
});

/** A record's own address on the public site in each locale that has it. */
const alternatesSchema = z.record(z.string(), z.string());

export const deliverySettingsSchema = z.object({
  data: z.object({
    locale: z.string(),
    site_name: z.string(),
    description: z.string(),
    copyright: z.string(),
    image: imageSchema.nullable(),
    contact: z.object({
      name: z.string(),
      address: z.string(),
      zip: z.string(),
      city: z.string(),
      others: z.string(),
      business_id: z.string(),
      vat: z.string(),
    }),
    social: z.array(z.object({ network: z.string(), url: z.string() })),
  }),
});

/** One item of a navigation group: a published page, under its parent page (null at the top), in order. */
const navigationItemSchema = z.object({
  page_id: z.number(),
  parent_page_id: z.number().nullable(),
  title: z.string(),
  title_url: z.string(),
  path: z.string(),
});
export const deliveryNavigationSchema = z.object({
  data: z.object({ main: z.array(navigationItemSchema), footer: z.array(navigationItemSchema) }),
});

export const deliveryPageSchema = z.object({
  data: z.object({
    id: z.number(),
    title: z.string(),
    title_url: z.string(),
    path: z.string(),
    claim: z.string(),
    content: z.string(),
    page_text: z.string(),
    meta_title: z.string(),
    meta_description: z.string(),
    image: imageSchema.nullable(),
    alternates: alternatesSchema,
  }),
});

const newsItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  title_url: z.string(),
  path: z.string(),
  date: z.string(),
  teaser: z.string(),
  image: imageSchema.nullable(),
  categories: z.array(z.string()),
});
export const deliveryNewsListSchema = z.object({
  data: z.array(newsItemSchema),
  /** Pass as `cursor` for the next answer; null after the last. */
  next_cursor: z.string().nullable(),
});

export const deliveryArticleSchema = z.object({
  data: newsItemSchema.omit({ teaser: true }).extend({
    content: z.string(),
    meta_title: z.string(),
    meta_description: z.string(),
    updated_at: z.string(),
    alternates: alternatesSchema,
  }),
});

/** `?position=` of the texts: a position's title (Homepage, Footer, …). */
export const deliveryTextsQuerySchema = deliveryLocaleQuerySchema.extend({
  position: z.string({ error: ERR.required }).trim().min(1, ERR.required).max(128, ERR.invalid),
});
export const deliveryTextsSchema = z.object({
  data: z.array(z.object({ id: z.number(), title: z.string(), content: z.string() })),
});

export const deliveryPartnersSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      content: z.string(),
      url: z.string(),
      image: imageSchema.nullable(),
    }),
  ),
});

/** The references: one page (`page`, 1-based) of REFERENCES_PER_PAGE in the site's order. */
export const deliveryPageQuerySchema = deliveryLocaleQuerySchema.extend({
  page: z.coerce
    .number({ error: ERR.invalid })
    .int(ERR.invalid)
    .min(1, ERR.invalid)
    .max(100_000, ERR.invalid)
    .default(1),
});
export const deliveryReferenceListSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      title_url: z.string(),
      path: z.string(),
      teaser: z.string(),
      image: imageSchema.nullable(),
    }),
  ),
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
});
export const deliveryReferenceSchema = z.object({
  data: z.object({
    id: z.number(),
    title: z.string(),
    title_url: z.string(),
    path: z.string(),
    amount: z.number(),
    content: z.string(),
    content_road: z.string(),
    content_railway: z.string(),
    panel_text: z.string(),
    meta_title: z.string(),
    meta_description: z.string(),
    image: imageSchema.nullable(),
    alternates: alternatesSchema,
  }),
});

/**
 * A published gallery with its shown images (original and thumbnail addresses, size, title, and the original's
 * renditions, empty until the server has made them).
 */
export const deliveryGallerySchema = z.object({
  data: z.object({
    id: z.number(),
    title: z.string(),
    title_url: z.string(),
    path: z.string(),
    content: z.string(),
    images: z.array(
      z.object({
        url: z.string(),
        thumb_url: z.string(),
        title: z.string(),
        alt: z.string().meta({ description: 'The alternative text in the locale, else the title.' }),
        width: z.number(),
        height: z.number(),
        renditions: z.array(renditionSchema),
      }),
    ),
    alternates: alternatesSchema,
  }),
});
