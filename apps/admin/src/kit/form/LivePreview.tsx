// The live preview of a form (docs/features/drafts.md "Preview"): what the form holds, before it is saved, rendered
// by the public site's own templates in a side panel, in either language, again a moment after each change.
import { LOCALES, type Locale } from '@backoffice/shared';
import { Alert, Drawer, Form, type FormInstance, Segmented, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, request } from '../../api/client';
import type { PreviewKind } from '../resource';

/** How long typing must pause before the preview is rendered again. */
const SETTLE_MS = 600;

interface LivePreviewProps {
  form: FormInstance;
  kind: PreviewKind;
  /** The edited record; null while creating. */
  id: number | null;
  /** The language shown first: the form's tab. */
  locale: Locale;
  open: boolean;
  onClose: () => void;
  /** Form fields that hold files: not sent (the preview shows the saved image). */
  omit?: readonly string[];
}

export function LivePreview({ form, kind, id, locale, open, onClose, omit = [] }: LivePreviewProps) {
  const { t } = useTranslation();
  const values = Form.useWatch((all: Record<string, unknown>) => all, { form, preserve: true });
  const [shown, setShown] = useState<Locale>(locale);
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const body = useMemo(
    () => JSON.stringify(Object.fromEntries(Object.entries(values ?? {}).filter(([key]) => !omit.includes(key)))),
    [values, omit],
  );

  // Each opening starts in the form's language, from an empty frame.
  useEffect(() => {
    if (!open) return;
    setShown(locale);
    setHtml(null);
  }, [open, locale]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a first render is asked at once, later ones once typing pauses
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        request<string>('POST', `/api/preview/${shown}/${kind}/${id ?? 'new'}`, {
          body: JSON.parse(body),
          signal: controller.signal,
        })
          .then((text) => {
            setHtml(text);
            setError(null);
          })
          .catch((failure: unknown) => {
            if (!controller.signal.aborted) setError(errorMessage(failure));
          });
      },
      html === null ? 0 : SETTLE_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, body, shown, kind, id]);

  return (
    <Drawer
      data-testid="live-preview"
      open={open}
      onClose={onClose}
      placement="right"
      size="min(820px, 100vw)"
      // The form beside it stays in use: the preview follows the typing.
      mask={false}
      destroyOnHidden
      title={t('livePreview.title')}
      extra={
        <Segmented
          data-testid="live-preview-locale"
          value={shown}
          onChange={(value) => setShown(value as Locale)}
          options={LOCALES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
        />
      }
    >
      <p className="bo-live-preview-hint">{t('livePreview.hint')}</p>
      {error && <Alert type="error" showIcon title={error} className="bo-form-alert" />}
      {html === null ? (
        <div className="bo-mail-preview-loading">
          <Spin />
        </div>
      ) : (
        <iframe
          data-testid="live-preview-frame"
          className="bo-live-preview-frame"
          title={t('livePreview.frame', { language: t(`language.${shown}`) })}
          sandbox=""
          srcDoc={html}
        />
      )}
    </Drawer>
  );
}
