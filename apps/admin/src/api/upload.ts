import type { ErrorResponse } from '@backoffice/shared';
import i18next from 'i18next';
import { getLanguage } from '../i18n/language';
import { ApiError, buildUrl, fetchCsrfCookie, type Query, readCookie, request } from './client';
import { clearUser } from './session';

/** POST /api/upload (multipart `file`) → the address of the stored editor image (docs/spec-index.md S1.7 Navigation and editor). */
export async function uploadEditorImage(file: File): Promise<string> {
  const answer = await request<{ location: string }>('POST', '/api/upload', { body: { file } });
  return answer.location;
}

export interface ProgressOptions {
  query?: Query;
  /** Bytes of this request's body sent so far, and its size. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Milliseconds before the request is given up (0: never). */
  timeoutMs?: number;
}

/** A field of a multipart body: text, or a file (with its name). */
export type MultipartField = string | number | { blob: Blob; name: string };

/** The reason of an upload the user cancelled (an AbortError, as fetch rejects). */
export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function sendOnce(path: string, form: FormData, options: ProgressOptions): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, options.query));
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs ?? 0;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept-Language', getLanguage());
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, { message: i18next.t('message.networkError') }));
    xhr.ontimeout = () => reject(new ApiError(0, { message: i18next.t('message.timeout') }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

const isErrorResponse = (value: unknown): value is ErrorResponse =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/**
 * A multipart POST with upload progress, as one XMLHttpRequest (fetch reports no upload progress) carrying the
 * headers `request` sends. Like `request`: a 419 fetches the CSRF cookie and tries once more, a 401 forgets the
 * stored user; a failure rejects with ApiError, a cancel (the signal) with an AbortError.
 */
export async function postWithProgress<T>(
  path: string,
  fields: Record<string, MultipartField>,
  options: ProgressOptions = {},
): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'object') form.append(key, value.blob, value.name);
    else form.append(key, String(value));
  }
  let answer = await sendOnce(path, form, options);
  if (answer.status === 419) {
    await fetchCsrfCookie();
    options.onProgress?.(0, 1);
    answer = await sendOnce(path, form, options);
  }
  if (answer.status < 200 || answer.status >= 300) {
    if (answer.status === 401) clearUser('unauthorized');
    throw new ApiError(
      answer.status,
      isErrorResponse(answer.body) ? answer.body : { message: `HTTP ${answer.status}` },
    );
  }
  // The boundary with the server: the endpoint's documented answer type is trusted here.
  return answer.body as T;
}
