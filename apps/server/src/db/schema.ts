/**
 * The database tables (Drizzle), one file per area under `schema/`; the application imports them from here and
 * drizzle-kit reads the folder.
 */
export * from './schema/analytics.js';
export * from './schema/base.js';
export * from './schema/content.js';
export * from './schema/forms.js';
export * from './schema/integrations.js';
export * from './schema/media.js';
export * from './schema/people.js';
export * from './schema/site.js';
export * from './schema/system.js';
export * from './schema/titled.js';
