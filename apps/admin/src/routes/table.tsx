import { ROLES } from '@backoffice/shared';
import type { I18nKey } from '../i18n';

/** The side navigation's icons by name (app/layout/navIcons.tsx draws them): the table itself loads no icons. */
export type NavIcon =
  | 'apartment'
  | 'api'
  | 'barChart'
  | 'contacts'
  | 'control'
  | 'dashboard'
  | 'deploymentUnit'
  | 'dollar'
  | 'environment'
  | 'file'
  | 'fileSearch'
  | 'fileText'
  | 'folderOpen'
  | 'form'
  | 'idcard'
  | 'inbox'
  | 'layout'
  | 'lineChart'
  | 'link'
  | 'mail'
  | 'menu'
  | 'mobile'
  | 'picture'
  | 'read'
  | 'send'
  | 'setting'
  | 'shareAlt'
  | 'team'
  | 'trophy'
  | 'user';

/**
 * One row of the route table; the router, the side navigation and the breadcrumbs are all derived from it. A named
 * row without children shows the screen of that name (app/screens.ts maps names to screens).
 */
export interface AppRoute {
  /** The route name from the spec; links are built by name with routePath(). */
  readonly name?: string;
  readonly path?: string;
  readonly index?: boolean;
  /** Label in the navigation and the breadcrumbs. */
  readonly labelKey?: I18nKey;
  readonly icon?: NavIcon;
  /** Shown in the side navigation (a row with nav children becomes a group). */
  readonly nav?: boolean;
  /** The route whose section this screen belongs to: marked in the navigation, first in the breadcrumbs. */
  readonly section?: string;
  /**
   * 'user' needs a signed-in user; 'guest' sends a signed-in user on to the dashboard; 'userOrToken' lets an address
   * with a `token` through to the screen (the server judges the token) and needs a signed-in user otherwise.
   */
  readonly guard?: 'user' | 'guest' | 'userOrToken';
  /** The layout around the children: the sign-in pages' or the signed-in shell. */
  readonly layout?: 'public' | 'app';
  /** The screen of another route shown here (a row without a name of its own, e.g. the catch-all). */
  readonly screen?: string;
  /**
   * The roles (`ROLES`) that may open the screen; unset, every signed-in user may. Any other role finds the row
   * missing from the navigation and the search palette, and the forbidden screen at its address (the server answers
   * its calls 403 all the same).
   */
  readonly roles?: readonly number[];
  /** Where this route leads instead (relative to its parent). */
  readonly redirect?: string;
  readonly children?: readonly AppRoute[];
}

// A new screen also gets its line in app/screens.ts, whose type asks for every screen route of this table.
/** THE route table (docs/spec-index.md S1.2 Routing overview). Later resources add rows here and nowhere else. */
export const routeTable = [
  {
    path: '/admin',
    children: [
      { index: true, redirect: 'login' },
      {
        layout: 'public',
        children: [
          { name: 'login', path: 'login', guard: 'guest', labelKey: 'auth.loginTitle' },
          {
            name: 'forgotten-password',
            path: 'forgotten-password',
            guard: 'guest',
            labelKey: 'auth.forgottenTitle',
          },
          {
            name: 'reset-password',
            path: 'reset-password',
            labelKey: 'auth.resetTitle',
          },
        ],
      },
      {
        path: 'app',
        guard: 'user',
        labelKey: 'nav.home',
        layout: 'app',
        children: [
          { index: true, redirect: 'dashboard' },
          {
            name: 'dashboard',
            path: 'dashboard',
            labelKey: 'nav.dashboard',
            icon: 'dashboard',
            nav: true,
          },
          {
            name: 'content',
            path: 'content',
            labelKey: 'nav.content',
            icon: 'folderOpen',
            nav: true,
            children: [
              { index: true, redirect: 'page' },
              {
                name: 'contentPage',
                path: 'page/:id?',
                labelKey: 'nav.contentPage',
                icon: 'file',
                nav: true,
              },
              {
                name: 'contentText',
                path: 'text/:id?',
                labelKey: 'nav.contentText',
                icon: 'fileText',
                nav: true,
              },
              {
                name: 'contentNavigation',
                path: 'navigation',
                labelKey: 'nav.contentNavigation',
                icon: 'menu',
                nav: true,
              },
              {
                name: 'contentCategory',
                path: 'category/:id?',
                labelKey: 'nav.contentCategory',
                icon: 'apartment',
                nav: true,
              },
              {
                name: 'contentPanel',
                path: 'panel/:id?',
                labelKey: 'nav.contentPanel',
                icon: 'layout',
                nav: true,
              },
            ],
          },
          {
            name: 'news',
            path: 'news/:id?',
            labelKey: 'nav.news',
            icon: 'read',
            nav: true,
          },
          {
            name: 'gallery',
            path: 'gallery/:id?',
            labelKey: 'nav.gallery',
            icon: 'picture',
            nav: true,
          },
          {
            name: 'galleryImages',
            path: 'gallery/:galleryId/images',
            labelKey: 'galleryImages.title',
            section: 'gallery',
          },
          {
            name: 'reference',
            path: 'reference/:id?',
            labelKey: 'nav.reference',
            icon: 'trophy',
            nav: true,
          },
          {
            name: 'partner',
            path: 'partner/:id?',
            labelKey: 'nav.partner',
            icon: 'team',
            nav: true,
          },
          {
            name: 'form',
            path: 'form',
            labelKey: 'nav.form',
            icon: 'form',
            nav: true,
            children: [
              { index: true, redirect: 'contact' },
              {
                name: 'formContact',
                path: 'contact/:id?',
                labelKey: 'nav.formContact',
                icon: 'inbox',
                nav: true,
              },
              {
                name: 'formPriceOffer',
                path: 'price/:id?',
                labelKey: 'nav.formPriceOffer',
                icon: 'dollar',
                nav: true,
              },
              {
                name: 'formRegistration',
                path: 'registration/:id?',
                labelKey: 'nav.formRegistration',
                icon: 'idcard',
                nav: true,
              },
            ],
          },
          {
            name: 'user',
            path: 'user/:id?',
            labelKey: 'nav.user',
            icon: 'user',
            nav: true,
          },
          {
            name: 'mail',
            path: 'mail/:id?',
            labelKey: 'nav.mail',
            icon: 'mail',
            nav: true,
          },
          {
            name: 'settings',
            path: 'settings',
            labelKey: 'nav.settings',
            icon: 'setting',
            nav: true,
            children: [
              { index: true, redirect: 'main' },
              {
                name: 'settingsMain',
                path: 'main',
                labelKey: 'nav.settingsMain',
                icon: 'control',
                nav: true,
              },
              {
                name: 'settingsContact',
                path: 'contact',
                labelKey: 'nav.settingsContact',
                icon: 'contacts',
                nav: true,
              },
              {
                name: 'settingsEmail',
                path: 'email',
                labelKey: 'nav.settingsEmail',
                icon: 'send',
                nav: true,
              },
              {
                name: 'settingsSocial',
                path: 'social',
                labelKey: 'nav.settingsSocial',
                icon: 'shareAlt',
                nav: true,
              },
              // What other systems get of the content (docs/features/integrations.md): the administrator's alone.
              {
                name: 'settingsApiTokens',
                path: 'api-tokens',
                labelKey: 'nav.settingsApiTokens',
                icon: 'api',
                nav: true,
                roles: [ROLES.admin],
              },
              {
                name: 'settingsWebhooks',
                path: 'webhooks/:id?',
                labelKey: 'nav.settingsWebhooks',
                icon: 'deploymentUnit',
                nav: true,
                roles: [ROLES.admin],
              },
            ],
          },
          {
            name: 'stats',
            path: 'stats',
            labelKey: 'nav.stats',
            icon: 'barChart',
            nav: true,
            children: [
              { index: true, redirect: 'traffic' },
              {
                name: 'statsTraffic',
                path: 'traffic',
                labelKey: 'nav.statsTraffic',
                icon: 'lineChart',
                nav: true,
              },
              {
                name: 'statsContent',
                path: 'content',
                labelKey: 'nav.statsContent',
                icon: 'fileSearch',
                nav: true,
              },
              {
                name: 'statsSource',
                path: 'source',
                labelKey: 'nav.statsSource',
                icon: 'link',
                nav: true,
              },
              {
                name: 'statsDemography',
                path: 'demography',
                labelKey: 'nav.statsDemography',
                icon: 'environment',
                nav: true,
              },
              {
                name: 'statsDevice',
                path: 'device',
                labelKey: 'nav.statsDevice',
                icon: 'mobile',
                nav: true,
              },
            ],
          },
          // The user menu's own screens (docs/features/sign-in-and-users.md).
          { name: 'accountTwoFactor', path: 'account/two-factor', labelKey: 'twoFactor.title' },
          { name: 'accountSessions', path: 'account/sessions', labelKey: 'sessions.title' },
        ],
      },
      // The set-up that role 1's rule requires right after the password step: no session of a user yet, so no guard.
      { name: 'twoFactorSetup', path: 'two-factor-setup', labelKey: 'twoFactor.setupTitle' },
      // Outside the layout (it fills the layout's modal frame), for a signed-in user or the frame's token.
      { name: 'filemanager', path: 'filemanager', guard: 'userOrToken', labelKey: 'filemanager.title' },
      { name: 'notFound', path: '*' },
    ],
  },
  { path: '*', screen: 'notFound' },
] as const satisfies readonly AppRoute[];

type NamesOf<R> = R extends { readonly name: infer N extends string } ? N | ChildNamesOf<R> : ChildNamesOf<R>;
type ChildNamesOf<R> = R extends { readonly children: readonly (infer C)[] } ? NamesOf<C> : never;
/** Every route name of the table. */
export type RouteName = NamesOf<(typeof routeTable)[number]>;

type ScreenNamesOf<R> = R extends { readonly children: readonly (infer C)[] }
  ? ScreenNamesOf<C>
  : R extends { readonly name: infer N extends string }
    ? N
    : never;
/** The routes that show a screen of their own: every named row without children. */
export type ScreenName = ScreenNamesOf<(typeof routeTable)[number]>;
