import {
  ApartmentOutlined,
  BarChartOutlined,
  ContactsOutlined,
  ControlOutlined,
  DashboardOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FormOutlined,
  IdcardOutlined,
  InboxOutlined,
  LayoutOutlined,
  LineChartOutlined,
  LinkOutlined,
  MailOutlined,
  MenuOutlined,
  MobileOutlined,
  PictureOutlined,
  ReadOutlined,
  SendOutlined,
  SettingOutlined,
  ShareAltOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { I18nKey } from '../i18n';

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
  readonly icon?: ReactNode;
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
            icon: <DashboardOutlined />,
            nav: true,
          },
          {
            name: 'content',
            path: 'content',
            labelKey: 'nav.content',
            icon: <FolderOpenOutlined />,
            nav: true,
            children: [
              { index: true, redirect: 'page' },
              {
                name: 'contentPage',
                path: 'page/:id?',
                labelKey: 'nav.contentPage',
                icon: <FileOutlined />,
                nav: true,
              },
              {
                name: 'contentText',
                path: 'text/:id?',
                labelKey: 'nav.contentText',
                icon: <FileTextOutlined />,
                nav: true,
              },
              {
                name: 'contentNavigation',
                path: 'navigation',
                labelKey: 'nav.contentNavigation',
                icon: <MenuOutlined />,
                nav: true,
              },
              {
                name: 'contentCategory',
                path: 'category/:id?',
                labelKey: 'nav.contentCategory',
                icon: <ApartmentOutlined />,
                nav: true,
              },
              {
                name: 'contentPanel',
                path: 'panel/:id?',
                labelKey: 'nav.contentPanel',
                icon: <LayoutOutlined />,
                nav: true,
              },
            ],
          },
          {
            name: 'news',
            path: 'news/:id?',
            labelKey: 'nav.news',
            icon: <ReadOutlined />,
            nav: true,
          },
          {
            name: 'gallery',
            path: 'gallery/:id?',
            labelKey: 'nav.gallery',
            icon: <PictureOutlined />,
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
            icon: <TrophyOutlined />,
            nav: true,
          },
          {
            name: 'partner',
            path: 'partner/:id?',
            labelKey: 'nav.partner',
            icon: <TeamOutlined />,
            nav: true,
          },
          {
            name: 'form',
            path: 'form',
            labelKey: 'nav.form',
            icon: <FormOutlined />,
            nav: true,
            children: [
              { index: true, redirect: 'contact' },
              {
                name: 'formContact',
                path: 'contact/:id?',
                labelKey: 'nav.formContact',
                icon: <InboxOutlined />,
                nav: true,
              },
              {
                name: 'formPriceOffer',
                path: 'price/:id?',
                labelKey: 'nav.formPriceOffer',
                icon: <DollarOutlined />,
                nav: true,
              },
              {
                name: 'formRegistration',
                path: 'registration/:id?',
                labelKey: 'nav.formRegistration',
                icon: <IdcardOutlined />,
                nav: true,
              },
            ],
          },
          {
            name: 'user',
            path: 'user/:id?',
            labelKey: 'nav.user',
            icon: <UserOutlined />,
            nav: true,
          },
          {
            name: 'mail',
            path: 'mail/:id?',
            labelKey: 'nav.mail',
            icon: <MailOutlined />,
            nav: true,
          },
          {
            name: 'settings',
            path: 'settings',
            labelKey: 'nav.settings',
            icon: <SettingOutlined />,
            nav: true,
            children: [
              { index: true, redirect: 'main' },
              {
                name: 'settingsMain',
                path: 'main',
                labelKey: 'nav.settingsMain',
                icon: <ControlOutlined />,
                nav: true,
              },
              {
                name: 'settingsContact',
                path: 'contact',
                labelKey: 'nav.settingsContact',
                icon: <ContactsOutlined />,
                nav: true,
              },
              {
                name: 'settingsEmail',
                path: 'email',
                labelKey: 'nav.settingsEmail',
                icon: <SendOutlined />,
                nav: true,
              },
              {
                name: 'settingsSocial',
                path: 'social',
                labelKey: 'nav.settingsSocial',
                icon: <ShareAltOutlined />,
                nav: true,
              },
            ],
          },
          {
            name: 'stats',
            path: 'stats',
            labelKey: 'nav.stats',
            icon: <BarChartOutlined />,
            nav: true,
            children: [
              { index: true, redirect: 'traffic' },
              {
                name: 'statsTraffic',
                path: 'traffic',
                labelKey: 'nav.statsTraffic',
                icon: <LineChartOutlined />,
                nav: true,
              },
              {
                name: 'statsContent',
                path: 'content',
                labelKey: 'nav.statsContent',
                icon: <FileSearchOutlined />,
                nav: true,
              },
              {
                name: 'statsSource',
                path: 'source',
                labelKey: 'nav.statsSource',
                icon: <LinkOutlined />,
                nav: true,
              },
              {
                name: 'statsDemography',
                path: 'demography',
                labelKey: 'nav.statsDemography',
                icon: <EnvironmentOutlined />,
                nav: true,
              },
              {
                name: 'statsDevice',
                path: 'device',
                labelKey: 'nav.statsDevice',
                icon: <MobileOutlined />,
                nav: true,
              },
            ],
          },
        ],
      },
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
