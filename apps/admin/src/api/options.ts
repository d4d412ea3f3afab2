import type { LabelOption, LangOption } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from './client';

/** An option as a select shows it. */
export interface SelectOption {
  value: number;
  label: string;
}

const fromLang = (options: LangOption[]) => options.map((o) => ({ value: o.id, label: o.lang.title }));
const fromLabel = (options: LabelOption[]) => options.map((o) => ({ value: o.id, label: o.label }));
const fromTitle = (options: { id: number; title: string }[]) => options.map((o) => ({ value: o.id, label: o.title }));

/**
 * An option list of docs/spec-index.md S1.3 (answered as `{data: [...]}`), mapped to select options; `url` null asks nothing
 * (e.g. category options before a module is chosen). Options are fetched again whenever a form opens.
 */
function useOptionList<T>(url: string | null, map: (data: T[]) => SelectOption[], staleTime = 0) {
  return useQuery({
    queryKey: [...OPTIONS_KEY, url],
    queryFn: async ({ signal }) => map((await request<{ data: T[] }>('GET', url ?? '', { signal })).data),
    enabled: url !== null,
    staleTime,
  });
}

/** Options whose title is in the request language: modules, panels, galleries. */
export const useLangOptions = (url: string | null, staleTime?: number) =>
  useOptionList<LangOption>(url, fromLang, staleTime);

/** Options shown by their label: categories, parents, navigation groups. */
export const useLabelOptions = (url: string | null, staleTime?: number) =>
  useOptionList<LabelOption>(url, fromLabel, staleTime);

/** Options with a plain title: text positions. */
export const useTitleOptions = (url: string | null, staleTime?: number) =>
  useOptionList<{ id: number; title: string }>(url, fromTitle, staleTime);

/** Option lists are refetched after any save, since a saved record may be an option elsewhere. */
export const OPTIONS_KEY = ['options'] as const;
