import type {
  ApiTokenInput,
  ApiTokenItem,
  DeliveryAccessInput,
  WebhookDelivery,
  WebhookInput,
  WebhookItem,
  WriteResponse,
} from '@backoffice/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type MessageResponse, request } from './client';

/*
 * What other systems get of the content (docs/features/integrations.md), role 1 only: the delivery API's tokens and
 * access rule, and webhooks with their delivery log.
 */

/** The delivery API's access rule as the server answers it; `updated_at` is null until it is first saved. */
export interface DeliveryAccess {
  token_required: boolean;
  cors_origins: string[];
  updated_at: string | null;
}

/** A token's create answer: the token in full, this once. */
export type ApiTokenCreated = ApiTokenItem & { token: string };
/** A webhook's create (or new secret) answer: the signing secret in full, this once. */
export type WebhookCreated = WebhookItem & { secret: string };

export interface DeliveriesPage {
  data: WebhookDelivery[];
  meta: { current_page: number; per_page: number; total: number; last_page: number };
}

export const apiTokensKey = ['apiTokens'] as const;

export function useApiTokens() {
  return useQuery({
    queryKey: apiTokensKey,
    queryFn: async ({ signal }) => (await request<{ data: ApiTokenItem[] }>('GET', '/api/api-tokens', { signal })).data,
    staleTime: 0,
    meta: { silent: true },
  });
}

export const createApiToken = (input: ApiTokenInput) =>
  request<WriteResponse<ApiTokenCreated>>('POST', '/api/api-tokens', { body: input });

export const revokeApiToken = (id: number) => request<MessageResponse>('DELETE', `/api/api-tokens/${id}`);

export const deliveryAccessKey = ['deliveryAccess'] as const;

/** The access rule for its form: always fresh when the screen opens. */
export function useDeliveryAccess() {
  return useQuery({
    queryKey: deliveryAccessKey,
    queryFn: async ({ signal }) =>
      (await request<{ data: DeliveryAccess }>('GET', '/api/delivery-access', { signal })).data,
    gcTime: 0,
    staleTime: 0,
  });
}

export const saveDeliveryAccess = (input: DeliveryAccessInput) =>
  request<WriteResponse<DeliveryAccess>>('POST', '/api/delivery-access', { body: input });

export const webhooksKey = ['webhooks'] as const;
/** The list alone (its rows' state and last delivery), not the open endpoint's record or log. */
export const webhookListKey = [...webhooksKey, 'list'] as const;
export const webhookKey = (id: number) => [...webhooksKey, 'record', id] as const;
export const deliveriesKey = (id: number) => [...webhooksKey, 'deliveries', id] as const;

/** Every endpoint with its last delivery; `enabled` false asks nothing (a role that may not read them). */
export function useWebhooks(enabled = true) {
  return useQuery({
    queryKey: webhookListKey,
    queryFn: async ({ signal }) => (await request<{ data: WebhookItem[] }>('GET', '/api/webhooks', { signal })).data,
    enabled,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** One endpoint for its form; never an old copy, so a save carries the `updated_at` the server has. */
export function useWebhook(id: number | null) {
  return useQuery({
    queryKey: webhookKey(id ?? 0),
    queryFn: async ({ signal }) =>
      (await request<{ data: WebhookItem }>('GET', `/api/webhooks/${id}`, { signal })).data,
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
  });
}

export const createWebhook = (input: WebhookInput) =>
  request<WriteResponse<WebhookCreated>>('POST', '/api/webhooks', { body: input });

export const updateWebhook = (id: number, input: WebhookInput) =>
  request<WriteResponse<WebhookItem>>('POST', `/api/webhooks/${id}`, { body: input });

export const removeWebhook = (id: number) => request<MessageResponse>('DELETE', `/api/webhooks/${id}`);

export const newWebhookSecret = (id: number) =>
  request<WriteResponse<WebhookCreated>>('POST', `/api/webhooks/${id}/secret`);

export const pingWebhook = (id: number) => request<MessageResponse>('POST', `/api/webhooks/${id}/ping`);

/** How often the log asks again while a delivery waits for its answer. */
export const PENDING_POLL_MS = 2_000;

/** One page of an endpoint's deliveries, newest first; asked again every 2 s while one of them is pending. */
export function useWebhookDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: [...deliveriesKey(id), page],
    queryFn: ({ signal }) =>
      request<DeliveriesPage>('GET', `/api/webhooks/${id}/deliveries`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === 'pending') ? PENDING_POLL_MS : false,
  });
}

export const resendDelivery = (webhookId: number, deliveryId: number) =>
  request<MessageResponse>('POST', `/api/webhooks/${webhookId}/deliveries/${deliveryId}/resend`);
