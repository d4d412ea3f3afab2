import { fileNameSchema } from '@backoffice/shared';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/client';
import { translateMessage } from '../../i18n';
import { notify } from '../../kit/notifications';

export interface NameDialogProps {
  title: string;
  label: string;
  okText: string;
  initial: string;
  /** Selects the name without its extension when the field gets the focus (renaming a file). */
  selectBase?: boolean;
  /** Saves the (checked, trimmed) name; a server error on `name` is shown on the field. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

function NameForm({ label, okText, initial, selectBase, onSubmit, onClose }: Omit<NameDialogProps, 'title'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await onSubmit(fileNameSchema.parse(name));
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? error.fieldErrors.name : undefined;
      if (field?.length) form.setFields([{ name: 'name', errors: field.map(translateMessage) }]);
      else notify('danger', errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={{ name: initial }} onFinish={submit} requiredMark={false}>
      <Form.Item
        name="name"
        label={label}
        rules={[
          {
            validator: (_, value: unknown) =>
              fileNameSchema.safeParse(value ?? '').success
                ? Promise.resolve()
                : Promise.reject(new Error(t('filemanager.errors.name'))),
          },
        ]}
      >
        <Input
          autoFocus
          maxLength={200}
          data-testid="fm-name-input"
          onFocus={(event) => {
            const dot = event.target.value.lastIndexOf('.');
            if (selectBase && dot > 0) event.target.setSelectionRange(0, dot);
          }}
        />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{t('filemanager.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="fm-name-ok">
          {okText}
        </Button>
      </Space>
    </Form>
  );
}

/** A one-field prompt for a name: a new folder, or the new name of a file or folder. */
export function NameDialog(props: NameDialogProps & { open: boolean }) {
  const { open, title, ...form } = props;
  return (
    <Modal open={open} title={title} footer={null} onCancel={form.onClose} destroyOnHidden data-testid="fm-name-dialog">
      {open && <NameForm {...form} />}
    </Modal>
  );
}
