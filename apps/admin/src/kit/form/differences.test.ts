import { describe, expect, it } from 'vitest';
import { differences } from './differences';

describe('differences', () => {
  it('lists each translated field per locale and each other field that differs, rich text as its text', () => {
    const version = {
      id: 1,
      status: true,
      positions: [1],
      updated_at: 'a',
      langs: { sk: { title: 'Cenník', content: '<p>Ceny&nbsp;2025</p>' }, en: { title: 'Prices', content: '' } },
    };
    const current = {
      id: 1,
      status: false,
      positions: [1],
      updated_at: 'b',
      langs: {
        sk: { title: 'Cenník', content: '<p><strong>Ceny</strong> 2026</p>' },
        en: { title: 'Prices', content: '' },
      },
    };
    expect(differences(version, current)).toEqual([
      { key: 'sk.content', field: 'content', locale: 'sk', before: 'Ceny 2025', after: 'Ceny 2026' },
      { key: 'status', field: 'status', before: 'true', after: 'false' },
    ]);
  });

  it('compares image fields by their stored file names, none as empty, and only when named as images', () => {
    const version = { id: 1, image: 'old.webp', poster: null, gallery_id: 2, updated_at: 'a' };
    const current = { id: 1, image: 'new.webp', poster: 'p.webp', gallery_id: 2, updated_at: 'b' };
    expect(differences(version, current, ['image', 'poster'])).toEqual([
      { key: 'image', field: 'image', before: 'old.webp', after: 'new.webp', image: true },
      { key: 'poster', field: 'poster', before: '', after: 'p.webp', image: true },
    ]);
    expect(differences(version, { ...current, image: 'old.webp' }, ['image'])).toEqual([
      { key: 'poster', field: 'poster', before: '""', after: 'p.webp' },
    ]);
  });
});
