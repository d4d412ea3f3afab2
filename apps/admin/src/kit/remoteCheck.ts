import { Form, type FormInstance } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Query, request } from '../api/client';
import type { I18nKey } from '../i18n';
import { pathToName } from './zodForm';

export type RemoteCheckStatus = 'idle' | 'checking' | 'valid' | 'invalid';

/** What a remote check sends (a query for GET, a JSON body for POST); null means "nothing to check". */
export type RemoteCheckParams = Query | null;

/** The checks answer JSON `true` when the value is acceptable; `{data: true}` and `{valid: true}` are read too. */
function isValid(answer: unknown): boolean {
  if (typeof answer === 'object' && answer !== null) {
    const record = answer as { data?: unknown; valid?: unknown };
    return Boolean(record.data ?? record.valid);
  }
  return Boolean(answer);
}

/**
 * A uniqueness check on the server (docs/spec-index.md S1.5, docs/api.md Uniqueness checks): sent `delay` ms after the
 * parameters last changed, the previous one aborted. A failed check is only logged and leaves the status idle.
 */
export function useRemoteCheck(
  url: string,
  params: RemoteCheckParams,
  { method = 'POST', delay }: { method?: 'GET' | 'POST'; delay: number },
): RemoteCheckStatus {
  const [status, setStatus] = useState<RemoteCheckStatus>('idle');
  // The parameters as one string, so a new object with the same values does not restart the check.
  const key = params ? JSON.stringify(params) : null;
  useEffect(() => {
    if (key === null) {
      setStatus('idle');
      return undefined;
    }
    const sent = JSON.parse(key) as Query;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setStatus('checking');
      try {
        const options =
          method === 'GET' ? { query: sent, signal: controller.signal } : { body: sent, signal: controller.signal };
        setStatus(isValid(await request<unknown>(method, url, options)) ? 'valid' : 'invalid');
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error(`The remote check ${url} failed`, error);
        setStatus('idle');
      }
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, key, method, delay]);
  return status;
}

/**
 * Shows the answer of a remote check on a form field given by dotted path: an invalid answer adds the
 * message `errorKey` to the field's errors, a valid one (or nothing left to check) removes it again.
 */
export function useRemoteCheckError(form: FormInstance, path: string, errorKey: I18nKey, status: RemoteCheckStatus) {
  const { t } = useTranslation();
  const name = useMemo(() => pathToName(path), [path]);
  useEffect(() => {
    const message = t(errorKey);
    const current = form.getFieldError(name);
    const others = current.filter((error) => error !== message);
    if (status === 'invalid') form.setFields([{ name, errors: [...others, message] }]);
    else if (status !== 'checking' && others.length !== current.length) form.setFields([{ name, errors: others }]);
  }, [status, form, name, t, errorKey]);
}

/** The watched value of a field given by dotted path. */
export function useFieldValue(form: FormInstance, path: string): unknown {
  const name = useMemo(() => pathToName(path), [path]);
  return Form.useWatch(name, form);
}
