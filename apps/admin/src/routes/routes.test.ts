import { describe, expect, it } from 'vitest';
import { navTree } from './nav';
import { hasRoute, routeLabel, routeNeedsParams, routePath } from './paths';

describe('route table', () => {
  it('builds links by route name, with and without the optional id', () => {
    expect(routePath('login')).toBe('/admin/login');
    expect(routePath('dashboard')).toBe('/admin/app/dashboard');
    expect(routePath('contentText')).toBe('/admin/app/content/text');
    expect(routePath('contentText', { id: 7 })).toBe('/admin/app/content/text/7');
    expect(routePath('contentCategory', { id: 3 })).toBe('/admin/app/content/category/3');
    expect(routePath('contentPanel')).toBe('/admin/app/content/panel');
    expect(routePath('contentNavigation')).toBe('/admin/app/content/navigation');
  });

  it('knows which route names exist', () => {
    expect(hasRoute('contentText')).toBe(true);
    expect(hasRoute('contentCategory')).toBe(true);
    expect(hasRoute('contentPanel')).toBe(true);
    expect(hasRoute('contentPage')).toBe(true);
    expect(hasRoute('contentNavigation')).toBe(true);
    expect(hasRoute('news')).toBe(true);
    expect(hasRoute('user')).toBe(true);
    expect(hasRoute('nothing')).toBe(false);
    expect(hasRoute(null)).toBe(false);
  });

  it('derives the side navigation with content as a group', () => {
    expect(navTree.map((entry) => entry.name)).toEqual([
      'dashboard',
      'content',
      'news',
      'gallery',
      'reference',
      'partner',
      'form',
      'user',
      'mail',
      'settings',
      'stats',
    ]);
    expect(navTree[1].children.map((entry) => entry.name)).toEqual([
      'contentPage',
      'contentText',
      'contentNavigation',
      'contentCategory',
      'contentPanel',
    ]);
    const forms = navTree.find((entry) => entry.name === 'form');
    expect(forms?.children.map((entry) => entry.name)).toEqual(['formContact', 'formPriceOffer', 'formRegistration']);
    expect(routePath('formPriceOffer', { id: 3 })).toBe('/admin/app/form/price/3');
    const stats = navTree.find((entry) => entry.name === 'stats');
    expect(stats?.children.map((entry) => entry.name)).toEqual([
      'statsTraffic',
      'statsContent',
      'statsSource',
      'statsDemography',
      'statsDevice',
    ]);
    expect(routePath('statsDemography')).toBe('/admin/app/stats/demography');
  });
});

describe('a screen inside another section', () => {
  it('has its address from its parameters and its section label', () => {
    expect(routePath('galleryImages', { galleryId: 4 })).toBe('/admin/app/gallery/4/images');
    expect(() => routePath('galleryImages')).toThrow(/galleryId/);
    expect(routeNeedsParams('galleryImages')).toBe(true);
    expect(routeNeedsParams('gallery')).toBe(false);
    expect(routeLabel('gallery')).toBe('nav.gallery');
  });
});
