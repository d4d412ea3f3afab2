import { LIMITS, listQuerySchema } from '@backoffice/shared';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Query } from '../../api/client';

export interface ListState {
  page: number;
  per_page: number;
  sort: string;
  order: 'asc' | 'desc';
  search: string;
  trashed: boolean;
  filters: Record<string, string>;
  /** The cursor the page was reached by ("next" or "previous", docs/api.md Lists), when it was. */
  after?: string;
  before?: string;
}

export type ListPatch = Partial<Record<string, string | number | undefined>>;

/** The list call's query of a state. */
function listQuery(state: ListState): Query {
  return {
    page: state.page,
    per_page: state.per_page,
    sort: state.sort,
    order: state.order,
    search: state.search || undefined,
    trashed: state.trashed ? 'only' : undefined,
    after: state.after,
    before: state.before,
    ...state.filters,
  };
}

/**
 * The list's page, size, sort, order, search, filters and trashed flag, kept in the URL query string so
 * reload and back work. `update` writes a patch; any change other than the page returns to page 1. A step to the
 * next or previous page carries the answer's cursor, so a deep page is found from its neighbour.
 */
export function useListParams(defaultSort: { sort: string; order: 'asc' | 'desc' }, filterKeys: readonly string[]) {
  const [searchParams, setSearchParams] = useSearchParams();

  const state = useMemo<ListState>(() => {
    const parsed = listQuerySchema.parse(Object.fromEntries(searchParams));
    const filters: Record<string, string> = {};
    for (const key of filterKeys) {
      const value = searchParams.get(key);
      if (value) filters[key] = value;
    }
    return {
      page: parsed.page,
      per_page: parsed.per_page,
      sort: parsed.sort ?? defaultSort.sort,
      order: parsed.order ?? (parsed.sort && parsed.sort !== defaultSort.sort ? 'asc' : defaultSort.order),
      search: parsed.search ?? '',
      trashed: parsed.trashed === 'only',
      filters,
      after: parsed.after,
      before: parsed.before,
    };
  }, [searchParams, filterKeys, defaultSort.sort, defaultSort.order]);

  const update = useCallback(
    (patch: ListPatch, options: { replace?: boolean } = {}) => {
      // Based on the address bar rather than the last render: two quick changes must not undo each other.
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in patch)) next.delete('page');
      // A cursor belongs to the page it was made for: any other change drops it.
      if (!('after' in patch)) next.delete('after');
      if (!('before' in patch)) next.delete('before');
      setSearchParams(next, { replace: options.replace });
    },
    [setSearchParams],
  );

  /** The list call's query: what the URL says, with the default sort filled in. */
  const query = useMemo(() => listQuery(state), [state]);

  return { state, update, query, hasFilters: state.trashed || Object.keys(state.filters).length > 0 };
}

/**
 * The same state kept in the component, for a screen with several tables that cannot all own the address bar
 * (the statistics tables). `update` has the same rules: any change other than the page returns to page 1.
 */
export function useLocalListParams(
  defaultSort: { sort: string; order: 'asc' | 'desc' },
  perPage: number = LIMITS.perPageDefault,
) {
  const [state, setState] = useState<ListState>(() => ({
    page: 1,
    per_page: perPage,
    ...defaultSort,
    search: '',
    trashed: false,
    filters: {},
  }));
  const update = useCallback(
    (patch: ListPatch) =>
      setState((current) => {
        const sort =
          'sort' in patch ? (patch.sort === undefined ? defaultSort.sort : String(patch.sort)) : current.sort;
        const order =
          patch.order === 'asc' || patch.order === 'desc'
            ? patch.order
            : 'sort' in patch
              ? defaultSort.order
              : current.order;
        return {
          ...current,
          page: 'page' in patch ? Number(patch.page ?? 1) : 1,
          per_page: patch.per_page === undefined ? current.per_page : Number(patch.per_page),
          sort,
          order,
          search: 'search' in patch ? String(patch.search ?? '') : current.search,
        };
      }),
    [defaultSort.sort, defaultSort.order],
  );
  const query = useMemo(() => listQuery(state), [state]);
  return { state, update, query };
}
