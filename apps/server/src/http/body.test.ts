import { describe, expect, it } from 'vitest';
import { unflatten } from './body.js';

describe('unflatten (multipart bracket keys)', () => {
  it('nests locales, indexes arrays and keeps order', () => {
    expect(
      unflatten({
        'langs[sk][title]': 'A',
        'langs[en][title]': 'B',
        'positions[1]': '3',
        'positions[0]': '2',
        status: '1',
      }),
    ).toEqual({ langs: { sk: { title: 'A' }, en: { title: 'B' } }, positions: ['2', '3'], status: '1' });
  });
  it('appends empty-bracket keys', () => {
    expect(unflatten({ 'rows[]': '5' })).toEqual({ rows: ['5'] });
  });
  it('appends each value of a repeated empty-bracket key (bulk rows[]=1&rows[]=2)', () => {
    expect(unflatten({ 'rows[]': ['1', '2', '3'] })).toEqual({ rows: ['1', '2', '3'] });
    expect(unflatten({ 'tree[0][children][]': ['4', '5'] })).toEqual({ tree: [{ children: ['4', '5'] }] });
  });
  it('ignores prototype-polluting keys', () => {
    const out = unflatten({ '__proto__[polluted]': 'yes', 'a[constructor][prototype][x]': '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(out).toEqual({});
  });
});
