import type { PasskeyCreated, PasskeyItem, StoredUser } from '@backoffice/shared';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { type MessageResponse, request } from './client';

/*
 * Passkeys as a second factor (docs/features/sign-in-and-users.md). The browser part of each ceremony comes from
 * @simplewebauthn/browser, loaded when a ceremony starts, so the sign-in screen's first load stays small.
 */

/** Why a ceremony ended in the browser: cancelled or timed out, an authenticator that already holds one, or else. */
export type CeremonyFailure = 'cancelled' | 'registered' | 'unsupported' | 'failed';

/** A failure of the browser's part of a ceremony (the server's answers stay ApiErrors). */
export class PasskeyCeremonyError extends Error {
  constructor(readonly reason: CeremonyFailure) {
    super(reason);
  }
}

function ceremonyFailure(error: unknown): PasskeyCeremonyError {
  const name = (error as { name?: string; code?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError') return new PasskeyCeremonyError('cancelled');
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new PasskeyCeremonyError('registered');
  }
  if (name === 'NotSupportedError') return new PasskeyCeremonyError('unsupported');
  return new PasskeyCeremonyError('failed');
}

export const passkeysKey = ['passkeys'] as const;

/** The signed-in user's passkeys, the newest first. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: async ({ signal }) =>
      (await request<{ data: PasskeyItem[] }>('GET', '/api/user/me/passkeys', { signal })).data,
  });
}

/** Adds a passkey: the server's options, the browser's ceremony, the answer with the name the user gave. */
export async function addPasskey(name: string): Promise<PasskeyCreated> {
  const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError('unsupported');
  const options = await request<{ data: PublicKeyCredentialCreationOptionsJSON }>(
    'POST',
    '/api/user/me/passkeys/options',
  );
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON: options.data });
  } catch (error) {
    throw ceremonyFailure(error);
  }
  return request<PasskeyCreated>('POST', '/api/user/me/passkeys', { body: { name, response } });
}

export const removePasskey = (id: number) => request<MessageResponse>('DELETE', `/api/user/me/passkeys/${id}`);

/** The second step of a sign-in with a passkey → the signed-in user. */
export async function passkeySecondStep(): Promise<StoredUser> {
  const { browserSupportsWebAuthn, startAuthentication } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError('unsupported');
  const options = await request<{ data: PublicKeyCredentialRequestOptionsJSON }>('POST', '/api/login/passkey/options');
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: options.data });
  } catch (error) {
    throw ceremonyFailure(error);
  }
  return (await request<{ data: StoredUser }>('POST', '/api/login/passkey', { body: { response } })).data;
}
