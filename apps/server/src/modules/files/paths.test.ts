import { cleanFileName, isValidFileName } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.js';
import { fileUrl, parseNewName, parsePath } from './paths.js';

const statusOf = (fn: () => unknown) => {
  try {
    fn();
    return 200;
  } catch (err) {
    return err instanceof HttpError ? err.status : 500;
  }
};

describe('file manager paths', () => {
  it('parses plain paths into segments; the empty path is the root', () => {
    expect(parsePath('')).toEqual([]);
    expect(parsePath('Docs')).toEqual(['Docs']);
    expect(parsePath('Obrázky/Leto 2025/pláž.jpg')).toEqual(['Obrázky', 'Leto 2025', 'pláž.jpg']);
    // A decomposed (NFD) name is the same name.
    expect(parsePath('Obra\u0301zky')).toEqual(['Obrázky']);
  });

  it.each([
    '..',
    '../x',
    'a/../../x',
    '%2e%2e%2f',
    '%2E%2E',
    'a%2fb',
    '%ff',
    '..\\x',
    '/abs',
    'C:\\x',
    'a\0',
    'a//b',
    'a/',
    './a',
    '.env',
    'x'.repeat(2000),
  ])('refuses %j with a 400', (raw) => {
    expect(statusOf(() => parsePath(raw))).toBe(400);
  });

  it('a new name reaching elsewhere is a 400, one breaking the naming rule a 422', () => {
    expect(parseNewName('  Nový priečinok ')).toBe('Nový priečinok');
    for (const name of ['../x', '..', '.', 'a/b', 'a\\b', '%2e%2e', 'x\0'])
      expect(statusOf(() => parseNewName(name))).toBe(400);
    for (const name of ['', '.hidden', 'a<b', 'a:b', 'end.', 'a\u202egpj.exe']) {
      expect(statusOf(() => parseNewName(name))).toBe(422);
    }
  });

  it('cleans a client file name into a valid one', () => {
    expect(cleanFileName('C:\\Users\\eva\\Cenník 2025')).toBe('Cenník 2025');
    expect(cleanFileName('../../..hidden')).toBe('hidden');
    expect(cleanFileName('a<b>c|d?e*f')).toBe('a-b-c-d-e-f');
    expect(cleanFileName('tab\there  and\nthere')).toBe('tab-here and-there');
    expect(cleanFileName('...')).toBe('');
    expect(isValidFileName(`${cleanFileName('x'.repeat(500))}-999.jpeg`)).toBe(true);
  });

  it('builds encoded addresses under /gallery/files/', () => {
    expect(fileUrl(['Obrázky', 'a b#?.png'])).toBe('/gallery/files/Obr%C3%A1zky/a%20b%23%3F.png');
    expect(fileUrl(['a.png'], true)).toBe('/gallery/files/.thumbs/a.png');
  });
});
