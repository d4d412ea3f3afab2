import { articleSchema, LOCALES, partnerSchema, referenceSchema, slugify } from '@backoffice/shared';
import { articleLangs, partnerLangs, referenceLangs } from '../../db/schema.js';
import { articleLangRows, articleResource } from '../../modules/articles/service.js';
import { partnerLangRows, partnerResource } from '../../modules/partners/service.js';
import { referenceLangRows, referenceResource } from '../../modules/references/service.js';
import { DEMO_ARTICLES } from './articles.js';
import type { Both } from './catalog.js';
import { DEMO_PARTNERS } from './partners.js';
import { PHOTO_WIDTH, type Picture, renderLogo, renderPicture } from './pictures.js';
import { DEMO_REFERENCES } from './references.js';
import {
  attempt,
  createPictured,
  daysFromNow,
  early,
  type Found,
  fillImages,
  findBySk,
  type Run,
  storesImages,
} from './seeding.js';

/** Each locale's text with title_url (the slug of the title) and meta_title (the title) where it has none. */
const withUrls = <T extends { title: string; title_url?: string; meta_title?: string }>(langs: Both<T>) =>
  Object.fromEntries(
    LOCALES.map((locale) => {
      const t = langs[locale];
      return [locale, { ...t, title_url: t.title_url ?? slugify(t.title), meta_title: t.meta_title ?? t.title }];
    }),
  ) as Both<T & { title_url: string; meta_title: string }>;

/** A record picture drawn from now on, or nothing. */
const draw = (picture: Picture | undefined) => (picture ? early(() => renderPicture(picture, PHOTO_WIDTH)) : undefined);

/**
 * The demo records of one area that are not in the database yet, each with what it draws (started at once, so
 * the pictures are ready by the time the records before them are written; nothing in a run that stores no
 * images); the ones found are remembered by key, and in a 'fill' run handed to `fill`.
 */
async function missing<T extends { key: string }, D>(
  run: Run,
  area: 'articles' | 'references' | 'partners',
  records: T[],
  find: (record: T) => Promise<Found | undefined>,
  drawing: (record: T) => D,
  fill: (record: T, found: Found) => Promise<void>,
): Promise<(T & { drawn: D | undefined })[]> {
  const absent: T[] = [];
  for (const record of records) {
    const found = await find(record);
    if (!found) {
      absent.push(record);
      continue;
    }
    run.keys[area].set(record.key, found);
    if (run.images === 'fill') await fill(record, found);
  }
  return absent.map((record) => ({ ...record, drawn: storesImages(run) ? drawing(record) : undefined }));
}

/**
 * News articles through the blog service (a News category required; galleries and similar articles checked), then
 * their image and poster through the image pipeline, as the news form stores them. Oldest first, so the list's
 * default order (newest change first) shows the newest article on top.
 */
export async function seedArticles(run: Run) {
  const { db, log, keys, created } = run;
  const absent = await missing(
    run,
    'articles',
    DEMO_ARTICLES,
    (a) => findBySk(db, articleLangRows, articleLangs.title_url, withUrls(a.langs).sk.title_url),
    (a) => ({ image: draw(a.picture), poster: draw(a.poster) }),
    async (a, found) => {
      const { picture, poster } = a;
      await fillImages(run, found, articleResource(db), {
        ...(picture ? { image: () => renderPicture(picture, PHOTO_WIDTH) } : {}),
        ...(poster ? { poster: () => renderPicture(poster, PHOTO_WIDTH) } : {}),
      });
    },
  );
  for (const article of absent) {
    const input = articleSchema.parse({
      langs: withUrls(article.langs),
      status: article.status ?? true,
      primary: article.primary ?? false,
      publish_up: daysFromNow(article.publishInDays),
      categories: keys.categories.liveIds(article.categories),
      galleries: keys.galleries.liveIds(article.galleries),
      similars: keys.articles.liveIds(article.similars),
    });
    const id = await attempt(`article "${input.langs.sk.title}"`, log, () =>
      createPictured(run, articleResource(db), input, article.drawn),
    );
    if (id === undefined) continue;
    keys.articles.set(article.key, { id, live: true });
    created.articles++;
  }
}

/** References through their service (categories of REFERENCE_CATEGORY_MODULE, galleries, similars), with images. */
export async function seedReferences(run: Run) {
  const { db, log, keys, created } = run;
  const absent = await missing(
    run,
    'references',
    DEMO_REFERENCES,
    (r) => findBySk(db, referenceLangRows, referenceLangs.title_url, withUrls(r.langs).sk.title_url),
    (r) => draw(r.picture),
    async (r, found) => {
      const { picture } = r;
      if (picture)
        await fillImages(run, found, referenceResource(db), { image: () => renderPicture(picture, PHOTO_WIDTH) });
    },
  );
  for (const reference of absent) {
    const input = referenceSchema.parse({
      langs: withUrls(reference.langs),
      status: reference.status ?? true,
      amount: reference.amount,
      order: reference.order,
      categories: keys.categories.liveIds(reference.categories),
      galleries: keys.galleries.liveIds(reference.galleries),
      similars: keys.references.liveIds(reference.similars),
    });
    const id = await attempt(`reference "${input.langs.sk.title}"`, log, () =>
      createPictured(run, referenceResource(db), input, { image: reference.drawn }),
    );
    if (id === undefined) continue;
    keys.references.set(reference.key, { id, live: true });
    created.references++;
  }
}

/** Partners through their service, each with its logo. */
export async function seedPartners(run: Run) {
  const { db, log, keys, created } = run;
  const absent = await missing(
    run,
    'partners',
    DEMO_PARTNERS,
    (p) => findBySk(db, partnerLangRows, partnerLangs.title_url, slugify(p.langs.sk.title)),
    (p) => early(() => renderLogo(p.logo)),
    async (p, found) => fillImages(run, found, partnerResource(db), { image: () => renderLogo(p.logo) }),
  );
  for (const partner of absent) {
    const langs = Object.fromEntries(
      LOCALES.map((l) => [l, { ...partner.langs[l], title_url: slugify(partner.langs[l].title) }]),
    );
    const input = partnerSchema.parse({
      langs,
      order: partner.order,
      publish_up: partner.publishInDays ? daysFromNow(partner.publishInDays.up) : null,
      publish_down: partner.publishInDays ? daysFromNow(partner.publishInDays.down) : null,
    });
    const id = await attempt(`partner "${input.langs.sk.title}"`, log, () =>
      createPictured(run, partnerResource(db), input, { image: partner.drawn }),
    );
    if (id === undefined) continue;
    keys.partners.set(partner.key, { id, live: true });
    created.partners++;
  }
}
