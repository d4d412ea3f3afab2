import { describe, expect, it } from 'vitest';
import { byLocale, emptyLangs, langsFromRecord } from './langs';

describe('translated form values', () => {
  it('builds one value per locale', () => {
    expect(byLocale((locale) => locale.toUpperCase())).toEqual({ sk: 'SK', en: 'EN' });
    expect(emptyLangs(['title', 'content'])).toEqual({
      sk: { title: '', content: '' },
      en: { title: '', content: '' },
    });
  });

  it('reads a record, a missing locale or field (or null) as empty', () => {
    expect(langsFromRecord({ sk: { title: 'Ahoj', content: null } }, ['title', 'content'])).toEqual({
      sk: { title: 'Ahoj', content: '' },
      en: { title: '', content: '' },
    });
  });
});
