import { ROLES } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { mayOpen, navFor, navTree } from './nav';
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

describe('screens for some roles only', () => {
  const names = (entries: readonly { name: string; children: readonly { name: string }[] }[]) =>
    entries.flatMap((entry) => [entry.name, ...entry.children.map((child) => child.name)]);

  it('puts the integrations under the settings, for role 1 alone', () => {
    expect(routePath('settingsApiTokens')).toBe('/admin/app/settings/api-tokens');
    expect(routePath('settingsWebhooks', { id: 4 })).toBe('/admin/app/settings/webhooks/4');
    const settings = navFor(ROLES.admin).find((entry) => entry.name === 'settings');
    expect(settings?.children.map((entry) => entry.name)).toEqual([
      'settingsMain',
      'settingsContact',
      'settingsEmail',
      'settingsSocial',
      'settingsApiTokens',
      'settingsWebhooks',
    ]);
  });

  it('leaves them out of an editor’s navigation, the rest of the settings kept', () => {
    const editor = names(navFor(ROLES.editor));
    expect(editor).not.toContain('settingsApiTokens');
    expect(editor).not.toContain('settingsWebhooks');
    expect(editor).toContain('settingsMain');
    expect(names(navFor(undefined))).not.toContain('settingsWebhooks');
  });

  it('drops a group whose every row is for other roles', () => {
    const only = [
      { ...navTree[0], roles: undefined, children: [{ ...navTree[0], roles: [ROLES.admin], children: [] }] },
    ];
    expect(navFor(ROLES.editor, only)).toEqual([]);
    expect(navFor(ROLES.admin, only)).toHaveLength(1);
    expect(mayOpen(undefined, undefined)).toBe(true);
    expect(mayOpen([ROLES.admin], ROLES.editor)).toBe(false);
  });
});
