import type {
  LoginAnswer,
  SessionItem,
  StoredUser,
  TwoFactorDisableInput,
  TwoFactorEnabled,
  TwoFactorLoginInput,
  TwoFactorPolicy,
  TwoFactorRenewed,
  TwoFactorRenewInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { type MessageResponse, request } from './client';

/* The signed-in user's two-factor sign-in and sessions (docs/features/sign-in-and-users.md). */

/** The password step: the user, or the news that a second step (or the set-up) comes first. */
export const passwordStep = (input: { email: string; password: string }) =>
  request<LoginAnswer>('POST', '/api/login', { body: input });

/** The second step of a sign-in: a code or a recovery code → the signed-in user. */
export const secondStep = async (input: TwoFactorLoginInput): Promise<StoredUser> =>
  (await request<{ data: StoredUser }>('POST', '/api/login/two-factor', { body: input })).data;

export const startTwoFactorSetup = () => request<TwoFactorSetup>('POST', '/api/user/me/two-factor');

export const enableTwoFactor = (code: string) =>
  request<TwoFactorEnabled>('POST', '/api/user/me/two-factor/enable', { body: { code } });

/** The signed-in user's two-factor state: on, required by role 1's rule, recovery codes left. */
export const twoFactorStatusKey = ['twoFactorStatus'] as const;
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorStatusKey,
    queryFn: async ({ signal }) =>
      (await request<{ data: TwoFactorStatus }>('GET', '/api/user/me/two-factor', { signal })).data,
  });
}

/** Ten new recovery codes for a current code of the app, or the password where the second factor is passkeys alone. */
export const renewRecoveryCodes = (input: TwoFactorRenewInput) =>
  request<TwoFactorRenewed>('POST', '/api/user/me/two-factor/recovery-codes', { body: input });

export const disableTwoFactor = (input: TwoFactorDisableInput) =>
  request<MessageResponse>('POST', '/api/user/me/two-factor/disable', { body: input });

export const twoFactorPolicyKey = ['twoFactorPolicy'] as const;

/** Whether role 1 requires two-factor sign-in of all staff, and whether this user may change that. */
export function useTwoFactorPolicy() {
  return useQuery({
    queryKey: twoFactorPolicyKey,
    queryFn: ({ signal }) => request<TwoFactorPolicy>('GET', '/api/user/two-factor/policy', { signal }),
  });
}

export const saveTwoFactorPolicy = (required: boolean) =>
  request<TwoFactorPolicy & MessageResponse>('POST', '/api/user/two-factor/policy', { body: { required } });

/** Role 1: forgets another user's two-factor sign-in (and ends their sessions). */
export const resetTwoFactor = (userId: number) => request<MessageResponse>('DELETE', `/api/user/${userId}/two-factor`);

export const sessionsKey = ['sessions'] as const;

/** Every signed-in session of the user. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async ({ signal }) =>
      (await request<{ data: SessionItem[] }>('GET', '/api/user/me/sessions', { signal })).data,
    staleTime: 0,
  });
}

export const endSession = (id: string) =>
  request<MessageResponse>('DELETE', `/api/user/me/sessions/${encodeURIComponent(id)}`);

export const endOtherSessions = () =>
  request<MessageResponse & { count: number }>('POST', '/api/user/me/sessions/revoke-others');
