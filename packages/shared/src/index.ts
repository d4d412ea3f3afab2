export * from './activity.js';
export * from './api.js';
export type {
  components as ApiComponents,
  operations as ApiOperations,
  paths as ApiPaths,
} from './api-types.gen.js';
export * from './constants.js';
export * from './messages.js';
export * from './schemas/api.js';
export * from './schemas/article.js';
export * from './schemas/auth.js';
export * from './schemas/category.js';
export * from './schemas/common.js';
export * from './schemas/delivery.js';
export * from './schemas/files.js';
export * from './schemas/form.js';
export * from './schemas/gallery.js';
export * from './schemas/gallery-image.js';
export * from './schemas/integrations.js';
export * from './schemas/list.js';
export * from './schemas/mail.js';
export * from './schemas/navigation.js';
export * from './schemas/page.js';
export * from './schemas/panel.js';
export * from './schemas/partner.js';
export * from './schemas/passkeys.js';
export * from './schemas/reference.js';
export * from './schemas/search.js';
export * from './schemas/settings.js';
export * from './schemas/stats.js';
export * from './schemas/text.js';
export * from './schemas/two-factor.js';
export * from './schemas/user.js';
export * from './slugify.js';
export * from './translation.js';
export * from './zod-helpers.js';
