import type { UserInput, UserRecord, UserRow } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from './client';
import { OPTIONS_KEY, type SelectOption } from './options';
import { createResourceApi } from './resource';

/** Users, /api/user/ (docs/spec-index.md S2.7): list, record, create, update, delete, restore, bulk activate|block|destroy. */
export const userApi = createResourceApi<UserRow, UserRecord, UserInput>('users', '/api/user/');

/** The remote uniqueness checks of the user form (docs/api.md): `{value, id?}` → true when free. */
export const USER_CHECKS = {
  titleUrl: '/api/user/validate/title_url',
  email: '/api/user/validate/email',
} as const;

/** `GET /api/country` (`{data: [{id, name}]}`, by name in the UI language) as select options; kept an hour. */
export function useCountryOptions() {
  return useQuery({
    queryKey: [...OPTIONS_KEY, '/api/country'],
    queryFn: async ({ signal }): Promise<SelectOption[]> =>
      (await request<{ data: { id: number; name: string }[] }>('GET', '/api/country', { signal })).data.map((c) => ({
        value: c.id,
        label: c.name,
      })),
    staleTime: 60 * 60 * 1000,
  });
}
