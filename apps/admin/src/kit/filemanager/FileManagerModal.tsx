import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buildUrl, errorMessage } from '../../api/client';
import { addressToken } from './addressToken';
import { isPickMessage, type PickedFile } from './pickMessage';
import './fileManagerModal.css';

export interface FileManagerModalProps {
  open: boolean;
  onClose: () => void;
  /** Given: the file manager opens as a picker, and a click on a file hands it here and closes the modal. */
  onPick?: (file: PickedFile) => void;
}

/**
 * The frame's content: the stored user's token in the address (docs/spec-index.md S1.2 "given the user's token in
 * its address"; renewed first when it is about to expire, `addressToken.ts`), then `/admin/filemanager?token=…` in
 * an iframe. Mounted only while the modal is open, so every opening checks the token again.
 */
function FileManagerFrame({ onClose, onPick }: Omit<FileManagerModalProps, 'open'>) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  // One token per opening: kept while the frame is shown (a new one would reload the frame), dropped on close.
  const token = useQuery({
    queryKey: ['filemanager-token'],
    queryFn: async () => ({ token: await addressToken() }),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnReconnect: false,
    retry: false,
    meta: { silent: true },
  });

  // Only our own frame, on our own origin, with a well-formed message may hand a file over.
  useEffect(() => {
    if (!onPick) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      if (!isPickMessage(event.data)) return;
      onPick({ url: event.data.url, name: event.data.name, image: event.data.image });
      onClose();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onPick, onClose]);

  if (token.isError) {
    return <Alert type="error" showIcon title={t('filemanager.tokenError')} description={errorMessage(token.error)} />;
  }
  if (!token.data) return <Spin className="bo-fm-frame-loading" />;
  const src = buildUrl('/admin/filemanager', { token: token.data.token, mode: onPick ? 'pick' : undefined });
  return (
    <iframe
      ref={frame}
      src={src}
      title={t('filemanager.frameTitle')}
      className="bo-fm-frame"
      data-testid="filemanager-frame"
    />
  );
}

/** The file manager in a modal frame (docs/spec-index.md S1.2 Admin layout), from the top bar or the editor's picker. */
export function FileManagerModal({ open, onClose, onPick }: FileManagerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('filemanager.title')}
      width="min(1200px, 96vw)"
      centered
      destroyOnHidden
      className="bo-fm-modal"
      data-testid="filemanager-modal"
    >
      {open && <FileManagerFrame onClose={onClose} onPick={onPick} />}
    </Modal>
  );
}
