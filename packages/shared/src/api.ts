import type { Locale } from './constants.js';

export interface ListMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  from: number | null;
  to: number | null;
  /** Present when `total` is the database's estimate of a large list rather than a count (docs/api.md, Lists). */
  total_approximate?: true;
  /**
   * Where the pages beside this one start, for lists sorted by a column without empty values: send `after` with the
   * next page's number, `before` with the previous one's, and the page is found from there instead of by skipping
   * every row before it (docs/api.md, Lists).
   */
  cursors?: { after: string; before: string };
}
/** A locale's translation state in a list row (docs/features/translations.md). */
export type TranslationState = 'complete' | 'missing' | 'outdated';
/** Both locales' translation state of a translated list's row. */
export type TranslationStatus = Record<'sk' | 'en', TranslationState>;

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}
export interface ItemResponse<T> {
  data: T;
}
export interface WriteResponse<T> {
  message: string;
  data: T;
}
export interface BulkResponse {
  message: string;
  count: number;
}
export interface ErrorResponse {
  message: string;
  errors?: Record<string, string[]>;
  request_id?: string;
}

/** The signed-in user as the admin keeps it in local storage. */
export interface StoredUser {
  id: number;
  name: string;
  surname: string;
  email: string;
  role_id: number;
  image: string | null;
  language_code: Locale;
  token?: string;
  /** Whether the user signs in with a second step (docs/features/sign-in-and-users.md). */
  two_factor?: boolean;
}

export interface LogItem {
  id: number;
  model: string;
  route: string | null;
  route_params: Record<string, number> | null;
  row_id: number | null;
  action: string;
  action_label: string;
  icon: string;
  title: string;
  created_at: string;
}

export interface Option {
  id: number;
  title: string;
}

export interface TextRow {
  id: number;
  title: string;
  status: boolean;
  positions: Option[];
  updated_at: string;
  deleted_at: string | null;
}

export interface TextRecord {
  id: number;
  status: boolean;
  langs: Record<Locale, { title: string; content: string }>;
  positions: number[];
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface Abilities {
  create: boolean;
  update: boolean;
  destroy: boolean;
  restore: boolean;
}
