import {
  categorySchema,
  gallerySchema,
  LOCALES,
  MODULES,
  type PageLikeLang,
  pageSchema,
  panelSchema,
  slugify,
} from '@backoffice/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { categoryLangs, galleryLangs, pageLangs, panelLangs } from '../../db/schema.js';
import { startRenditionsSweep } from '../../media/renditions.js';
import { categoryLangRows } from '../../modules/categories/langs.js';
import { categoryResource } from '../../modules/categories/service.js';
import { galleryLangRows, galleryResource } from '../../modules/galleries/service.js';
import { groupOptions, nodeOfPage } from '../../modules/navigation/service.js';
import { pageLangRows, pageResource } from '../../modules/pages/service.js';
import { panelLangRows, panelResource } from '../../modules/panels/service.js';
import { type Both, DEMO_CATEGORIES, DEMO_GALLERIES, DEMO_PANELS, type PageLikeText } from './catalog.js';
import { addPhotos, drawPhotos, holdsImages } from './gallery-images.js';
import { DEMO_PAGES } from './pages.js';
import { renderPicture } from './pictures.js';
import {
  addPictures,
  attempt,
  createPictured,
  createRecord,
  daysFromNow,
  fillImages,
  findBySk,
  type ImageMode,
  Keyed,
  type Log,
  type Run,
  storesImages,
} from './seeding.js';
import { seedArticles, seedPartners, seedReferences } from './titled.js';

/** Both language rows of a page-like record, as the form would send them. */
const pageLikeLangs = (langs: Both<PageLikeText>): Both<PageLikeLang> =>
  Object.fromEntries(
    LOCALES.map((locale) => {
      const t = langs[locale];
      return [
        locale,
        {
          title: t.title,
          title_url: t.title_url ?? slugify(t.title),
          content: t.content ?? '',
          teaser: t.teaser ?? '',
          page_text: '',
          meta_title: t.meta_title ?? t.title,
          meta_description: t.meta_description ?? '',
          claim: t.claim ?? '',
        },
      ];
    }),
  ) as Both<PageLikeLang>;

async function seedCategories(run: Run) {
  const { db, log, keys, created } = run;
  for (const category of DEMO_CATEGORIES) {
    const langs = pageLikeLangs(category.langs);
    const found = await findBySk(db, categoryLangRows, categoryLangs.title_url, langs.sk.title_url);
    if (found) {
      keys.categories.set(category.key, found);
      const { picture } = category;
      if (picture) await fillImages(run, found, categoryResource(db), { image: () => renderPicture(picture) });
      continue;
    }
    const input = categorySchema.parse({
      langs,
      module_id: MODULES[category.module],
      parent_id: keys.categories.id(category.parent),
    });
    const { picture } = category;
    const drawn = { image: picture && storesImages(run) ? renderPicture(picture) : undefined };
    const id = await attempt(`category "${langs.sk.title}"`, log, () =>
      createPictured(run, categoryResource(db), input, drawn),
    );
    if (id === undefined) continue;
    keys.categories.set(category.key, { id, live: true });
    created.categories++;
  }
}

async function seedPanels({ db, keys, created }: Run) {
  for (const panel of DEMO_PANELS) {
    const found = await findBySk(db, panelLangRows, panelLangs.title, panel.langs.sk.title);
    if (found) {
      keys.panels.set(panel.key, found);
      continue;
    }
    const input = panelSchema.parse({ langs: panel.langs, priority: panel.priority, status: panel.status ?? true });
    keys.panels.set(panel.key, { id: await createRecord(panelResource(db), input), live: true });
    created.panels++;
  }
}

/**
 * Gallery records with their categories, through the gallery service, each with its photos (gallery-images.ts), the
 * first also its image. A demo gallery found live with no photo at all gets them (and the image, when it has none).
 */
async function seedGalleries(run: Run) {
  const { db, log, keys, created } = run;
  for (const gallery of DEMO_GALLERIES) {
    const langs = Object.fromEntries(
      LOCALES.map((l) => {
        const t = gallery.langs[l];
        return [l, { ...t, title_url: slugify(t.title), meta_title: t.title }];
      }),
    );
    const input = gallerySchema.parse({ langs, categories: keys.categories.liveIds(gallery.categories) });
    const found = await findBySk(db, galleryLangRows, galleryLangs.title_url, input.langs.sk.title_url);
    if (found) {
      keys.galleries.set(gallery.key, found);
      if (!found.live || !storesImages(run) || (await holdsImages(db, found.id))) continue;
      const photos = drawPhotos(gallery.key);
      await addPhotos(run, found.id, photos);
      const cover = photos[0]?.bytes;
      if (cover) await addPictures(run, galleryResource(db), found.id, { image: () => cover });
      continue;
    }
    const photos = storesImages(run) ? drawPhotos(gallery.key) : [];
    const id = await attempt(`gallery "${input.langs.sk.title}"`, log, () =>
      createPictured(run, galleryResource(db), input, { image: photos[0]?.bytes }),
    );
    if (id === undefined) continue;
    keys.galleries.set(gallery.key, { id, live: true });
    created.galleries++;
    await addPhotos(run, id, photos);
  }
}

/** Pages in navigation order: each is appended last under its parent's node, so the order of DEMO_PAGES is kept. */
async function seedPages(run: Run) {
  const { db, log, keys, created } = run;
  const groups = new Map((await groupOptions(db)).map((g) => [g.label, g.id]));
  for (const page of DEMO_PAGES) {
    const langs = pageLikeLangs(page.langs);
    const found = await findBySk(db, pageLangRows, pageLangs.title_url, langs.sk.title_url);
    if (found) {
      keys.pages.set(page.key, found);
      const { picture } = page;
      if (picture) await fillImages(run, found, pageResource(db), { image: () => renderPicture(picture) });
      continue;
    }
    const groupId = page.group ? (groups.get(page.group) ?? null) : null;
    const parentPage = keys.pages.id(page.parent);
    const parentNode = parentPage === null ? undefined : await nodeOfPage(db, parentPage);
    const input = pageSchema.parse({
      langs,
      module_id: page.module ? MODULES[page.module] : null,
      status: page.status ?? true,
      publish_up: page.publishInDays ? daysFromNow(page.publishInDays) : null,
      navigation: {
        value: groupId !== null,
        parent_id: parentNode && parentNode.group_id === groupId ? parentNode.id : null,
      },
      group_id: groupId,
      panels: keys.panels.liveIds(page.panels),
      galleries: keys.galleries.liveIds(page.galleries),
    });
    const { picture } = page;
    const drawn = { image: picture && storesImages(run) ? renderPicture(picture) : undefined };
    const id = await attempt(`page "${langs.sk.title}"`, log, () =>
      createPictured(run, pageResource(db), input, drawn),
    );
    if (id === undefined) continue;
    keys.pages.set(page.key, { id, live: true });
    created.pages++;
  }
}

/**
 * The content area of the demo (README.md): categories of both modules, panels, galleries with their photos, the
 * pages of a small company website in the main and footer navigation, news articles, references and partners,
 * with images. Everything is written through the services the API uses (rules, sanitising, navigation
 * placement, the image pipeline); a record is recognised by its Slovak title_url (panels by title), soft-deleted
 * ones included, so running it again, even after an interrupted run or after an editor removed a demo record,
 * adds nothing. A demo gallery gets its photos only while it has no image at all. `images` (`ImageMode`): 'later'
 * leaves the images and photos to a run in 'fill' mode. A run that stored images queues one sweep for their
 * renditions (IMAGE_RENDITIONS on: docs/features/media-storage.md "Renditions"), which the server's jobs make a few
 * at a time after it, so the start stays as fast.
 */
export async function seedDemoContent(db: Db, config: Config, log: Log, images: ImageMode = 'now') {
  const areas = ['categories', 'panels', 'galleries', 'pages', 'articles', 'references', 'partners'] as const;
  const run: Run = {
    db,
    config,
    log,
    images,
    keys: Object.fromEntries(areas.map((area) => [area, new Keyed()])) as Run['keys'],
    created: Object.fromEntries([...areas, 'photos', 'images'].map((area) => [area, 0])) as Run['created'],
  };
  await seedCategories(run);
  await seedPanels(run);
  await seedGalleries(run);
  await seedPages(run);
  await seedArticles(run);
  await seedReferences(run);
  await seedPartners(run);
  const { created } = run;
  const records = areas.some((area) => created[area] > 0);
  if (records) {
    const pictures =
      images === 'later'
        ? 'their images and photos follow once the server answers'
        : `${created.images} images of records`;
    log(
      `Demo: ${created.categories} categories, ${created.panels} panels, ${created.galleries} galleries with ` +
        `${created.photos} photos, ${created.pages} pages in navigation, ${created.articles} news articles, ` +
        `${created.references} references, ${created.partners} partners, ${pictures}.`,
    );
  } else if (created.photos > 0 || created.images > 0) {
    log(`Demo: ${created.photos} gallery photos and ${created.images} images of records.`);
  }
  if (config.imageRenditions && created.photos + created.images > 0) {
    const { missing } = await startRenditionsSweep(db);
    if (missing > 0) log(`Demo: the renditions of ${missing} images are made by the server's jobs.`);
  }
}
