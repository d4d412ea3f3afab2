import { Col, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleRichTextField } from '../../../kit/form/fields';
import { PublishingFields } from '../../../kit/form/publishing';
import { ImageAltField, MetaFields, TitleFields } from '../../../kit/form/translated';
import type { FieldsProps, LocaleFieldsProps } from '../../../kit/resource';

/**
 * The per-locale fields of pages and categories (docs/spec-index.md S1.2 Page form): title, title_url (generated while
 * creating, checked for uniqueness at `checkUrl`), content, teaser, page_text, meta_title (≤ 60), claim and
 * meta_description (≤ 160).
 */
export function PageLikeLocaleFields(props: LocaleFieldsProps & { checkUrl: string }) {
  const { locale, rules } = props;
  return (
    <>
      <TitleFields {...props} />
      <LocaleRichTextField locale={locale} name="content" labelKey="pageLike.fields.content" />
      <LocaleRichTextField locale={locale} name="teaser" labelKey="pageLike.fields.teaser" />
      <LocaleRichTextField locale={locale} name="page_text" labelKey="pageLike.fields.pageText" />
      <MetaFields locale={locale} rules={rules} withClaim />
      <ImageAltField locale={locale} rules={rules} />
    </>
  );
}

/**
 * The main settings of pages and categories: `placement` (module with category or parent), redirect and
 * css_class, then the publishing fields.
 */
export function PageLikeMainFields({
  placement,
  ...props
}: FieldsProps<{ id: number; image: string | null }> & { imageModel: string; placement: ReactNode }) {
  const { t } = useTranslation();
  const { rules } = props;
  return (
    <PublishingFields {...props}>
      {placement}
      <Col xs={24} md={12}>
        <Form.Item name="redirect" label={t('pageLike.fields.redirect')} rules={rules('redirect')}>
          <Input data-testid="field-redirect" maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="css_class" label={t('pageLike.fields.cssClass')} rules={rules('css_class')}>
          <Input data-testid="field-css_class" maxLength={128} />
        </Form.Item>
      </Col>
    </PublishingFields>
  );
}
