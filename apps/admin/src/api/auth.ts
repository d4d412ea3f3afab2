import type { ForgottenPasswordInput, LoginInput, ResetPasswordInput, StoredUser } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchCsrfCookie, type MessageResponse, request } from './client';
import { clearMark, refreshUser } from './session';

/** The login answer is `{data: user}`; a bare user object is accepted too. */
function unwrapUser(answer: StoredUser | { data: StoredUser }): StoredUser {
  return 'data' in answer ? answer.data : answer;
}

/** Fetches the CSRF cookie when the login screen mounts; the login button waits for it. */
export function useCsrfCookie() {
  return useQuery({
    queryKey: ['auth', 'csrf'],
    queryFn: async () => {
      await fetchCsrfCookie();
      return true;
    },
    gcTime: 0,
    staleTime: 0,
    refetchOnMount: 'always',
    retry: 1,
    meta: { silent: true },
  });
}

/** POST /api/login → the user to store (with its personal access token). */
export async function login(input: LoginInput): Promise<StoredUser> {
  return unwrapUser(await request<StoredUser | { data: StoredUser }>('POST', '/api/login', { body: input }));
}

export function logout(): Promise<MessageResponse> {
  return request<MessageResponse>('POST', '/api/logout');
}

/** Keeps the stored user fresh while the admin shell is open; a 401 here leads to login. */
export function useMe() {
  return useQuery({
    queryKey: ['auth', 'me'],
    queryFn: async ({ signal }) => {
      const mark = clearMark();
      const user = unwrapUser(await request<StoredUser | { data: StoredUser }>('GET', '/api/user/me', { signal }));
      refreshUser(user, mark);
      return user;
    },
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

export function sendResetLink(input: ForgottenPasswordInput): Promise<MessageResponse> {
  return request<MessageResponse>('POST', '/api/password', { body: input });
}

export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return request<MessageResponse>('POST', '/api/password/reset', { body: input });
}
