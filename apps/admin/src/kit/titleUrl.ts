import { DELAYS, LIMITS, type Locale, slugify } from '@backoffice/shared';
import { Form, type FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { type RemoteCheckStatus, useFieldValue, useRemoteCheck, useRemoteCheckError } from './remoteCheck';

export interface TitleUrlCheckOptions {
  language_code: Locale;
  /** The edited record; absent or null while creating. */
  id?: number | null;
}

/**
 * Wires the title_url uniqueness check (spec 1 §5) to a form field given by dotted path (`langs.sk.title_url`):
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
 * While creating, fills `langs.<locale>.title_url` from the title as the user types, until the user edits
 * the title_url field themselves. (antd marks a field touched by any setFieldsValue, the form's own reset
 * included, so "edited by hand" is told by the value: it is neither empty nor what was filled in last.)
 */
export function useTitleUrlAutoFill(form: FormInstance, locale: Locale, creating: boolean): void {
  const watched: unknown = Form.useWatch(['langs', locale, 'title'], form);
  const filled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!creating || typeof watched !== 'string') return;
    const target = ['langs', locale, 'title_url'];
    const current: unknown = form.getFieldValue(target);
    if (typeof current === 'string' && current !== '' && current !== filled.current) return;
    const next = titleUrlFromTitle(watched);
    filled.current = next;
    if (next !== current) form.setFieldValue(target, next);
  }, [creating, watched, form, locale]);
}
