import { describe, expect, it } from 'vitest';
import en from './en.json';
import sk from './sk.json';

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
    const skKeys = keysOf(sk);
    const enKeys = keysOf(en);
    expect([...skKeys].filter((key) => !enKeys.has(key))).toEqual([]);
    expect([...enKeys].filter((key) => !skKeys.has(key))).toEqual([]);
  });

  it('give Slovak plurals the few and many forms', () => {
    const plurals = JSON.stringify(sk).match(/"[A-Za-z]+_one"/g) ?? [];
    for (const one of plurals) {
      const base = one.slice(1, -5);
      expect(JSON.stringify(sk)).toContain(`"${base}_few"`);
      expect(JSON.stringify(sk)).toContain(`"${base}_many"`);
    }
  });
});
