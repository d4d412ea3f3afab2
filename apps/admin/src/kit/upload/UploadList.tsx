import { CloseOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import './uploads.css';

export interface UploadItem {
  id: number;
  name: string;
  percent: number;
  status: 'active' | 'success' | 'exception';
  error?: string;
}

export interface UploadListProps {
  items: UploadItem[];
  /** Closes a refused or failed line. */
  onDismiss: (id: number) => void;
  /** Cancels a file still waiting or under way (no cancel button without it). */
  onCancel?: (id: number) => void;
  /** Prefix of the test ids: `<p>-uploads`, `<p>-upload-item`, `<p>-upload-progress`, `<p>-upload-cancel`. */
  testId: string;
}

/** The uploads under way, finished a moment ago, or refused: a line per file with its progress and its error. */
export function UploadList({ items, onDismiss, onCancel, testId }: UploadListProps) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <ul className="bo-uploads" aria-label={t('upload.uploading')} data-testid={`${testId}-uploads`}>
      {items.map((item) => (
        <li key={item.id} className="bo-upload" data-testid={`${testId}-upload-item`} data-status={item.status}>
          <span className="bo-upload-name" title={item.name}>
            {item.name}
          </span>
          <div>
            <Progress
              percent={item.percent}
              status={item.status}
              size="small"
              data-testid={`${testId}-upload-progress`}
              aria-label={item.name}
            />
            {item.error && <div className="ant-form-item-explain-error">{item.error}</div>}
          </div>
          {item.status === 'exception' ? (
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('upload.dismiss')}
              onClick={() => onDismiss(item.id)}
            />
          ) : item.status === 'active' && onCancel ? (
            <Button
              type="text"
              size="small"
              danger
              icon={<CloseOutlined />}
              aria-label={t('upload.cancel')}
              title={t('upload.cancel')}
              data-testid={`${testId}-upload-cancel`}
              onClick={() => onCancel(item.id)}
            />
          ) : (
            <span />
          )}
        </li>
      ))}
    </ul>
  );
}
