import { Col, Divider, Form, Input, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../kit/DateTimeField';
import { ImageFormField, LocaleRichTextField, StatusField } from '../../../kit/form/fields';
import { MetaFields, TitleFields } from '../../../kit/form/translated';
import type { FieldsProps, LocaleFieldsProps } from '../../../kit/resource';

/**
 * The per-locale fields of pages and categories (spec 1 §2 Page form): title, title_url (generated while
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
    </>
  );
}

/**
 * The main settings below the tabs: `placement` (module with category or parent) first, then redirect,
 * css_class, the publishing window (d.M.yyyy, HH:mm), the image and the publish checkbox.
 */
export function PageLikeMainFields({
  rules,
  record,
  imageModel,
  placement,
}: FieldsProps<{ id: number; image: string | null }> & { imageModel: string; placement: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('pageLike.mainSettings')}</Divider>
      <Row gutter={16}>
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
        <Col xs={24} md={12}>
          <Form.Item name="publish_up" label={t('pageLike.fields.publishUp')} rules={rules('publish_up')}>
            <DateTimeField testId="field-publish_up" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="publish_down" label={t('pageLike.fields.publishDown')} rules={rules('publish_down')}>
            <DateTimeField testId="field-publish_down" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <ImageFormField labelKey="pageLike.fields.image" model={imageModel} record={record} />
        </Col>
        <Col xs={24} md={12}>
          <StatusField labelKey="pageLike.fields.status" />
        </Col>
      </Row>
    </>
  );
}
