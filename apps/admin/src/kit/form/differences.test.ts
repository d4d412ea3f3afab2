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
});
