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
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import type { I18nKey } from '../i18n';

/** One row of the route table; the router, the side navigation and the breadcrumbs are all derived from it. */
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
  /** 'user' needs a signed-in user; 'guest' sends a signed-in user on to the dashboard. */
  readonly guard?: 'user' | 'guest';
  /** The screen or layout, loaded on demand. */
  readonly component?: LazyExoticComponent<ComponentType>;
  /** Where this route leads instead (relative to its parent). */
  readonly redirect?: string;
  readonly children?: readonly AppRoute[];
}

const PublicLayout = lazy(() => import('./layout/PublicLayout'));
const AppLayout = lazy(() => import('./layout/AppLayout'));
const LoginScreen = lazy(() => import('../screens/auth/LoginScreen'));
const ForgottenPasswordScreen = lazy(() => import('../screens/auth/ForgottenPasswordScreen'));
const ResetPasswordScreen = lazy(() => import('../screens/auth/ResetPasswordScreen'));
const DashboardScreen = lazy(() => import('../screens/dashboard/DashboardScreen'));
const PagesScreen = lazy(() => import('../screens/content/page/PagesScreen'));
const NavigationScreen = lazy(() => import('../screens/content/navigation/NavigationScreen'));
const TextsScreen = lazy(() => import('../screens/content/text/TextsScreen'));
const CategoriesScreen = lazy(() => import('../screens/content/category/CategoriesScreen'));
const PanelsScreen = lazy(() => import('../screens/content/panel/PanelsScreen'));
const NewsScreen = lazy(() => import('../screens/news/NewsScreen'));
const GalleryScreen = lazy(() => import('../screens/gallery/GalleryScreen'));
const GalleryImagesScreen = lazy(() => import('../screens/gallery/images/GalleryImagesScreen'));
const ReferenceScreen = lazy(() => import('../screens/reference/ReferenceScreen'));
const PartnerScreen = lazy(() => import('../screens/partner/PartnerScreen'));
const FormContactScreen = lazy(() => import('../screens/form/FormContactScreen'));
const FormPriceScreen = lazy(() => import('../screens/form/FormPriceScreen'));
const FormRegistrationScreen = lazy(() => import('../screens/form/FormRegistrationScreen'));
const UserScreen = lazy(() => import('../screens/user/UserScreen'));
const FileManagerScreen = lazy(() => import('../screens/filemanager/FileManagerScreen'));
const MailScreen = lazy(() => import('../screens/mail/MailScreen'));
const SettingsMainScreen = lazy(() => import('../screens/settings/SettingsMainScreen'));
const SettingsContactScreen = lazy(() => import('../screens/settings/SettingsContactScreen'));
const SettingsEmailScreen = lazy(() => import('../screens/settings/SettingsEmailScreen'));
const SettingsSocialScreen = lazy(() => import('../screens/settings/SettingsSocialScreen'));
const StatsTrafficScreen = lazy(() => import('../screens/stats/StatsTrafficScreen'));
const StatsContentScreen = lazy(() => import('../screens/stats/StatsContentScreen'));
const StatsSourceScreen = lazy(() => import('../screens/stats/StatsSourceScreen'));
const StatsDemographyScreen = lazy(() => import('../screens/stats/StatsDemographyScreen'));
const StatsDeviceScreen = lazy(() => import('../screens/stats/StatsDeviceScreen'));
const NotFoundScreen = lazy(() => import('../screens/errors/NotFoundScreen'));

/** THE route table (spec 1 §2 Routing overview). Later resources add rows here and nowhere else. */
export const routeTable = [
  {
    path: '/admin',
    children: [
      { index: true, redirect: 'login' },
      {
        component: PublicLayout,
        children: [
          { name: 'login', path: 'login', guard: 'guest', labelKey: 'auth.loginTitle', component: LoginScreen },
          {
            name: 'forgotten-password',
            path: 'forgotten-password',
            guard: 'guest',
            labelKey: 'auth.forgottenTitle',
            component: ForgottenPasswordScreen,
          },
          {
            name: 'reset-password',
            path: 'reset-password',
            labelKey: 'auth.resetTitle',
            component: ResetPasswordScreen,
          },
        ],
      },
      {
        path: 'app',
        guard: 'user',
        labelKey: 'nav.home',
        component: AppLayout,
        children: [
          { index: true, redirect: 'dashboard' },
          {
            name: 'dashboard',
            path: 'dashboard',
            labelKey: 'nav.dashboard',
            icon: <DashboardOutlined />,
            nav: true,
            component: DashboardScreen,
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
                component: PagesScreen,
              },
              {
                name: 'contentText',
                path: 'text/:id?',
                labelKey: 'nav.contentText',
                icon: <FileTextOutlined />,
                nav: true,
                component: TextsScreen,
              },
              {
                name: 'contentNavigation',
                path: 'navigation',
                labelKey: 'nav.contentNavigation',
                icon: <MenuOutlined />,
                nav: true,
                component: NavigationScreen,
              },
              {
                name: 'contentCategory',
                path: 'category/:id?',
                labelKey: 'nav.contentCategory',
                icon: <ApartmentOutlined />,
                nav: true,
                component: CategoriesScreen,
              },
              {
                name: 'contentPanel',
                path: 'panel/:id?',
                labelKey: 'nav.contentPanel',
                icon: <LayoutOutlined />,
                nav: true,
                component: PanelsScreen,
              },
            ],
          },
          {
            name: 'news',
            path: 'news/:id?',
            labelKey: 'nav.news',
            icon: <ReadOutlined />,
            nav: true,
            component: NewsScreen,
          },
          {
            name: 'gallery',
            path: 'gallery/:id?',
            labelKey: 'nav.gallery',
            icon: <PictureOutlined />,
            nav: true,
            component: GalleryScreen,
          },
          {
            name: 'galleryImages',
            path: 'gallery/:galleryId/images',
            labelKey: 'galleryImages.title',
            section: 'gallery',
            component: GalleryImagesScreen,
          },
          {
            name: 'reference',
            path: 'reference/:id?',
            labelKey: 'nav.reference',
            icon: <TrophyOutlined />,
            nav: true,
            component: ReferenceScreen,
          },
          {
            name: 'partner',
            path: 'partner/:id?',
            labelKey: 'nav.partner',
            icon: <TeamOutlined />,
            nav: true,
            component: PartnerScreen,
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
                component: FormContactScreen,
              },
              {
                name: 'formPriceOffer',
                path: 'price/:id?',
                labelKey: 'nav.formPriceOffer',
                icon: <DollarOutlined />,
                nav: true,
                component: FormPriceScreen,
              },
              {
                name: 'formRegistration',
                path: 'registration/:id?',
                labelKey: 'nav.formRegistration',
                icon: <IdcardOutlined />,
                nav: true,
                component: FormRegistrationScreen,
              },
            ],
          },
          {
            name: 'user',
            path: 'user/:id?',
            labelKey: 'nav.user',
            icon: <UserOutlined />,
            nav: true,
            component: UserScreen,
          },
          {
            name: 'mail',
            path: 'mail/:id?',
            labelKey: 'nav.mail',
            icon: <MailOutlined />,
            nav: true,
            component: MailScreen,
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
                component: SettingsMainScreen,
              },
              {
                name: 'settingsContact',
                path: 'contact',
                labelKey: 'nav.settingsContact',
                icon: <ContactsOutlined />,
                nav: true,
                component: SettingsContactScreen,
              },
              {
                name: 'settingsEmail',
                path: 'email',
                labelKey: 'nav.settingsEmail',
                icon: <SendOutlined />,
                nav: true,
                component: SettingsEmailScreen,
              },
              {
                name: 'settingsSocial',
                path: 'social',
                labelKey: 'nav.settingsSocial',
                icon: <ShareAltOutlined />,
                nav: true,
                component: SettingsSocialScreen,
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
                component: StatsTrafficScreen,
              },
              {
                name: 'statsContent',
                path: 'content',
                labelKey: 'nav.statsContent',
                icon: <FileSearchOutlined />,
                nav: true,
                component: StatsContentScreen,
              },
              {
                name: 'statsSource',
                path: 'source',
                labelKey: 'nav.statsSource',
                icon: <LinkOutlined />,
                nav: true,
                component: StatsSourceScreen,
              },
              {
                name: 'statsDemography',
                path: 'demography',
                labelKey: 'nav.statsDemography',
                icon: <EnvironmentOutlined />,
                nav: true,
                component: StatsDemographyScreen,
              },
              {
                name: 'statsDevice',
                path: 'device',
                labelKey: 'nav.statsDevice',
                icon: <MobileOutlined />,
                nav: true,
                component: StatsDeviceScreen,
              },
            ],
          },
        ],
      },
      // Outside the layout (it fills the layout's modal frame); the screen itself asks for a signed-in user or a token.
      { name: 'filemanager', path: 'filemanager', labelKey: 'filemanager.title', component: FileManagerScreen },
      { name: 'notFound', path: '*', component: NotFoundScreen },
    ],
  },
  { path: '*', component: NotFoundScreen },
] as const satisfies readonly AppRoute[];

type NamesOf<R> = R extends { readonly name: infer N extends string } ? N | ChildNamesOf<R> : ChildNamesOf<R>;
type ChildNamesOf<R> = R extends { readonly children: readonly (infer C)[] } ? NamesOf<C> : never;
/** Every route name of the table. */
export type RouteName = NamesOf<(typeof routeTable)[number]>;

function joinPath(parent: string, path: string | undefined): string {
  if (!path) return parent;
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

const patterns = new Map<string, string>();
const labels = new Map<string, I18nKey>();
(function collect(routes: readonly AppRoute[], parent: string) {
  for (const route of routes) {
    const full = joinPath(parent, route.path);
    if (route.name) patterns.set(route.name, full);
    if (route.name && route.labelKey) labels.set(route.name, route.labelKey);
    if (route.children) collect(route.children, full);
  }
})(routeTable, '');

/** True when the table has a route of that name (log items and stats name routes as strings). */
export function hasRoute(name: string | null | undefined): name is RouteName {
  return typeof name === 'string' && patterns.has(name);
}

/** Whether the route's path needs a parameter (`gallery/:galleryId/images`), so it has no address by name alone. */
export const routeNeedsParams = (name: RouteName): boolean => /\/:\w+(?!\w|\?)/.test(patterns.get(name) ?? '');

/** The label key of a named route (breadcrumbs of a screen inside another's section). */
export const routeLabel = (name: RouteName): I18nKey | undefined => labels.get(name);

export type RouteParams = Record<string, string | number | null | undefined>;

/** The URL of a named route: `routePath('contentText', {id: 5})` → '/admin/app/content/text/5'. */
export function routePath(name: RouteName, params: RouteParams = {}): string {
  const pattern = patterns.get(name) ?? '/admin';
  return pattern.replace(/\/:(\w+)(\?)?/g, (_match, key: string, optional?: string) => {
    const value = params[key];
    if (value === undefined || value === null || value === '') {
      if (optional) return '';
      throw new Error(`routePath(${name}) needs the parameter ${key}`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
}

/** An entry of the side navigation. */
export interface NavEntry {
  name: RouteName;
  labelKey: I18nKey;
  icon?: ReactNode;
  path: string;
  children: NavEntry[];
}

function navEntries(routes: readonly AppRoute[]): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const route of routes) {
    const nested = route.children ? navEntries(route.children) : [];
    if (route.nav && hasRoute(route.name) && route.labelKey) {
      entries.push({
        name: route.name,
        labelKey: route.labelKey,
        icon: route.icon,
        path: routePath(route.name),
        children: nested,
      });
    } else entries.push(...nested);
  }
  return entries;
}

/** The side navigation, derived from the table: groups (content, …) hold their nav children. */
export const navTree: readonly NavEntry[] = navEntries(routeTable);
