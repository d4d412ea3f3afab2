import { describe, expect, it } from 'vitest';
import { categorySchema } from './category.js';
import { titleUrlCheckSchema } from './common.js';
import { panelSchema } from './panel.js';

const keysOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const validPanel = {
  langs: { sk: { title: 'Panel sk', content: '<p>x</p>' }, en: { title: 'Panel en' } },
  priority: 2,
};

describe('panelSchema', () => {
  it('accepts a valid panel, defaults status to true and content to ""', () => {
    expect(panelSchema.parse(validPanel)).toMatchObject({ status: true, priority: 2, langs: { en: { content: '' } } });
  });

  it.each([undefined, null, '', 0, -1, 1.5, 'x'])('priority %s → errors.min1', (priority) => {
    expect(keysOf(panelSchema.safeParse({ ...validPanel, priority }))).toEqual({ priority: 'errors.min1' });
  });

  it('takes the multipart spellings and reports short titles per locale', () => {
    expect(panelSchema.parse({ ...validPanel, priority: '4', status: '0' })).toMatchObject({
      priority: 4,
      status: false,
    });
    const short = { ...validPanel, langs: { ...validPanel.langs, en: { title: 'ab' } } };
    expect(keysOf(panelSchema.safeParse(short))).toEqual({ 'langs.en.title': 'errors.min3' });
  });
});

const lang = (title: string) => ({ title, title_url: title.toLowerCase().replace(/ /g, '-') });
const validCategory = { langs: { sk: lang('Kategória'), en: lang('Category') }, module_id: 1 };

describe('categorySchema', () => {
  it('accepts a minimal category and fills the page-like defaults', () => {
    expect(categorySchema.parse(validCategory)).toEqual({
      langs: {
        sk: {
          title: 'Kategória',
          title_url: 'kategória',
          content: '',
          teaser: '',
          page_text: '',
          meta_title: '',
          meta_description: '',
          claim: '',
          image_alt: '',
        },
        en: expect.objectContaining({ title: 'Category', title_url: 'category' }),
      },
      module_id: 1,
      parent_id: null,
      status: true,
      redirect: null,
      css_class: null,
      publish_up: null,
      publish_down: null,
    });
  });

  it('reports the spec keys per locale', () => {
    const input = {
      langs: {
        sk: { title: 'ab', title_url: ' xy ' },
        en: { ...lang('Category'), meta_title: 'x'.repeat(61), meta_description: 'y'.repeat(161) },
      },
    };
    expect(keysOf(categorySchema.safeParse(input))).toEqual({
      'langs.sk.title': 'errors.min3',
      'langs.sk.title_url': 'errors.min3',
      'langs.en.meta_title': 'errors.max60',
      'langs.en.meta_description': 'errors.max160',
      module_id: 'errors.requiredOption',
    });
  });

  it('takes multipart spellings: "" and "0" parents are none, blank dates and texts are null', () => {
    for (const parent_id of ['', '0', 0, null]) {
      expect(categorySchema.parse({ ...validCategory, parent_id }).parent_id).toBeNull();
    }
    const parsed = categorySchema.parse({
      ...validCategory,
      module_id: '2',
      parent_id: '5',
      redirect: '  ',
      publish_up: '',
      status: '0',
    });
    expect(parsed).toMatchObject({ module_id: 2, parent_id: 5, redirect: null, publish_up: null, status: false });
  });

  it('wants ISO date-times and publish_down after publish_up', () => {
    expect(keysOf(categorySchema.safeParse({ ...validCategory, publish_up: '1.1.2026' }))).toEqual({
      publish_up: 'errors.invalid',
    });
    const reversed = { ...validCategory, publish_up: '2026-02-01T00:00:00Z', publish_down: '2026-01-01T00:00:00Z' };
    expect(keysOf(categorySchema.safeParse(reversed))).toEqual({ publish_down: 'errors.publishDown' });
    expect(categorySchema.safeParse({ ...reversed, publish_down: '2026-03-01T00:00:00+01:00' }).success).toBe(true);
  });

  it('ignores an image field until the image pipeline handles it', () => {
    expect(categorySchema.parse({ ...validCategory, image: 'x.png' })).not.toHaveProperty('image');
  });
});

describe('titleUrlCheckSchema', () => {
  it('takes value, language_code and an optional id (0 = new record)', () => {
    expect(titleUrlCheckSchema.parse({ value: ' abc ', language_code: 'en' })).toEqual({
      value: 'abc',
      language_code: 'en',
      id: 0,
    });
    expect(titleUrlCheckSchema.parse({ value: 'abc', language_code: 'sk', id: '7' }).id).toBe(7);
    expect(titleUrlCheckSchema.safeParse({ value: 'abc', language_code: 'de' }).success).toBe(false);
  });
});
