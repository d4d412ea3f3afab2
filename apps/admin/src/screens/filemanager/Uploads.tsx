import { UploadOutlined } from '@ant-design/icons';
import { FILE_ERR, FILE_TYPES, FILES, fileKindOf, LIMITS } from '@backoffice/shared';
import { Button, Tooltip, Upload } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/client';
import { uploadFile } from '../../api/files';
import { translateMessage } from '../../i18n';
import { notify } from '../../kit/notifications';
import type { UploadItem } from '../../kit/upload/UploadList';

/** How long a finished upload stays in the list. */
const DONE_VISIBLE_MS = 4000;
const ACCEPT = Object.keys(FILE_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

/** What the server would refuse anyway, said before the file is sent: its type, or its size. */
function problemOf(file: File): string | null {
  const kind = fileKindOf(file.name);
  if (!kind) return FILE_ERR.type;
  const max = kind === 'image' ? LIMITS.imageMaxKb : FILES.uploadMaxKb;
  return file.size > max * 1024 ? FILE_ERR.size : null;
}

/**
 * Uploads into the open folder, each file on its own with its progress; a refused file keeps its line with the
 * reason until it is closed. `onUploaded` runs after each stored file (the list reloads).
 */
export function useUploads(path: string, token: string | undefined, onUploaded: () => void) {
  const { t } = useTranslation();
  const [items, setItems] = useState<UploadItem[]>([]);
  const sequence = useRef(0);
  const update = (id: number, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((item) => item.id !== id)), []);

  const start = async (file: File) => {
    sequence.current += 1;
    const id = sequence.current;
    const problem = problemOf(file);
    setItems((list) => [
      ...list,
      {
        id,
        name: file.name,
        percent: 0,
        status: problem ? 'exception' : 'active',
        error: problem ? translateMessage(problem) : undefined,
      },
    ]);
    if (problem) return;
    try {
      const answer = await uploadFile(path, file, { token, onProgress: (percent) => update(id, { percent }) });
      update(id, { percent: 100, status: 'success' });
      notify('success', t('filemanager.uploaded', { name: answer.data.name }));
      onUploaded();
      setTimeout(() => dismiss(id), DONE_VISIBLE_MS);
    } catch (error) {
      const reason = error instanceof ApiError && error.fieldErrors.file?.[0];
      const text = reason ? translateMessage(reason) : errorMessage(error);
      update(id, { status: 'exception', error: text });
      notify('danger', t('filemanager.uploadFailed', { name: file.name, reason: text }));
    }
  };

  return { items, start, dismiss };
}

/** The upload button: several files at once, limited to the allowed extensions. */
export function UploadButton({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('filemanager.uploadHint')}>
      <Upload
        multiple
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          onFile(file);
          // The upload is ours (with progress in our list); antd keeps nothing.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button type="primary" icon={<UploadOutlined />} data-testid="fm-upload">
          {t('filemanager.upload')}
        </Button>
      </Upload>
    </Tooltip>
  );
}
