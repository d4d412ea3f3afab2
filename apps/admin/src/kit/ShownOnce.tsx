import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from './notifications';
import './shownOnce.css';

export interface ShownOnceProps {
  /** The value to hand over (an API token, a signing secret); nothing is shown while it is null. */
  value: string | null;
  title: string;
  /** The field's label: what the value is. */
  label: string;
  /** What to do with it (where it goes), above the value. */
  help?: string;
  testId: string;
  onClose: () => void;
}

/**
 * A value the server answers once and never again (an API token, a webhook's signing secret): shown in a dialog with
 * a copy button and the plain sentence that it will not be shown again. The dialog closes only by its button (or
 * Escape), not by a click beside it, so the value is not lost by accident.
 */
export function ShownOnce({ value, title, label, help, testId, onClose }: ShownOnceProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<TextAreaRef>(null);
  const [copied, setCopied] = useState(false);
  const [shown, setShown] = useState(value);
  // A new value starts uncopied (adjusted during render, not in an effect).
  if (value !== shown) {
    setShown(value);
    setCopied(false);
  }
  // The value is what the user came for: focused and selected, a screen reader reads it and Ctrl+C copies it.
  useEffect(() => {
    if (!value) return undefined;
    const timer = setTimeout(() => input.current?.focus({ cursor: 'all' }), 0);
    return () => clearTimeout(timer);
  }, [value]);

  const copy = async () => {
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (an address without HTTPS, a refused permission): the value is selected for Ctrl+C.
      input.current?.focus({ cursor: 'all' });
      notify('info', t('shownOnce.copyByHand'));
    }
  };

  return (
    <Modal
      open={value !== null}
      title={title}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid={testId}
      footer={
        <Button type="primary" data-testid={`${testId}-done`} onClick={onClose}>
          {t('shownOnce.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('shownOnce.warning')} className="bo-shown-once-alert" />
      {help && <Typography.Paragraph>{help}</Typography.Paragraph>}
      <label htmlFor={id} className="bo-shown-once-label">
        {label}
      </label>
      <Flex vertical gap={8} align="flex-start">
        <Input.TextArea
          id={id}
          ref={input}
          readOnly
          autoSize
          value={value ?? ''}
          className="bo-shown-once-value"
          data-testid={`${testId}-value`}
          onFocus={(event) => event.target.select()}
        />
        <Button
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copy()}
          data-testid={`${testId}-copy`}
        >
          {copied ? t('shownOnce.copied') : t('shownOnce.copy')}
        </Button>
      </Flex>
    </Modal>
  );
}
