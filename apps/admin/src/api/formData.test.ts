import { describe, expect, it } from 'vitest';
import { containsFile, toFormData } from './formData';

describe('multipart serialisation', () => {
  it('uses bracket keys, indexes lists and sends booleans as 1/0', () => {
    const form = toFormData({ langs: { sk: { title: 'Ahoj' } }, positions: [3, 5], status: true, note: null });
    expect([...form.entries()]).toEqual([
      ['langs[sk][title]', 'Ahoj'],
      ['positions[0]', '3'],
      ['positions[1]', '5'],
      ['status', '1'],
      ['note', ''],
    ]);
  });

  it('sends an emptied list so the server can tell it from a missing one', () => {
    expect([...toFormData({ galleries: [] }).entries()]).toEqual([['galleries', '']]);
  });

  it('keeps files as files and notices them deep inside the body', () => {
    const image = new File(['x'], 'a.png', { type: 'image/png' });
    expect(containsFile({ langs: { sk: { title: 'a' } } })).toBe(false);
    expect(containsFile({ page: { images: [image] } })).toBe(true);
    expect(toFormData({ image }).get('image')).toBeInstanceOf(File);
  });
});
