/** The actions the activity log records (docs/api.md). */
export const LOG_ACTIONS = [
  'store',
  'update',
  'destroy',
  'restore',
  'publish',
  'hide',
  'order',
  'upload',
  'rotate',
  'activate',
  'block',
  'two_factor_reset',
  'translation_current',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

/**
 * The models a log item can name (docs/spec-index.md S2.3) with the admin route name of their edit screen and an icon.
 * A model whose screen does not exist yet has no route; its log items are shown without a link. `section` is the
 * screen a model's dashboard tile opens when it has no edit screen of its own (gallery images → galleries).
 */
export const LOG_MODELS = {
  Blog: { route: 'news', icon: 'read' },
  Brand: { route: null, icon: 'tag' },
  Category: { route: 'contentCategory', icon: 'apartment' },
  Form: { route: 'formContact', icon: 'mail' },
  Gallery: { route: 'gallery', icon: 'picture' },
  GalleryImage: { route: null, section: 'gallery', icon: 'file-image' },
  Order: { route: null, icon: 'shopping-cart' },
  Page: { route: 'contentPage', icon: 'file' },
  Partner: { route: 'partner', icon: 'team' },
  Payment: { route: null, icon: 'credit-card' },
  Reference: { route: 'reference', icon: 'trophy' },
  Settings: { route: 'settings', icon: 'setting' },
  Shipping: { route: null, icon: 'car' },
  ShopProduct: { route: null, icon: 'shop' },
  ShopProductProperty: { route: null, icon: 'tags' },
  ShopVoucher: { route: null, icon: 'gift' },
  Slide: { route: null, icon: 'picture' },
  Text: { route: 'contentText', icon: 'file-text' },
  User: { route: 'user', icon: 'user' },
  Currency: { route: null, icon: 'euro' },
  Event: { route: null, icon: 'calendar' },
  MailTemplate: { route: 'mail', icon: 'mail' },
  Panel: { route: 'contentPanel', icon: 'layout' },
  ApiToken: { route: null, icon: 'setting' },
  Webhook: { route: null, icon: 'setting' },
} as const satisfies Record<string, { route: string | null; section?: string; icon: string }>;
export type LogModel = keyof typeof LOG_MODELS;
