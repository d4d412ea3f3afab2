import { DELETE_MARKER } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { fileValues } from './edits';

describe('fileValues', () => {
  it('answers a picked file and a delete marker, and nothing for untouched or other fields', () => {
    const file = new File(['x'], 'bod.png', { type: 'image/png' });
    const values = { image: file, poster: DELETE_MARKER, icon: undefined, title: 'Nový' };
    expect(fileValues(values, ['image', 'poster', 'icon'])).toEqual({ image: file, poster: DELETE_MARKER });
    expect(fileValues(values, ['image']).image).toBe(file);
  });

  it('answers nothing for a resource without file fields', () => {
    expect(fileValues({ title: 'Nový' })).toEqual({});
  });
});
