/** Locales of content and UI; sk is the default tab and the default language. */
export const LOCALES = ['sk', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'sk';
export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);
/** Each language named in itself, as a language switch shows it whatever the interface's language. */
export const LOCALE_NAMES: Record<Locale, string> = { sk: 'Slovenčina', en: 'English' };

/** The largest value of the database's `integer` columns (ids, orders, amounts): a larger one is refused before SQL. */
export const INT4_MAX = 2_147_483_647;

/** Lengths and sizes from both specification documents (§5 and §9). */
export const LIMITS = {
  titleMin: 3,
  titleUrlMin: 3,
  nameMin: 2,
  passwordMin: 5,
  metaTitleMax: 60,
  metaDescriptionMax: 160,
  mailPlainMax: 240,
  imageMaxKb: 10000,
  perPageDefault: 20,
  perPageMax: 100,
  /** The longest list cursor (`after`/`before`) a list query takes: a sort value of up to 255 characters, encoded. */
  cursorMax: 2048,
  /** Characters a title_url must exceed before the remote uniqueness check runs. */
  titleUrlCheckAfter: 2,
  /** How deep a request body may nest (a navigation tree takes two levels per menu level). */
  bodyDepthMax: 64,
} as const;

/** The zone of the site's audience: statistics days, dates on the site and in mail, whatever the server's own zone. */
export const SITE_TIME_ZONE = 'Europe/Bratislava';

const siteDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The YYYY-MM-DD day of a moment in the site's zone: a statistics day, on the server and in the admin alike. */
export const siteDayOf = (at: Date): string => siteDayFormat.format(at);

/** Delays and time-outs in milliseconds (docs/spec-index.md S1.9, S2.9). */
export const DELAYS = {
  notification: 4000,
  search: 500,
  titleUrlCheck: 700,
  editorStart: 400,
  dropdownSlide: 500,
  inlineOrder: 500,
  uploadTimeout: 60000,
} as const;

/** Window widths in pixels that steer the side navigation. */
export const BREAKPOINTS = { siderCollapse: 992, siderToggleMin: 767, datePickerSingle: 1050 } as const;

export const ROLES = { admin: 1, editor: 2, member: 3 } as const;
export type RoleId = number;

export const MODULES = { blog: 1, gallery: 2 } as const;

/**
 * The public site's own sections below `/{locale}/` (news, references, galleries): a page cannot take one of
 * these as its title_url, or the section would hide it (errors.titleUrlReserved).
 */
export const SITE_SECTIONS = ['news', 'reference', 'gallery'] as const;
export const isSiteSection = (titleUrl: string) =>
  (SITE_SECTIONS as readonly string[]).includes(titleUrl.toLowerCase());

/** Sign-in protection (docs/features/sign-in-and-users.md). */
export const AUTH = {
  loginAttemptsPerMinute: 5,
  loginWindowMs: 60_000,
  resetTokenTtlMinutes: 60,
  sessionTtlDays: 14,
} as const;

/** The marker an image field sends when the user clears it. */
export const DELETE_MARKER = '@delete@';

export const STATUS = { published: 1, hidden: 0 } as const;

/** The cropped thumbnail stored beside every image (docs/features/media-storage.md). */
export const THUMBNAIL = { width: 150, height: 120 } as const;
