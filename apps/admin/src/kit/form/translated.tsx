import { LIMITS } from '@backoffice/shared';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocaleFieldsProps } from '../resource';
import { LocaleTextField, TitleUrlField } from './fields';

/**
 * The title and its title_url side by side (every translated resource with an address): the title_url is
 * generated from the title while creating and checked for uniqueness at `checkUrl` (docs/spec-index.md S1.5).
 */
export function TitleFields({
  locale,
  rules,
  creating,
  id,
  checkUrl,
}: Pick<LocaleFieldsProps, 'locale' | 'rules' | 'creating' | 'id'> & { checkUrl: string }) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <LocaleTextField locale={locale} name="title" labelKey="pageLike.fields.title" rules={rules} required />
      </Col>
      <Col xs={24} md={12}>
        <TitleUrlField
          locale={locale}
          labelKey="pageLike.fields.titleUrl"
          rules={rules}
          creating={creating}
          id={id}
          checkUrl={checkUrl}
        />
      </Col>
    </Row>
  );
}

/** meta_title (≤ 60, with the page-like claim beside it when asked) and meta_description (≤ 160). */
export function MetaFields({
  locale,
  rules,
  withClaim,
}: Pick<LocaleFieldsProps, 'locale' | 'rules'> & { withClaim?: boolean }) {
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={withClaim ? 12 : 24}>
          <LocaleTextField
            locale={locale}
            name="meta_title"
            labelKey="pageLike.fields.metaTitle"
            rules={rules}
            max={LIMITS.metaTitleMax}
          />
        </Col>
        {withClaim && (
          <Col xs={24} md={12}>
            <LocaleTextField locale={locale} name="claim" labelKey="pageLike.fields.claim" rules={rules} />
          </Col>
        )}
      </Row>
      <LocaleTextField
        locale={locale}
        name="meta_description"
        labelKey="pageLike.fields.metaDescription"
        rules={rules}
        max={LIMITS.metaDescriptionMax}
      />
    </>
  );
}

/**
 * The alternative text of the record's image in this locale (docs/features/media-storage.md "Alternative texts"): the
 * site's `<img alt>`; empty for an image that only decorates.
 */
export function ImageAltField({ locale, rules }: Pick<LocaleFieldsProps, 'locale' | 'rules'>) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={['langs', locale, 'image_alt']}
      label={t('pageLike.fields.imageAlt')}
      extra={t('pageLike.fields.imageAltHelp')}
      rules={rules(`langs.${locale}.image_alt`)}
    >
      <Input data-testid={`field-image_alt-${locale}`} maxLength={255} />
    </Form.Item>
  );
}
