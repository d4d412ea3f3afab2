import { DELAYS, LIMITS, type Locale, slugify } from '@backoffice/shared';
import { Form, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../api/client';
import { pathToName } from './zodForm';

export type TitleUrlStatus = 'idle' | 'checking' | 'unique' | 'notUnique';

export interface TitleUrlCheckParams {
  value: string;
  language_code: Locale;
  /** The edited record; absent while creating. */
  id?: number | null;
  /** The spec leaves some checks as GET with a query; POST with a JSON body is the default. */
  method?: 'GET' | 'POST';
}

/** The check answers JSON `true` when the value is free; `{data: true}` and `{valid: true}` are read too. */
function isFree(answer: unknown): boolean {
  if (typeof answer === 'object' && answer !== null) {
    const record = answer as { data?: unknown; valid?: unknown };
    return Boolean(record.data ?? record.valid);
  }
  return Boolean(answer);
}

/**
 * Asks the server whether a title_url is free (spec 1 §5): only when the value is longer than
 * LIMITS.titleUrlCheckAfter characters, DELAYS.titleUrlCheck (700 ms) after the last change, with the
 * language code and the record id. A failed check is only logged and leaves the status idle.
 */
export function useTitleUrlCheck(
  url: string,
  { value, language_code, id, method = 'POST' }: TitleUrlCheckParams,
): TitleUrlStatus {
  const [status, setStatus] = useState<TitleUrlStatus>('idle');
  useEffect(() => {
    if (value.length <= LIMITS.titleUrlCheckAfter) {
      setStatus('idle');
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setStatus('checking');
      const params = { value, language_code, id: id ?? undefined };
      try {
        const answer = await request<unknown>(
          method,
          url,
          method === 'GET' ? { query: params, signal: controller.signal } : { body: params, signal: controller.signal },
        );
        setStatus(isFree(answer) ? 'unique' : 'notUnique');
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('The title_url uniqueness check failed', error);
        setStatus('idle');
      }
    }, DELAYS.titleUrlCheck);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, value, language_code, id, method]);
  return status;
}

/**
 * Wires useTitleUrlCheck to a form field given by dotted path (`langs.sk.title_url`): a taken value shows errors.titleUrlUnique on the field,
 * a free one removes that error again. Returns the check status.
 */
export function useTitleUrlField(
  form: FormInstance,
  path: string,
  url: string,
  params: Omit<TitleUrlCheckParams, 'value'>,
): TitleUrlStatus {
  const { t } = useTranslation();
  const name = useMemo(() => pathToName(path), [path]);
  const watched: unknown = Form.useWatch(name, form);
  const value = typeof watched === 'string' ? watched : '';
  const status = useTitleUrlCheck(url, { ...params, value });
  useEffect(() => {
    const message = t('errors.titleUrlUnique');
    const others = form.getFieldError(name).filter((error) => error !== message);
    if (status === 'notUnique') form.setFields([{ name, errors: [...others, message] }]);
    else if (status === 'unique') form.setFields([{ name, errors: others }]);
  }, [status, form, name, t]);
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
