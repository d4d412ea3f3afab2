import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { DELETE_MARKER } from '@backoffice/shared';
import { Button, Space, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImageFile, type ImageValue } from './image';

export interface ImageFieldProps {
  /** A new file, the delete marker, or nothing (the stored image stays). Set by Form.Item. */
  value?: ImageValue;
  onChange?: (value: ImageValue) => void;
  id?: string;
  disabled?: boolean;
  /** The thumbnail address of the stored image (galleryThumbUrl), null or absent when there is none. */
  currentUrl?: string | null;
  /** Test id of the control; parts get `<testId>-input`, `-preview`, `-clear`, `-error`. */
  testId?: string;
}

/** A preview address for a chosen file, released again when the file changes or the field goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The image form control (docs/spec-index.md S1.4, S1.5): shows the stored thumbnail or the chosen file's preview; choosing
 * checks type and size on the client (errors.image, the value stays as it was); Clear sets the delete marker
 * `@delete@`. The file goes with the save as multipart (api/formData.ts).
 */
export function ImageField({ value, onChange, id, disabled, currentUrl, testId = 'field-image' }: ImageFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const file = value instanceof File ? value : null;
  const fileUrl = useObjectUrl(file);
  const cleared = value === DELETE_MARKER;
  const shown = file ? fileUrl : cleared ? null : (currentUrl ?? null);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkImageFile(chosen);
    setError(problem ? t(problem) : null);
    if (!problem) onChange?.(chosen);
  };

  return (
    <div
      className="bo-image-field"
      data-testid={testId}
      data-state={file ? 'file' : cleared ? 'cleared' : shown ? 'current' : 'empty'}
    >
      <div className="bo-image-field-preview">
        {shown ? (
          <img
            src={shown}
            className="bo-image-field-img"
            alt={t(file ? 'image.chosen' : 'image.current')}
            data-testid={`${testId}-preview`}
            data-kind={file ? 'file' : 'current'}
          />
        ) : (
          <PictureOutlined className="bo-image-field-empty" aria-label={t('image.none')} />
        )}
      </div>
      <Space orientation="vertical" size={4}>
        <Space wrap>
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/*"
            style={{ display: 'none' }}
            disabled={disabled}
            data-testid={`${testId}-input`}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              // The same file chosen again after Clear must fire a change.
              event.target.value = '';
            }}
          />
          <Button
            icon={<UploadOutlined />}
            disabled={disabled}
            onClick={() => input.current?.click()}
            data-testid={`${testId}-choose`}
          >
            {t('image.choose')}
          </Button>
          <Button
            icon={<DeleteOutlined />}
            disabled={disabled || !shown}
            onClick={() => {
              setError(null);
              onChange?.(DELETE_MARKER);
            }}
            data-testid={`${testId}-clear`}
          >
            {t('image.clear')}
          </Button>
        </Space>
        {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
        {error && (
          <Typography.Text type="danger" id={errorId} role="alert" data-testid={`${testId}-error`}>
            {error}
          </Typography.Text>
        )}
      </Space>
    </div>
  );
}
