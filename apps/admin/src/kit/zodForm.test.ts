import { textSchema } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { localeOfPath, pathToName, zodValidate } from './zodForm';

const valid = {
  langs: { sk: { title: 'Nadpis', content: '' }, en: { title: 'Title', content: '' } },
  positions: [1],
  status: true,
};

describe('zod → form adapter', () => {
  it('returns the parsed data of a valid form', () => {
    const result = zodValidate(textSchema, valid);
    expect(result.success && result.data.positions).toEqual([1]);
  });

  it('groups message keys by dotted path in schema order', () => {
    const result = zodValidate(textSchema, { ...valid, langs: { ...valid.langs, en: { title: 'x' } }, positions: [] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(result.errors)).toEqual(['langs.en.title', 'positions']);
    expect(result.errors['langs.en.title']).toEqual(['errors.min3']);
    expect(result.errors.positions).toEqual(['errors.requiredSelect']);
  });

  it('maps a path to an antd name and to the locale tab that holds it', () => {
    expect(pathToName('langs.sk.title')).toEqual(['langs', 'sk', 'title']);
    expect(pathToName('positions.0')).toEqual(['positions', 0]);
    expect(localeOfPath('langs.en.title')).toBe('en');
    expect(localeOfPath('positions')).toBeUndefined();
    expect(localeOfPath('meta_title.en')).toBe('en');
    expect(localeOfPath('positions.0')).toBeUndefined();
  });
});
