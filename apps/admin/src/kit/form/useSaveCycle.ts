import type { Locale } from '@backoffice/shared';
import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/client';
import { notifyFailure } from '../notifications';
import {
  applyFieldErrors,
  errorLocalesOf,
  type FieldErrors,
  formErrorLocales,
  type SafeParseSchema,
  zodValidate,
} from '../zodForm';

const sameLocales = (a: readonly Locale[], b: readonly Locale[]) =>
  a.length === b.length && a.every((locale) => b.includes(locale));

/**
 * The save cycle of a translated form (a resource's or the settings'): the open locale tab, a dot on each tab with
 * errors, the values checked with the shared schema before anything is sent, and a failed save told in the bar,
 * a 409 marking the form stale and a 422 putting the server's errors on their fields. Errors open the tab of the
 * first one.
 */
export function useSaveCycle(form: FormInstance) {
  const [tab, setTab] = useState<Locale>('sk');
  const [errorLocales, setErrorLocales] = useState<Locale[]>([]);
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);

  const showErrors = useCallback(
    (errors: FieldErrors) => {
      setErrorLocales(errorLocalesOf(errors));
      applyFieldErrors(form, errors, setTab);
    },
    [form],
  );

  /** The form's values checked with the schema; on errors they are shown and nothing is answered. */
  const validate = <T>(schema: SafeParseSchema<T>): { data: T; values: Record<string, unknown> } | null => {
    const values: Record<string, unknown> = form.getFieldsValue(true);
    const result = zodValidate(schema, values);
    if (result.success) return { data: result.data, values };
    showErrors(result.errors);
    return null;
  };

  /**
   * Sends with the form marked as saving. A failure is told in the bar; a save (not a restore: `marks: false`)
   * also turns a 409 into the stale alert and a 422 into errors on the fields.
   */
  const run = async (send: () => Promise<void>, { marks = true }: { marks?: boolean } = {}) => {
    setSaving(true);
    try {
      await send();
    } catch (error) {
      notifyFailure('message.storeError', error);
      if (marks && error instanceof ApiError && error.status === 409) setStale(true);
      if (marks && error instanceof ApiError && error.status === 422) showErrors(error.fieldErrors);
    } finally {
      setSaving(false);
    }
  };

  /** Values loaded afresh: no stale alert, no error dots. */
  const clearMarks = useCallback(() => {
    setStale(false);
    setErrorLocales([]);
  }, []);

  // Called on every keystroke. The dots change only when the set of tabs with errors does, and not while a field is
  // being validated (its errors are empty until its rules answer, which would take the dot away and back per key).
  const onFieldsChange = useCallback(() => {
    if (form.isFieldsValidating()) return;
    const next = formErrorLocales(form);
    setErrorLocales((current) => (sameLocales(current, next) ? current : next));
  }, [form]);

  return { tab, setTab, errorLocales, saving, stale, validate, run, clearMarks, onFieldsChange };
}
