import { describe, expect, it } from 'vitest';
import en from './en.json';
import enPublic from './en.public.json';
import { PUBLIC_NAMESPACES } from './index';
import sk from './sk.json';
import skPublic from './sk.public.json';
import { wholeCatalogues } from './whole';

/** Every leaf key of a catalogue, plural forms (`_one`, `_few`, …) folded into their base key. */
function keysOf(tree: object, prefix = ''): Set<string> {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    if (typeof value === 'object' && value !== null) for (const inner of keysOf(value, `${path}.`)) keys.add(inner);
    else keys.add(path);
  }
  return keys;
}

describe('the message catalogues', () => {
  it('hold the same keys in sk and en', () => {
    const skKeys = keysOf(wholeCatalogues.sk);
    const enKeys = keysOf(wholeCatalogues.en);
    expect([...skKeys].filter((key) => !enKeys.has(key))).toEqual([]);
    expect([...enKeys].filter((key) => !skKeys.has(key))).toEqual([]);
  });

  it('give Slovak plurals the few and many forms', () => {
    const whole = JSON.stringify(wholeCatalogues.sk);
    const plurals = whole.match(/"[A-Za-z]+_one"/g) ?? [];
    expect(plurals.length).toBeGreaterThan(0);
    for (const one of plurals) {
      const base = one.slice(1, -5);
      expect(whole).toContain(`"${base}_few"`);
      expect(whole).toContain(`"${base}_many"`);
    }
  });

  it('are split in two parts by namespace: the public ones (the sign-in screens) and the rest', () => {
    for (const [publicPart, rest] of [
      [skPublic, sk],
      [enPublic, en],
    ]) {
      expect(Object.keys(publicPart).sort()).toEqual([...PUBLIC_NAMESPACES].sort());
      expect(Object.keys(rest).filter((namespace) => Object.hasOwn(publicPart, namespace))).toEqual([]);
    }
  });
});
