import { randomBytes } from 'node:crypto';
import {
  type CategoryInput,
  categorySchema,
  MODULES,
  type PageInput,
  type PanelInput,
  pageSchema,
  ROLES,
  slugify,
  type TextInput,
} from '@backoffice/shared';
import type { Db } from '../db/client.js';
import { createCategory } from '../modules/categories/service.js';
import { createPage } from '../modules/pages/service.js';
import { createPanel } from '../modules/panels/service.js';
import { createText, positionOptions } from '../modules/texts/service.js';
import { createUser, type NewUser } from '../modules/users/operations.js';

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
  const user = await createUser(db, input);
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
  return createText(db, await textInput(db, overrides));
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
  return createPanel(db, panelInput(overrides));
}

/** A valid category of the blog module; title_url is derived from the (unique) title in each locale. */
export function categoryInput(overrides: Partial<CategoryInput> & { title?: string } = {}): CategoryInput {
  const { title = `Category ${unique()}`, ...rest } = overrides;
  const lang = (suffix: string) => ({ title: `${title} ${suffix}`, title_url: slugify(`${title} ${suffix}`) });
  // The schema fills every other field with its default, as a form that only sets these would.
  return categorySchema.parse({ langs: { sk: lang('sk'), en: lang('en') }, module_id: MODULES.blog, ...rest });
}

export async function buildCategory(db: Db, overrides: Partial<CategoryInput> & { title?: string } = {}) {
  return createCategory(db, categoryInput(overrides));
}

type PageOverrides = Partial<Omit<PageInput, 'navigation'>> & {
  title?: string;
  navigation?: Partial<PageInput['navigation']>;
};

/** A valid page with no module; title_url is derived from the (unique) title in each locale. */
export function pageInput(overrides: PageOverrides = {}): PageInput {
  const { title = `Page ${unique()}`, ...rest } = overrides;
  const lang = (suffix: string) => ({ title: `${title} ${suffix}`, title_url: slugify(`${title} ${suffix}`) });
  return pageSchema.parse({ langs: { sk: lang('sk'), en: lang('en') }, ...rest });
}

export async function buildPage(db: Db, overrides: PageOverrides = {}) {
  return createPage(db, pageInput(overrides));
}
