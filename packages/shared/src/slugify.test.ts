import { describe, expect, it } from 'vitest';
import { slugify } from './slugify.js';

describe('slugify (docs/spec-index.md S1.5)', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['Žltý kôň úpel ďábelské ódy', 'zlty-kon-upel-dabelske-ody'],
    ['Tom & Jerry', 'tom-and-jerry'],
    ['R&D', 'r-and-d'],
    ['  leading and trailing  ', 'leading-and-trailing'],
    ['many   spaces\tand\nlines', 'many-spaces-and-lines'],
    ['Ceny: 50% zľava!', 'ceny-50-zlava'],
    ['--already--hyphenated--', 'already-hyphenated'],
    ['a - b', 'a-b'],
    ['Ďakujeme ŤAŽKO', 'dakujeme-tazko'],
    ['???', ''],
    ['2026 Novinky', '2026-novinky'],
  ])('%j → %j', (title, expected) => {
    expect(slugify(title)).toBe(expected);
  });
});
