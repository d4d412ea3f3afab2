import {
  categorySchema,
  LOCALES,
  MODULES,
  type PageLikeLang,
  pageSchema,
  panelSchema,
  slugify,
} from '@backoffice/shared';
import { asc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '../../../config.js';
import { HttpError, invalid } from '../../../http/errors.js';
import { lockTitleUrls, type Translations, titleUrlErrors, translations } from '../../../http/langs.js';
import { saveImageField } from '../../../media/images.js';
import { categoryLangRows, createCategory } from '../../../modules/categories/service.js';
import { groupOptions, nodeOfPage } from '../../../modules/navigation/service.js';
import { createPage, pageLangRows } from '../../../modules/pages/service.js';
import { createPanel, panelLangRows } from '../../../modules/panels/service.js';
import type { Db } from '../../client.js';
import {
  categories,
  categoryLangs,
  galleries,
  galleryCategories,
  galleryLangs,
  pageLangs,
  pages,
  panelLangs,
} from '../../schema.js';
import { type Both, DEMO_CATEGORIES, DEMO_GALLERIES, DEMO_PANELS, type PageLikeText } from './catalog.js';
import { DEMO_PAGES } from './pages.js';
import { type Picture, renderPicture } from './pictures.js';

type Log = (line: string) => void;

/** A demo record already in the database: found by its Slovak title_url (or title), removed or not. */
interface Found {
  id: number;
  live: boolean;
}

/** The demo records by key; removed ones are known (so they are not created again) but never linked. */
class Keyed {
  private readonly records = new Map<string, Found>();
  set(key: string, found: Found) {
    this.records.set(key, found);
  }
  id(key: string | undefined): number | null {
    return key === undefined ? null : (this.records.get(key)?.id ?? null);
  }
  liveIds(keys: string[] = []): number[] {
    return keys.flatMap((key) => {
      const found = this.records.get(key);
      return found?.live ? [found.id] : [];
    });
  }
}

const galleryLangRows = translations({
  owner: galleries,
  table: galleryLangs,
  ownerColumn: galleryLangs.gallery_id,
  fields: ['title', 'title_url', 'content', 'meta_title', 'meta_description'],
  richText: ['content'],
});

/** The first record whose Slovak `column` (title_url, or title for panels) is `value`, soft-deleted ones included. */
async function findBySk(db: Db, tr: Translations, column: AnyPgColumn, value: string): Promise<Found | undefined> {
  const [row] = await db
    .select({ id: tr.owner.id, deleted_at: tr.owner.deleted_at })
    .from(tr.owner)
    .innerJoin(tr.table, tr.joinOn('sk'))
    .where(eq(column, value))
    .orderBy(asc(tr.owner.id))
    .limit(1);
  return row ? { id: Number(row.id), live: row.deleted_at === null } : undefined;
}

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

/**
 * Runs one create; a rule it breaks against what an installation already holds (422, e.g. another page hosting
 * the module) skips that record with a line in the log instead of stopping the server's start.
 */
async function attempt(label: string, log: Log, create: () => Promise<number>): Promise<number | undefined> {
  try {
    return await create();
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 422) throw err;
    log(`Demo: skipped ${label}: ${JSON.stringify(err.errors ?? {})}`);
    return undefined;
  }
}

/** Stores a rendered picture as the record's image, the way an upload through the API is stored. */
async function attachPicture(
  config: Config,
  target: { model: 'page' | 'category'; id: number; picture: Picture },
  persist: (file: string | null) => Promise<unknown>,
) {
  await saveImageField(
    { config },
    {
      model: target.model,
      id: target.id,
      field: 'image',
      value: await renderPicture(target.picture),
      current: null,
      persist,
    },
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** One seeding run: where it writes, what it says, the demo records by key and how many it created. */
interface Run {
  db: Db;
  config: Config;
  log: Log;
  keys: Record<'categories' | 'panels' | 'galleries' | 'pages', Keyed>;
  created: Record<'categories' | 'panels' | 'galleries' | 'pages' | 'images', number>;
}

async function seedCategories({ db, config, log, keys, created }: Run) {
  for (const category of DEMO_CATEGORIES) {
    const langs = pageLikeLangs(category.langs);
    const found = await findBySk(db, categoryLangRows, categoryLangs.title_url, langs.sk.title_url);
    if (found) {
      keys.categories.set(category.key, found);
      continue;
    }
    const input = categorySchema.parse({
      langs,
      module_id: MODULES[category.module],
      parent_id: keys.categories.id(category.parent),
    });
    const id = await attempt(`category "${langs.sk.title}"`, log, () => createCategory(db, input));
    if (id === undefined) continue;
    keys.categories.set(category.key, { id, live: true });
    created.categories++;
    if (category.picture) {
      await attachPicture(config, { model: 'category', id, picture: category.picture }, (image) =>
        db.update(categories).set({ image }).where(eq(categories.id, id)),
      );
      created.images++;
    }
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
    keys.panels.set(panel.key, { id: await createPanel(db, input), live: true });
    created.panels++;
  }
}

/** Gallery records with their categories; no gallery service exists yet, so the same rules are applied here. */
async function seedGalleries({ db, log, keys, created }: Run) {
  for (const gallery of DEMO_GALLERIES) {
    const langs = Object.fromEntries(
      LOCALES.map((l) => {
        const t = gallery.langs[l];
        return [l, { ...t, title_url: slugify(t.title), meta_title: t.title }];
      }),
    ) as Both<{ title: string; title_url: string; content: string; meta_title: string; meta_description: string }>;
    const found = await findBySk(db, galleryLangRows, galleryLangs.title_url, langs.sk.title_url);
    if (found) {
      keys.galleries.set(gallery.key, found);
      continue;
    }
    const categoryIds = keys.categories.liveIds(gallery.categories);
    const id = await attempt(`gallery "${langs.sk.title}"`, log, () =>
      db.transaction(async (tx) => {
        await lockTitleUrls(tx, galleryLangRows);
        const errors = await titleUrlErrors(tx, galleryLangRows, langs, 0);
        if (Object.keys(errors).length > 0) throw invalid(errors);
        const [row] = await tx.insert(galleries).values({ status: true }).returning({ id: galleries.id });
        if (!row) throw new Error('insert returned no row');
        await galleryLangRows.write(tx, row.id, langs);
        if (categoryIds.length > 0) {
          await tx
            .insert(galleryCategories)
            .values(categoryIds.map((category_id) => ({ gallery_id: row.id, category_id })));
        }
        return row.id;
      }),
    );
    if (id === undefined) continue;
    keys.galleries.set(gallery.key, { id, live: true });
    created.galleries++;
  }
}

/** Pages in navigation order: each is appended last under its parent's node, so the order of DEMO_PAGES is kept. */
async function seedPages({ db, config, log, keys, created }: Run) {
  const groups = new Map((await groupOptions(db)).map((g) => [g.label, g.id]));
  for (const page of DEMO_PAGES) {
    const langs = pageLikeLangs(page.langs);
    const found = await findBySk(db, pageLangRows, pageLangs.title_url, langs.sk.title_url);
    if (found) {
      keys.pages.set(page.key, found);
      continue;
    }
    const groupId = page.group ? (groups.get(page.group) ?? null) : null;
    const parentPage = keys.pages.id(page.parent);
    const parentNode = parentPage === null ? undefined : await nodeOfPage(db, parentPage);
    const input = pageSchema.parse({
      langs,
      module_id: page.module ? MODULES[page.module] : null,
      status: page.status ?? true,
      publish_up: page.publishInDays ? new Date(Date.now() + page.publishInDays * DAY_MS).toISOString() : null,
      navigation: {
        value: groupId !== null,
        parent_id: parentNode && parentNode.group_id === groupId ? parentNode.id : null,
      },
      group_id: groupId,
      panels: keys.panels.liveIds(page.panels),
      galleries: keys.galleries.liveIds(page.galleries),
    });
    const id = await attempt(`page "${langs.sk.title}"`, log, () => createPage(db, input));
    if (id === undefined) continue;
    keys.pages.set(page.key, { id, live: true });
    created.pages++;
    if (page.picture) {
      await attachPicture(config, { model: 'page', id, picture: page.picture }, (image) =>
        db.update(pages).set({ image }).where(eq(pages.id, id)),
      );
      created.images++;
    }
  }
}

/**
 * The content area of the demo (DESIGN §3): categories of both modules, panels, galleries and the pages of a
 * small company website in the main and footer navigation, with images. Everything is written through the
 * services the API uses (rules, sanitising, navigation placement); a record is recognised by its Slovak
 * title_url (panels by title), soft-deleted ones included, so running it again, even after an interrupted run
 * or after an editor removed a demo record, adds nothing.
 */
export async function seedDemoContent(db: Db, config: Config, log: Log) {
  const run: Run = {
    db,
    config,
    log,
    keys: { categories: new Keyed(), panels: new Keyed(), galleries: new Keyed(), pages: new Keyed() },
    created: { categories: 0, panels: 0, galleries: 0, pages: 0, images: 0 },
  };
  await seedCategories(run);
  await seedPanels(run);
  await seedGalleries(run);
  await seedPages(run);
  const { created } = run;
  if (Object.values(created).some((n) => n > 0)) {
    log(
      `Demo: ${created.categories} categories, ${created.panels} panels, ${created.galleries} galleries, ` +
        `${created.pages} pages in navigation, ${created.images} images.`,
    );
  }
}
