import { LIMITS } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { checkImageFile, galleryImageUrl, galleryThumbUrl } from './image';

describe('image field helpers', () => {
  it('builds the gallery addresses of a stored image', () => {
    expect(galleryThumbUrl('category', 7, 'ab12.png')).toBe('/gallery/category/7/thumb/ab12.png');
    expect(galleryImageUrl('category', 7, 'ab12.png')).toBe('/gallery/category/7/ab12.png');
  });

  it('accepts images up to the size limit and refuses other types and larger files', () => {
    const limit = LIMITS.imageMaxKb * 1024;
    expect(checkImageFile({ type: 'image/png', size: 68 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: limit })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: limit + 1 })).toBe('errors.image');
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe('errors.image');
    expect(checkImageFile({ type: '', size: 10 })).toBe('errors.image');
  });
});
