import {
  deliveryGallerySchema,
  deliveryLocaleQuerySchema,
  deliveryPageQuerySchema,
  deliveryPartnersSchema,
  deliveryReferenceListSchema,
  deliveryReferenceSchema,
  deliveryTextsQuerySchema,
  deliveryTextsSchema,
  deliveryTitleUrlParamsSchema,
  LOCALES,
  type Locale,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { type Rendition, renditionsOf } from '../media/renditions.js';
import { mediaStorage } from '../media/storage.js';
import { sanitizeRichText as sanitized } from '../rich-text/sanitize.js';
import { shown } from './delivery-access.js';
import { publishedPartners, textsAt } from './delivery-service.js';
import { findGallery } from './gallery-service.js';
import { absoluteUrl } from './head.js';
import { type Hero, heroReader } from './image-box.js';
import { galleryUrl, MEDIA, referenceUrl } from './parts.js';
import { findReference, listReferences, REFERENCES_PER_PAGE } from './reference-service.js';

/**
 * How the delivery API gives images (absolute, with their size and their responsive renditions, none until they are
 * made: docs/features/media-storage.md "Renditions") and a record's address in each locale.
 */
export function deliveryShapes(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { config } = ctx;
  const heroOf = heroReader(ctx);
  const renditions = (made: readonly Rendition[]) =>
    made.map((r) => ({ url: absoluteUrl(config.appUrl, r.src), width: r.width, height: r.height, format: r.format }));
  const image = (hero: Hero | null, alt = '') =>
    hero && {
      url: absoluteUrl(config.appUrl, hero.src),
      alt,
      width: hero.size?.width ?? null,
      height: hero.size?.height ?? null,
      renditions: renditions(hero.renditions),
    };
  const alternates = (titleUrls: Partial<Record<Locale, string>>, urlOf: (l: Locale, titleUrl: string) => string) =>
    Object.fromEntries(
      LOCALES.flatMap((l) => (titleUrls[l] === undefined ? [] : [[l, urlOf(l, titleUrls[l] as string)]])),
    );

  return { heroOf, image, renditions, alternates };
}

/**
 * The delivery API's texts, partners, references and galleries (docs/api.md "Delivery API"); registered by
 * `deliveryRoutes`, whose ETag and caching hooks they share.
 */
export const deliveryCollectionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const { heroOf, image, renditions, alternates } = deliveryShapes(ctx);

  app.get(
    '/texts',
    {
      schema: {
        security: [],
        summary: 'The shown texts at one position (Homepage, Footer, …)',
        querystring: deliveryTextsQuerySchema,
        response: { 200: deliveryTextsSchema },
      },
    },
    async (request) => {
      const rows = await textsAt(db, request.query.locale, request.query.position);
      return { data: rows.map((row) => ({ ...row, content: sanitized(row.content) })) };
    },
  );

  app.get(
    '/partners',
    {
      schema: {
        security: [],
        summary: 'The published partners in their order',
        querystring: deliveryLocaleQuerySchema,
        response: { 200: deliveryPartnersSchema },
      },
    },
    async (request) => {
      const rows = await publishedPartners(db, request.query.locale);
      return {
        data: await Promise.all(
          rows.map(async ({ image: file, imageAlt, ...row }) => ({
            ...row,
            content: sanitized(row.content),
            image: image(await heroOf(MEDIA.partner, row.id, file), imageAlt),
          })),
        ),
      };
    },
  );

  app.get(
    '/references',
    {
      schema: {
        security: [],
        summary: 'One page of the published references in their order',
        querystring: deliveryPageQuerySchema,
        response: { 200: deliveryReferenceListSchema },
      },
    },
    async (request) => {
      const { locale, page } = request.query;
      const { items, total } = await listReferences(db, locale, page);
      return {
        data: await Promise.all(
          items.map(async (item) => ({
            id: item.id,
            title: item.title,
            title_url: item.titleUrl,
            path: referenceUrl(locale, item.titleUrl),
            teaser: item.teaser,
            image: image(await heroOf(MEDIA.reference, item.id, item.image), item.imageAlt),
          })),
        ),
        meta: { page, per_page: REFERENCES_PER_PAGE, total },
      };
    },
  );

  app.get(
    '/references/:titleUrl',
    {
      schema: {
        security: [],
        summary: 'A published reference by its title_url',
        querystring: deliveryLocaleQuerySchema,
        params: deliveryTitleUrlParamsSchema,
        response: { 200: deliveryReferenceSchema },
      },
    },
    async (request) => {
      const { locale } = request.query;
      const reference = await findReference(db, locale, request.params.titleUrl);
      if (!reference || !shown(request, reference)) throw notFound();
      return {
        data: {
          id: reference.id,
          title: reference.title,
          title_url: reference.titleUrl,
          path: referenceUrl(locale, reference.titleUrl),
          amount: reference.amount,
          content: sanitized(reference.content),
          content_road: sanitized(reference.contentRoad),
          content_railway: sanitized(reference.contentRailway),
          panel_text: sanitized(reference.panelText),
          meta_title: reference.metaTitle,
          meta_description: reference.metaDescription,
          image: image(await heroOf(MEDIA.reference, reference.id, reference.image), reference.imageAlt),
          alternates: alternates(reference.titleUrls, referenceUrl),
        },
      };
    },
  );

  app.get(
    '/galleries/:titleUrl',
    {
      schema: {
        security: [],
        summary: 'A published gallery with its shown images',
        querystring: deliveryLocaleQuerySchema,
        params: deliveryTitleUrlParamsSchema,
        response: { 200: deliveryGallerySchema },
      },
    },
    async (request) => {
      const { locale } = request.query;
      const gallery = await findGallery(db, locale, request.params.titleUrl);
      if (!gallery || !shown(request, gallery)) throw notFound();
      const storage = mediaStorage(config);
      const made = await renditionsOf(
        ctx,
        gallery.images.map((img) => ({ model: MEDIA.gallery, id: img.galleryId, file: img.file })),
      );
      return {
        data: {
          id: gallery.id,
          title: gallery.title,
          title_url: gallery.titleUrl,
          path: galleryUrl(locale, gallery.titleUrl),
          content: sanitized(gallery.content),
          images: gallery.images.flatMap((img) => {
            try {
              const key = storage.keyOf(MEDIA.gallery, img.galleryId, img.file);
              return [
                {
                  url: absoluteUrl(config.appUrl, storage.url(MEDIA.gallery, img.galleryId, img.file)),
                  thumb_url: absoluteUrl(config.appUrl, storage.url(MEDIA.gallery, img.galleryId, img.file, 'thumb')),
                  title: img.title,
                  alt: img.alt || img.title,
                  width: img.width,
                  height: img.height,
                  renditions: renditions(made.get(key)?.renditions ?? []),
                },
              ];
            } catch {
              return []; // a stored name that is not one of ours is left out, as the site leaves it out
            }
          }),
          alternates: alternates(gallery.titleUrls, galleryUrl),
        },
      };
    },
  );
};
