import type { SettingsSecrets, SettingsValues, WriteResponse } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from './client';

/**
 * One settings record as the server answers it (docs/features/settings-and-mail.md): `{data: {key: {sk, en}}, secrets, updated_at,
 * abilities}`; a secret is masked in `data` (`''` or `••••abcd`) and described in `secrets` (`{set, last4}`).
 */
export interface SettingsResponse {
  data: SettingsValues;
  secrets?: SettingsSecrets;
  updated_at: string;
  abilities?: { update: boolean; updateSecrets?: boolean };
}

export const settingsKey = (id: number) => ['settings', id] as const;

/** A settings record for its form; always fresh when the screen opens. */
export function useSettings(id: number) {
  return useQuery({
    queryKey: settingsKey(id),
    queryFn: ({ signal }) => request<SettingsResponse>('GET', `/api/settings/${id}`, { signal }),
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Saves a record: JSON, or multipart with bracket keys when an image is attached (`og_image[sk]`). */
export const saveSettings = (id: number, values: object) =>
  request<WriteResponse<SettingsValues> & { secrets?: SettingsSecrets; updated_at: string }>(
    'POST',
    `/api/settings/${id}`,
    { body: values },
  );
