import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenName } from '../routes/table';

type Lazy = LazyExoticComponent<ComponentType>;

/** The layouts of the route table's `layout` rows, loaded on demand. */
export const layouts: Record<'public' | 'app', Lazy> = {
  public: lazy(() => import('./layout/PublicLayout')),
  app: lazy(() => import('./layout/AppLayout')),
};

/** Every screen of the route table by route name, loaded on demand; only the router reads this map. */
export const screens: Record<ScreenName, Lazy> = {
  login: lazy(() => import('../screens/auth/LoginScreen')),
  'forgotten-password': lazy(() => import('../screens/auth/ForgottenPasswordScreen')),
  'reset-password': lazy(() => import('../screens/auth/ResetPasswordScreen')),
  dashboard: lazy(() => import('../screens/dashboard/DashboardScreen')),
  contentPage: lazy(() => import('../screens/content/page/PagesScreen')),
  contentText: lazy(() => import('../screens/content/text/TextsScreen')),
  contentNavigation: lazy(() => import('../screens/content/navigation/NavigationScreen')),
  contentCategory: lazy(() => import('../screens/content/category/CategoriesScreen')),
  contentPanel: lazy(() => import('../screens/content/panel/PanelsScreen')),
  news: lazy(() => import('../screens/articles/ArticlesScreen')),
  gallery: lazy(() => import('../screens/gallery/GalleryScreen')),
  galleryImages: lazy(() => import('../screens/gallery/images/GalleryImagesScreen')),
  reference: lazy(() => import('../screens/reference/ReferenceScreen')),
  partner: lazy(() => import('../screens/partner/PartnerScreen')),
  formContact: lazy(() => import('../screens/form/FormContactScreen')),
  formPriceOffer: lazy(() => import('../screens/form/FormPriceScreen')),
  formRegistration: lazy(() => import('../screens/form/FormRegistrationScreen')),
  user: lazy(() => import('../screens/user/UserScreen')),
  mail: lazy(() => import('../screens/mail/MailScreen')),
  settingsMain: lazy(() => import('../screens/settings/SettingsMainScreen')),
  settingsContact: lazy(() => import('../screens/settings/SettingsContactScreen')),
  settingsEmail: lazy(() => import('../screens/settings/SettingsEmailScreen')),
  settingsSocial: lazy(() => import('../screens/settings/SettingsSocialScreen')),
  statsTraffic: lazy(() => import('../screens/stats/StatsTrafficScreen')),
  statsContent: lazy(() => import('../screens/stats/StatsContentScreen')),
  statsSource: lazy(() => import('../screens/stats/StatsSourceScreen')),
  statsDemography: lazy(() => import('../screens/stats/StatsDemographyScreen')),
  statsDevice: lazy(() => import('../screens/stats/StatsDeviceScreen')),
  accountTwoFactor: lazy(() => import('../screens/user/TwoFactorScreen')),
  accountSessions: lazy(() => import('../screens/user/SessionsScreen')),
  twoFactorSetup: lazy(() => import('../screens/auth/TwoFactorSetupScreen')),
  filemanager: lazy(() => import('../screens/filemanager/FileManagerScreen')),
  notFound: lazy(() => import('../screens/errors/NotFoundScreen')),
};

const isScreenName = (name: string): name is ScreenName => Object.hasOwn(screens, name);

/** The screen a row of the route table shows: its layout, the screen it names, or its own. */
export function componentOf(route: { layout?: 'public' | 'app'; screen?: string; name?: string; children?: unknown }) {
  if (route.layout) return layouts[route.layout];
  const name = route.screen ?? (route.children ? undefined : route.name);
  return name !== undefined && isScreenName(name) ? screens[name] : undefined;
}
