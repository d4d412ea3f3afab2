import type { ListMeta, ListQuery } from '@backoffice/shared';

/** The sort a list applies: the requested column when the list allows it, else the list's default. */
export function resolveSort<S extends string>(
  query: Pick<ListQuery, 'sort' | 'order'>,
  allowed: readonly S[],
  fallback: { sort: S; order: 'asc' | 'desc' },
): { sort: S; order: 'asc' | 'desc' } {
  const sort = allowed.find((s) => s === query.sort);
  if (!sort) return fallback;
  return { sort, order: query.order ?? 'asc' };
}

/** A list's `meta`; an approximate total (the planner's estimate) adds `total_approximate: true`. */
export function pageMeta(total: number, page: number, perPage: number, approximate = false): ListMeta {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? null : (page - 1) * perPage + 1;
  const to = total === 0 ? null : Math.min(total, page * perPage);
  return {
    current_page: page,
    per_page: perPage,
    total,
    last_page: lastPage,
    from: from && from <= total ? from : null,
    to: from && from <= total ? to : null,
    ...(approximate ? { total_approximate: true as const } : {}),
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
