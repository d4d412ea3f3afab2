import type { ErrorResponse } from '@backoffice/shared';
import i18next from 'i18next';
import { getLanguage } from '../i18n/language';
import { containsFile, toFormData } from './formData';
import { clearUser } from './session';

/** A failed call: the HTTP status (0 when the server was not reached) and the `{message, errors}` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorResponse;
  constructor(status: number, body: ErrorResponse) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** Field errors keyed by dotted path (`langs.sk.title` → ['errors.min3']). */
  get fieldErrors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }
}

/** The `{message}` answer of logout, password, delete and similar calls. */
export interface MessageResponse {
  message: string;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: Query;
  /** A JSON-able object; sent as multipart when it holds a File. */
  body?: object;
  signal?: AbortSignal;
}

/** Reads a cookie by name, URL-decoded. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** A path with its query string; empty and undefined values are left out. */
export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function isErrorResponse(value: unknown): value is ErrorResponse {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': getLanguage(),
  };
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (containsFile(options.body)) body = toFormData(options.body);
    else {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { message: i18next.t('message.networkError') });
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Fetches the CSRF cookie (and the session cookie) before login or after a 419. */
export async function fetchCsrfCookie(): Promise<void> {
  await request<void>('GET', '/sanctum/csrf-cookie');
}

/**
 * One call to the server (docs/api.md): credentials, X-Requested-With, X-XSRF-TOKEN from the cookie and
 * Accept-Language; JSON bodies unless a file is present. A 419 refreshes the CSRF cookie and retries once;
 * a 401 clears the stored user (and so leads to login). Resolves with the parsed body; rejects with ApiError.
 */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(method, path, options);
  if (response.status === 419 && method !== 'GET') {
    await send('GET', '/sanctum/csrf-cookie', {});
    response = await send(method, path, options);
  }
  const data = await readBody(response);
  if (!response.ok) {
    // The route guard reacts to the cleared user and leads to /admin/login.
    if (response.status === 401) clearUser('unauthorized');
    const body = isErrorResponse(data) ? data : { message: response.statusText || `HTTP ${response.status}` };
    throw new ApiError(response.status, body);
  }
  // The boundary with the server: the endpoint's documented answer type is trusted here.
  return data as T;
}

/** The text to show for any failure: the server's message, or a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || i18next.t('message.unknownError');
  return i18next.t('message.unknownError');
}
