import { randomBytes } from 'node:crypto';
import {
  type ArticleInput,
  articleSchema,
  type CategoryInput,
  categorySchema,
  type GalleryInput,
  gallerySchema,
  MODULES,
  type PageInput,
  type PanelInput,
  type PartnerInput,
  pageSchema,
  partnerSchema,
  type ReferenceInput,
  ROLES,
  referenceSchema,
  slugify,
  type TextInput,
} from '@backoffice/shared';
import type { Db } from '../db/client.js';
import { galleryImageLangs, galleryImages } from '../db/schema.js';
import { articleWrites } from '../modules/articles/service.js';
import { createCategory } from '../modules/categories/service.js';
import { galleryWrites } from '../modules/galleries/service.js';
import { createPage } from '../modules/pages/service.js';
import { createPanel } from '../modules/panels/service.js';
import { partnerWrites } from '../modules/partners/service.js';
import { referenceWrites } from '../modules/references/service.js';
import { createText, positionOptions } from '../modules/texts/service.js';
import { insertUser, type NewUser } from '../modules/users/operations.js';

let seq = 0;
const unique = () => `${++seq}${randomBytes(3).toString('hex')}`;

export async function buildUser(db: Db, overrides: Partial<NewUser> = {}) {
  const input = {
    email: `user${unique()}@example.com`,
    password: 'secret-password',
    role_id: ROLES.editor,
    name: 'Test',
    surname: 'User',
    ...overrides,
  };
  const user = await insertUser(db, input);
  return { ...user, plainPassword: input.password };
}

export async function textInput(db: Db, overrides: Partial<TextInput> & { title?: string } = {}): Promise<TextInput> {
  const positions = await positionOptions(db);
  const title = overrides.title ?? `Text ${unique()}`;
  return {
    langs: {
      sk: { title: `${title} sk`, content: '<p>obsah</p>' },
      en: { title: `${title} en`, content: '<p>content</p>' },
    },
    positions: [positions[0]?.id ?? 1],
    status: true,
    ...overrides,
  };
}

export async function buildText(db: Db, overrides: Partial<TextInput> & { title?: string } = {}) {
  const input = await textInput(db, overrides);
  return db.transaction((tx) => createText(tx, input));
}

export function panelInput(overrides: Partial<PanelInput> & { title?: string } = {}): PanelInput {
  const { title = `Panel ${unique()}`, ...rest } = overrides;
  return {
    langs: {
      sk: { title: `${title} sk`, content: '<p>obsah</p>' },
      en: { title: `${title} en`, content: '<p>content</p>' },
    },
    status: true,
    priority: 1,
    ...rest,
  };
}

export async function buildPanel(db: Db, overrides: Partial<PanelInput> & { title?: string } = {}) {
  return db.transaction((tx) => createPanel(tx, panelInput(overrides)));
}

/** Per-locale title and title_url derived from a (unique) title: `${title} sk`, `${title} en`. */
const titledLangs = (title: string) => {
  const lang = (suffix: string) => ({ title: `${title} ${suffix}`, title_url: slugify(`${title} ${suffix}`) });
  return { sk: lang('sk'), en: lang('en') };
};

/** A valid category of the blog module; title_url is derived from the (unique) title in each locale. */
export function categoryInput(overrides: Partial<CategoryInput> & { title?: string } = {}): CategoryInput {
  const { title = `Category ${unique()}`, ...rest } = overrides;
  // The schema fills every other field with its default, as a form that only sets these would.
  return categorySchema.parse({ langs: titledLangs(title), module_id: MODULES.blog, ...rest });
}

export async function buildCategory(db: Db, overrides: Partial<CategoryInput> & { title?: string } = {}) {
  return db.transaction((tx) => createCategory(tx, categoryInput(overrides)));
}

type PageOverrides = Partial<Omit<PageInput, 'navigation'>> & {
  title?: string;
  navigation?: Partial<PageInput['navigation']>;
};

/** A valid page with no module; title_url is derived from the (unique) title in each locale. */
export function pageInput(overrides: PageOverrides = {}): PageInput {
  const { title = `Page ${unique()}`, ...rest } = overrides;
  return pageSchema.parse({ langs: titledLangs(title), ...rest });
}

export async function buildPage(db: Db, overrides: PageOverrides = {}) {
  return db.transaction((tx) => createPage(tx, pageInput(overrides)));
}

/** One live category of `moduleId` per database, made on first use, for inputs that need a category. */
const someCategory = new WeakMap<Db, Map<number, Promise<number>>>();
export function categoryOf(db: Db, moduleId: number): Promise<number> {
  const byModule = someCategory.get(db) ?? new Map<number, Promise<number>>();
  someCategory.set(db, byModule);
  const made =
    byModule.get(moduleId) ?? buildCategory(db, { title: `Module ${moduleId} category`, module_id: moduleId });
  byModule.set(moduleId, made);
  return made;
}

type Titled<T> = Partial<T> & { title?: string };

/** A valid news article in a category of the News module; the schema fills every other field with its default. */
export async function articleInput(db: Db, overrides: Titled<ArticleInput> = {}): Promise<ArticleInput> {
  const { title = `Article ${unique()}`, ...rest } = overrides;
  return articleSchema.parse({ langs: titledLangs(title), categories: [await categoryOf(db, MODULES.blog)], ...rest });
}

export async function buildArticle(db: Db, overrides: Titled<ArticleInput> = {}) {
  const input = await articleInput(db, overrides);
  return db.transaction((tx) => articleWrites.create(tx, input));
}

/** A valid gallery without categories. */
export function galleryInput(overrides: Titled<GalleryInput> = {}): GalleryInput {
  const { title = `Gallery ${unique()}`, ...rest } = overrides;
  return gallerySchema.parse({ langs: titledLangs(title), ...rest });
}

export async function buildGallery(db: Db, overrides: Titled<GalleryInput> = {}) {
  return db.transaction((tx) => galleryWrites.create(tx, galleryInput(overrides)));
}

/** A valid reference without categories, galleries or similars. */
export function referenceInput(overrides: Titled<ReferenceInput> = {}): ReferenceInput {
  const { title = `Reference ${unique()}`, ...rest } = overrides;
  return referenceSchema.parse({ langs: titledLangs(title), ...rest });
}

export async function buildReference(db: Db, overrides: Titled<ReferenceInput> = {}) {
  return db.transaction((tx) => referenceWrites.create(tx, referenceInput(overrides)));
}

/** A valid partner. */
export function partnerInput(overrides: Titled<PartnerInput> = {}): PartnerInput {
  const { title = `Partner ${unique()}`, ...rest } = overrides;
  return partnerSchema.parse({ langs: titledLangs(title), ...rest });
}

export async function buildPartner(db: Db, overrides: Titled<PartnerInput> = {}) {
  return db.transaction((tx) => partnerWrites.create(tx, partnerInput(overrides)));
}

/**
 * An image row of a gallery with its titles (`${title} sk`, `${title} en`), without a file on disk: enough for
 * what lists or links images. Shown (status true) and last in the gallery unless told otherwise.
 */
export async function buildGalleryImage(
  db: Db,
  galleryId: number,
  overrides: { title?: string; status?: boolean; position?: number; file?: string } = {},
) {
  const {
    title = `Image ${unique()}`,
    status = true,
    position = seq,
    file = `${randomBytes(16).toString('hex')}.jpg`,
  } = overrides;
  const [row] = await db
    .insert(galleryImages)
    .values({ gallery_id: galleryId, file, width: 800, height: 600, position, status })
    .returning({ id: galleryImages.id });
  if (!row) throw new Error('no gallery image');
  await db.insert(galleryImageLangs).values(
    (['sk', 'en'] as const).map((language_code) => ({
      gallery_image_id: row.id,
      language_code,
      title: `${title} ${language_code}`,
    })),
  );
  return { id: row.id, file };
}

/** The fields of a valid contact form as the public site posts them. */
export const contactForm = (overrides: Record<string, unknown> = {}) => ({
  company: 'Acme s.r.o.',
  name: 'Ján Novák',
  email: 'jan@example.com',
  phone: '+421 900 123 456',
  message: 'Dobrý deň, máte voľné kapacity?',
  locale: 'sk',
  ...overrides,
});
