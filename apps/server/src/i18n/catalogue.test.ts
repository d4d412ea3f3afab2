import { describe, expect, it } from 'vitest';
import en from './en.json' with { type: 'json' };
import sk from './sk.json' with { type: 'json' };

/** Every key of a catalogue, nested ones as `a.b`. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

describe("the server's message catalogues", () => {
  it('hold the same keys in Slovak and English', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(sk).sort());
  });
});
