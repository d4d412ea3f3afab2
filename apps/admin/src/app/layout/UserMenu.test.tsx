import type { LogItem } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { linkOf } from './UserMenu';

const item = (over: Partial<LogItem>): LogItem => ({
  id: 1,
  model: 'Text',
  route: 'contentText',
  route_params: { id: 7 },
  row_id: 7,
  action: 'update',
  action_label: 'upravený',
  icon: 'file-text',
  title: 'Text',
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('a user menu activity entry', () => {
  it("links to the record's edit screen", () => {
    expect(linkOf(item({}))).toBe('/admin/app/content/text/7');
  });

  it("of a gallery image links to its gallery's images screen", () => {
    const image = item({ model: 'GalleryImage', route: 'galleryImages', route_params: { galleryId: 4 }, row_id: 31 });
    expect(linkOf(image)).toBe('/admin/app/gallery/4/images');
  });

  it('has no link after a removal, for a model without a screen, or when the server names none', () => {
    expect(linkOf(item({ action: 'destroy' }))).toBeNull();
    expect(linkOf(item({ model: 'Slide', route: null, route_params: null }))).toBeNull();
    expect(linkOf(item({ model: 'GalleryImage', route: null, route_params: null }))).toBeNull();
  });
});
