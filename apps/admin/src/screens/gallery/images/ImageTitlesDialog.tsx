import { type GalleryImage, galleryImageTitlesSchema, type Locale } from '@backoffice/shared';
import { type ButtonProps, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { getLanguage } from '../../../i18n/language';
import { LocaleTabs } from '../../../kit/LocaleTabs';
import { applyFieldErrors, errorLocalesOf, zodRules } from '../../../kit/zodForm';

interface TitlesValues {
  languages: Record<Locale, { title: string; alt: string }>;
}

export interface ImageTitlesDialogProps {
  image: GalleryImage;
  onSave: (languages: TitlesValues['languages']) => Promise<void>;
  onClose: () => void;
}

const rules = zodRules(galleryImageTitlesSchema);

/**
 * The per-language title and alternative text of one image, a tab per locale (sk first); the server's field errors
 * land on the tab.
 */
export function ImageTitlesDialog({ image, onSave, onClose }: ImageTitlesDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TitlesValues>();
  const [locale, setLocale] = useState<Locale>(getLanguage());
  const [saving, setSaving] = useState(false);
  const [errorLocales, setErrorLocales] = useState<Locale[]>([]);
  const texts = (locale: Locale) => ({
    title: image.languages[locale]?.title ?? '',
    alt: image.languages[locale]?.alt ?? '',
  });
  const initial: TitlesValues = { languages: { sk: texts('sk'), en: texts('en') } };

  const submit = async (values: TitlesValues) => {
    setSaving(true);
    try {
      await onSave(values.languages);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const errors = error.fieldErrors;
        setErrorLocales(errorLocalesOf(errors));
        applyFieldErrors(form, errors, setLocale);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('galleryImages.editTitles')}
      okText={t('form.save')}
      cancelText={t('confirm.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'gi-titles-save' } as ButtonProps}
      destroyOnHidden
    >
      <img className="bo-gi-dialog-thumb" src={image.thumbnail} alt="" />
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)}>
        <LocaleTabs activeKey={locale} onChange={setLocale} errorLocales={errorLocales}>
          {(tab) => (
            <>
              <Form.Item
                name={['languages', tab, 'title']}
                label={t('galleryImages.imageTitle')}
                rules={rules(`languages.${tab}.title`)}
              >
                <Input data-testid={`gi-title-${tab}`} maxLength={255} autoFocus={tab === locale} />
              </Form.Item>
              <Form.Item
                name={['languages', tab, 'alt']}
                label={t('galleryImages.imageAlt')}
                extra={t('galleryImages.imageAltHelp')}
                rules={rules(`languages.${tab}.alt`)}
              >
                <Input data-testid={`gi-alt-${tab}`} maxLength={255} />
              </Form.Item>
            </>
          )}
        </LocaleTabs>
      </Form>
    </Modal>
  );
}
