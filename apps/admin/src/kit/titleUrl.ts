import { DELAYS, LIMITS, type Locale, slugify } from '@backoffice/shared';
import { Form, type FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { type RemoteCheckStatus, useFieldValue, useRemoteCheck, useRemoteCheckError } from './remoteCheck';
import type { NamePath } from './zodForm';

export interface TitleUrlCheckOptions {
  language_code: Locale;
  /** The edited record; absent or null while creating. */
  id?: number | null;
}

/**
 * Wires the title_url uniqueness check (docs/spec-index.md S1.5) to a form field given by dotted path (`langs.sk.title_url`):
 * asked only when the value is longer than LIMITS.titleUrlCheckAfter characters, DELAYS.titleUrlCheck (700 ms)
 * after the last change, with the language code and the record id; a taken value shows errors.titleUrlUnique on
 * the field, a free one removes that error again. Returns the check status.
 */
export function useTitleUrlField(
  form: FormInstance,
  path: string,
  url: string,
  { language_code, id }: TitleUrlCheckOptions,
): RemoteCheckStatus {
  const watched = useFieldValue(form, path);
  const value = typeof watched === 'string' ? watched : '';
  const params = value.length > LIMITS.titleUrlCheckAfter ? { value, language_code, id: id ?? undefined } : null;
  const status = useRemoteCheck(url, params, { delay: DELAYS.titleUrlCheck });
  useRemoteCheckError(form, path, 'errors.titleUrlUnique', status);
  return status;
}

/** The title_url a title suggests (the shared slugify rule). */
export const titleUrlFromTitle = (title: string): string => slugify(title);

/**
 * While creating, fills the field `target` with the slug of `source` as the user types, until the user edits that
 * field themselves. (antd marks a field touched by any setFieldsValue, the form's own reset included, so "edited by
 * hand" is told by the value: it is neither empty nor what was filled in last.)
 */
export function useSlugAutoFill(form: FormInstance, source: unknown, target: NamePath, creating: boolean): void {
  const filled = useRef<string | undefined>(undefined);
  const key = target.join('.');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `target`, a new array on every render
  useEffect(() => {
    if (!creating || typeof source !== 'string') return;
    const current: unknown = form.getFieldValue(target);
    if (typeof current === 'string' && current !== '' && current !== filled.current) return;
    const next = titleUrlFromTitle(source);
    filled.current = next;
    if (next !== current) form.setFieldValue(target, next);
  }, [creating, source, form, key]);
}

/** While creating, fills `langs.<locale>.title_url` from the title of that locale (see useSlugAutoFill). */
export function useTitleUrlAutoFill(form: FormInstance, locale: Locale, creating: boolean): void {
  const watched: unknown = Form.useWatch(['langs', locale, 'title'], form);
  useSlugAutoFill(form, watched, ['langs', locale, 'title_url'], creating);
}
