import type { ErrorResponse, FileEntry, FileToken, WriteResponse } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { getLanguage } from '../i18n/language';
import { ApiError, buildUrl, fetchCsrfCookie, type MessageResponse, readCookie, request } from './client';
import { clearUser } from './session';

/**
 * The file manager's calls (DESIGN §4 File manager). Each takes the token of the file manager's address, when it
 * was opened with one; the server prefers the session cookie and falls back to the token.
 */
export const FILES_KEY = ['files'] as const;

export interface FileList {
  data: FileEntry[];
  path: string;
}

export const listFiles = (path: string, token?: string, signal?: AbortSignal) =>
  request<FileList>('GET', '/api/files', { query: { path, token }, signal });

/** GET /api/files?path= → the folder's entries, folders first. */
export function useFileList(path: string, token?: string) {
  return useQuery({
    queryKey: [...FILES_KEY, 'list', path],
    queryFn: ({ signal }) => listFiles(path, token, signal),
  });
}

/** GET /api/files/token → a short-lived token for the address of the file manager's frame. */
export async function fetchFileToken(): Promise<FileToken> {
  return (await request<{ data: FileToken }>('GET', '/api/files/token')).data;
}

export const makeFolder = (path: string, name: string, token?: string) =>
  request<WriteResponse<FileEntry>>('POST', '/api/files/mkdir', { query: { token }, body: { path, name } });

export const renameFile = (path: string, name: string, token?: string) =>
  request<WriteResponse<FileEntry>>('POST', '/api/files/rename', { query: { token }, body: { path, name } });

export const moveFile = (from: string, to: string, token?: string) =>
  request<WriteResponse<FileEntry>>('POST', '/api/files/move', { query: { token }, body: { from, to } });

export const deleteFiles = (paths: string[], token?: string) =>
  request<MessageResponse & { count: number }>('POST', '/api/files/delete', { query: { token }, body: { paths } });

export interface UploadOptions {
  token?: string;
  /** 0–100 while the file is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** One XMLHttpRequest (fetch reports no upload progress) with the headers `request` sends. */
function sendUpload(path: string, file: File, options: UploadOptions): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/api/files/upload', { token: options.token }));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept-Language', getLanguage());
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
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
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('path', path);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

const isErrorResponse = (value: unknown): value is ErrorResponse =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/**
 * POST /api/files/upload (multipart `path`, `file`) with progress. Like `request`: a 419 fetches the CSRF cookie
 * and tries once more, a 401 forgets the stored user; a failure rejects with ApiError.
 */
export async function uploadFile(
  path: string,
  file: File,
  options: UploadOptions = {},
): Promise<WriteResponse<FileEntry>> {
  let answer = await sendUpload(path, file, options);
  if (answer.status === 419) {
    await fetchCsrfCookie();
    options.onProgress?.(0);
    answer = await sendUpload(path, file, options);
  }
  if (answer.status < 200 || answer.status >= 300) {
    if (answer.status === 401) clearUser('unauthorized');
    throw new ApiError(
      answer.status,
      isErrorResponse(answer.body) ? answer.body : { message: `HTTP ${answer.status}` },
    );
  }
  return answer.body as WriteResponse<FileEntry>;
}
