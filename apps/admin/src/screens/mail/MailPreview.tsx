import { EyeOutlined } from '@ant-design/icons';
import type { MailTemplateRow } from '@backoffice/shared';
import { Button, Drawer, Spin } from 'antd';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMailPreview } from '../../api/mail';
import { RowAction } from '../../kit/list/RowAction';

const PreviewContext = createContext<(id: number) => void>(() => {});

/** The preview row action: opens the slide-up frame of the list's MailPreviewProvider. */
export function MailPreviewAction({ row }: { row: MailTemplateRow }) {
  const { t } = useTranslation();
  const open = useContext(PreviewContext);
  return (
    <RowAction label={t('list.preview')} icon={<EyeOutlined />} testId="row-preview" onClick={() => open(row.id)} />
  );
}

/**
 * The preview of a template (docs/spec-index.md S2.2, S2.4: loading, then showing): a slide-up frame rendering the HTML filled
 * with sample values. The frame is sandboxed without scripts, so nothing in a template runs in the admin.
 */
export function MailPreviewProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [id, setId] = useState<number | null>(null);
  const preview = useMailPreview(id);
  const close = () => setId(null);
  // A preview that cannot be loaded closes again; the shared error handler has said why (docs/spec-index.md S2.8).
  useEffect(() => {
    if (preview.isError) setId(null);
  }, [preview.isError]);
  return (
    <PreviewContext.Provider value={setId}>
      {children}
      <Drawer
        data-testid="mail-preview"
        open={id !== null}
        onClose={close}
        placement="bottom"
        size="88vh"
        destroyOnHidden
        title={preview.data ? `${t('mail.preview')}: ${preview.data.subject}` : t('mail.preview')}
        footer={
          <Button data-testid="mail-preview-close" onClick={close}>
            {t('form.close')}
          </Button>
        }
      >
        {preview.isFetching || !preview.data ? (
          <div className="bo-mail-preview-loading" data-testid="mail-preview-loading">
            <Spin />
          </div>
        ) : (
          <iframe
            data-testid="mail-preview-frame"
            className="bo-mail-preview-frame"
            title={t('mail.preview')}
            sandbox=""
            srcDoc={preview.data.content}
          />
        )}
      </Drawer>
    </PreviewContext.Provider>
  );
}
