import type { Abilities, BulkResponse, ItemResponse, ListResponse, WriteResponse } from '@backoffice/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type MessageResponse, type Query, request } from './client';

/** A list answer also says what the user may do (create, update, destroy, restore). */
export interface ResourceListResponse<Row> extends ListResponse<Row> {
  abilities?: Abilities;
}
export interface RecordResponse<Rec> extends ItemResponse<Rec> {
  abilities?: Abilities;
}

/** The calls every content resource answers (docs/api.md): list, record, create, update, delete, restore, bulk. */
export interface ResourceApi<Row, Rec, Input> {
  /** First segment of every query key of this resource. */
  key: string;
  base: string;
  list(params: Query, signal?: AbortSignal): Promise<ResourceListResponse<Row>>;
  get(id: number, signal?: AbortSignal): Promise<RecordResponse<Rec>>;
  create(input: Input): Promise<WriteResponse<Rec>>;
  update(id: number, input: Input): Promise<WriteResponse<Rec>>;
  destroy(id: number): Promise<MessageResponse>;
  restore(id: number): Promise<WriteResponse<Rec>>;
  /** `POST array/{action}`: publish|hide|destroy for content, activate|block|destroy for users. */
  /** `extra`: what the action takes beside the rows (`category_id` of array/category). */
  bulk(action: string, rows: number[], extra?: Record<string, number>): Promise<BulkResponse>;
}

/** Builds the calls of a resource whose base path ends with a slash, e.g. `/api/content/text/`. */
export function createResourceApi<Row, Rec, Input extends object>(
  key: string,
  base: string,
): ResourceApi<Row, Rec, Input> {
  return {
    key,
    base,
    list: (query, signal) => request('GET', base, { query, signal }),
    get: (id, signal) => request('GET', `${base}${id}`, { signal }),
    create: (input) => request('POST', base, { body: input }),
    update: (id, input) => request('POST', `${base}${id}`, { body: input }),
    destroy: (id) => request('DELETE', `${base}${id}`),
    restore: (id) => request('POST', `${base}${id}/restore`),
    bulk: (action, rows, extra) => request('POST', `${base}array/${action}`, { body: { ...extra, rows } }),
  };
}

export const listKey = (key: string) => [key, 'list'] as const;
export const recordKey = (key: string, id: number | null) => [key, 'record', id] as const;

/**
 * One page of a resource list; the previous page stays visible while the next one loads. A failed load is shown
 * by the list itself (an error state with "Try again"), so it raises no notification as well.
 */
export function useResourceList<Row, Rec, Input>(api: ResourceApi<Row, Rec, Input>, params: Query) {
  return useQuery({
    queryKey: [...listKey(api.key), params],
    queryFn: ({ signal }) => api.list(params, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** One record for the edit form; never served from an old cache so a form always edits fresh data. */
export function useResourceRecord<Row, Rec, Input>(api: ResourceApi<Row, Rec, Input>, id: number | null) {
  return useQuery({
    queryKey: recordKey(api.key, id),
    queryFn: ({ signal }) => api.get(id ?? 0, signal),
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
