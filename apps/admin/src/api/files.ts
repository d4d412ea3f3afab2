import type { FileEntry, FileToken, WriteResponse } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { type MessageResponse, request } from './client';
import { postWithProgress } from './upload';

/**
 * The file manager's calls (docs/api.md File manager). Each takes the token of the file manager's address, when it
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

/** POST /api/files/upload (multipart `path`, `file`) with progress. */
export const uploadFile = (path: string, file: File, options: UploadOptions = {}) =>
  postWithProgress<WriteResponse<FileEntry>>(
    '/api/files/upload',
    { path, file: { blob: file, name: file.name } },
    {
      query: { token: options.token },
      signal: options.signal,
      onProgress: (loaded, total) => options.onProgress?.(Math.min(100, Math.round((loaded / total) * 100))),
    },
  );
