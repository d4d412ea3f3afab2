import type { FormInstance } from 'antd';
import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';
import { confirmModalProps } from '../list/confirm';

/** The values as one comparable text: keys sorted, empty texts as missing. */
export function snapshot(values: unknown): string {
  return JSON.stringify(values, (_key, value: unknown) => {
    if (value === '') return undefined;
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.getPrototypeOf(value) === Object.prototype
    ) {
      const record = value as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(record)
          .sort()
          .map((key) => [key, record[key]]),
      );
    }
    if (value instanceof Blob) return `file:${value.size}`;
    return value;
  });
}

export interface UnsavedGuardOptions {
  form: FormInstance;
  open: boolean;
  /** Closes the form (after the question, when it had edits). */
  onClose: () => void;
  /** What Ctrl+S (Cmd+S) does while the form is open: the Save button's action; undefined while it may not save. */
  onSave?: () => void;
  /** Called as the user answers "Discard" (the form's local draft goes with the edits). */
  onDiscard?: () => void;
}

/**
 * Unsaved work kept safe (docs/features/admin-ui.md): while an open form has edits (its values differ from those
 * `markClean` saw as it loaded; an empty text equals a missing one, a picked file differs from any loaded value),
 * closing it (its button, Esc, a click on the mask), a route change leaving its address (react-router's blocker:
 * back and forward, links) and closing or reloading the tab (`beforeunload`) ask first. Ctrl+S (Cmd+S) saves the
 * open form.
 *
 * `requestClose` is the form's close; `markClean()` follows each load of the values; `settle()` marks the form as
 * having nothing to lose (a successful save) so the close that follows does not ask.
 */
export function useUnsavedGuard({ form, open, onClose, onSave, onDiscard }: UnsavedGuardOptions) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const settled = useRef(false);
  const asking = useRef(false);
  const discardRef = useRef(onDiscard);
  discardRef.current = onDiscard;

  // Each opening (or another record) starts with nothing to lose.
  useEffect(() => {
    if (open) settled.current = false;
  }, [open]);

  const baseline = useRef('');
  /** The values as loaded: an edit is a difference from them (antd's touched state is set by loading too). */
  const markClean = useCallback(() => {
    baseline.current = snapshot(form.getFieldsValue(true));
  }, [form]);
  const dirty = useCallback(
    () => open && !settled.current && snapshot(form.getFieldsValue(true)) !== baseline.current,
    [open, form],
  );

  const ask = useCallback(
    (discard: () => void, keep: () => void = () => undefined) => {
      if (asking.current) return;
      asking.current = true;
      modal.confirm({
        title: t('unsaved.title'),
        content: t('unsaved.content'),
        okText: t('unsaved.discard'),
        cancelText: t('unsaved.keep'),
        ...confirmModalProps(true),
        onOk: () => {
          asking.current = false;
          settled.current = true;
          discardRef.current?.();
          discard();
        },
        onCancel: () => {
          asking.current = false;
          keep();
        },
      });
    },
    [modal, t],
  );

  const requestClose = useCallback(() => {
    if (!dirty()) {
      settled.current = true;
      onClose();
      return;
    }
    ask(onClose);
  }, [dirty, ask, onClose]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && dirty(),
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    ask(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker, ask]);

  useEffect(() => {
    if (!open) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [open, dirty]);

  const saveRef = useRef(onSave);
  saveRef.current = onSave;
  useEffect(() => {
    if (!open) return;
    const keyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!asking.current) saveRef.current?.();
    };
    window.addEventListener('keydown', keyDown, true);
    return () => window.removeEventListener('keydown', keyDown, true);
  }, [open]);

  const settle = useCallback(() => {
    settled.current = true;
  }, []);

  // `dirty()`: whether the open form holds edits now (a history restore asks first then: HistoryDrawer.tsx).
  return { requestClose, settle, markClean, dirty };
}
