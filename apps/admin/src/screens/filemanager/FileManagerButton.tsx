import { FolderOpenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileManagerModal } from '../../kit/filemanager/FileManagerModal';
import './filemanager.css';

/** The top bar's button that opens the file manager in its modal frame. */
export function FileManagerButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('filemanager.title')}>
        <Button
          type="text"
          icon={<FolderOpenOutlined />}
          data-testid="filemanager-open"
          // The visible word names the button (where it is hidden, on a phone, the same word still does).
          aria-label={t('filemanager.open')}
          onClick={() => setOpen(true)}
        >
          <span className="bo-fm-open-label">{t('filemanager.open')}</span>
        </Button>
      </Tooltip>
      <FileManagerModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
