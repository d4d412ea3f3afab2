import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadSignedInCatalogue } from '../i18n';
import type { ScreenName } from '../routes/table';

type Lazy = LazyExoticComponent<ComponentType>;

/**
 * A screen beyond the sign-in ones: its code and the rest of the message catalogue (i18n/index.ts), loaded together.
 * The sign-in screens and their layout are plain `lazy`: they read only the catalogue's public part.
 */
const signedIn = (load: () => Promise<{ default: ComponentType }>): Lazy =>
  lazy(() => Promise.all([load(), loadSignedInCatalogue()]).then(([module]) => module));

/** The layouts of the route table's `layout` rows, loaded on demand. */
export const layouts: Record<'public' | 'app', Lazy> = {
  public: lazy(() => import('./layout/PublicLayout')),
  app: signedIn(() => import('./layout/AppLayout')),
};

/** Every screen of the route table by route name, loaded on demand; only the router reads this map. */
export const screens: Record<ScreenName, Lazy> = {
  login: lazy(() => import('../screens/auth/LoginScreen')),
  'forgotten-password': lazy(() => import('../screens/auth/ForgottenPasswordScreen')),
  'reset-password': lazy(() => import('../screens/auth/ResetPasswordScreen')),
  dashboard: signedIn(() => import('../screens/dashboard/DashboardScreen')),
  contentPage: signedIn(() => import('../screens/content/page/PagesScreen')),
  contentText: signedIn(() => import('../screens/content/text/TextsScreen')),
  contentNavigation: signedIn(() => import('../screens/content/navigation/NavigationScreen')),
  contentCategory: signedIn(() => import('../screens/content/category/CategoriesScreen')),
  contentPanel: signedIn(() => import('../screens/content/panel/PanelsScreen')),
  news: signedIn(() => import('../screens/articles/ArticlesScreen')),
  gallery: signedIn(() => import('../screens/gallery/GalleryScreen')),
  galleryImages: signedIn(() => import('../screens/gallery/images/GalleryImagesScreen')),
  reference: signedIn(() => import('../screens/reference/ReferenceScreen')),
  partner: signedIn(() => import('../screens/partner/PartnerScreen')),
  formContact: signedIn(() => import('../screens/form/FormContactScreen')),
  formPriceOffer: signedIn(() => import('../screens/form/FormPriceScreen')),
  formRegistration: signedIn(() => import('../screens/form/FormRegistrationScreen')),
  user: signedIn(() => import('../screens/user/UserScreen')),
  mail: signedIn(() => import('../screens/mail/MailScreen')),
  settingsMain: signedIn(() => import('../screens/settings/SettingsMainScreen')),
  settingsContact: signedIn(() => import('../screens/settings/SettingsContactScreen')),
  settingsEmail: signedIn(() => import('../screens/settings/SettingsEmailScreen')),
  settingsSocial: signedIn(() => import('../screens/settings/SettingsSocialScreen')),
  settingsApiTokens: signedIn(() => import('../screens/settings/ApiTokensScreen')),
  settingsWebhooks: signedIn(() => import('../screens/settings/WebhooksScreen')),
  statsTraffic: signedIn(() => import('../screens/stats/StatsTrafficScreen')),
  statsContent: signedIn(() => import('../screens/stats/StatsContentScreen')),
  statsSource: signedIn(() => import('../screens/stats/StatsSourceScreen')),
  statsDemography: signedIn(() => import('../screens/stats/StatsDemographyScreen')),
  statsDevice: signedIn(() => import('../screens/stats/StatsDeviceScreen')),
  accountTwoFactor: signedIn(() => import('../screens/user/TwoFactorScreen')),
  accountSessions: signedIn(() => import('../screens/user/SessionsScreen')),
  twoFactorSetup: signedIn(() => import('../screens/auth/TwoFactorSetupScreen')),
  filemanager: signedIn(() => import('../screens/filemanager/FileManagerScreen')),
  notFound: signedIn(() => import('../screens/errors/NotFoundScreen')),
};

/**
 * The screens no route names: what a route shows a user whose role may not open it (app/guards.tsx). Only a screen
 * inside the signed-in layout has roles, and that layout brought the rest of the catalogue already.
 */
export const errorScreens = {
  forbidden: lazy(() => import('../screens/errors/ForbiddenScreen')),
} as const;

const isScreenName = (name: string): name is ScreenName => Object.hasOwn(screens, name);

/** The screen a row of the route table shows: its layout, the screen it names, or its own. */
export function componentOf(route: { layout?: 'public' | 'app'; screen?: string; name?: string; children?: unknown }) {
  if (route.layout) return layouts[route.layout];
  const name = route.screen ?? (route.children ? undefined : route.name);
  return name !== undefined && isScreenName(name) ? screens[name] : undefined;
}
