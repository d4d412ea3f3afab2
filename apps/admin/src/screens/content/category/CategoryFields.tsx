import { type CategoryRecord, LIMITS } from '@backoffice/shared';
import { Col, Divider, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CATEGORY_TITLE_URL_CHECK, useCategoryParents } from '../../../api/categories';
import { useModules } from '../../../api/modules';
import { DateTimeField } from '../../../kit/DateTimeField';
import { LocaleRichTextField, LocaleTextField, StatusField, TitleUrlField } from '../../../kit/form/fields';
import { ImageField } from '../../../kit/ImageField';
import { galleryThumbUrl } from '../../../kit/image';
import { optionsFilter } from '../../../kit/list/OptionsFilter';
import type { FieldsProps, LocaleFieldsProps } from '../../../kit/resource';

/** The folder of category images under /gallery (DESIGN §5). */
const IMAGE_MODEL = 'category';

/** Per-locale fields of a category: the page-like fields of spec 1 §2. */
export function CategoryLocaleFields({ locale, rules, creating, id }: LocaleFieldsProps<CategoryRecord>) {
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <LocaleTextField locale={locale} name="title" labelKey="category.fields.title" rules={rules} required />
        </Col>
        <Col xs={24} md={12}>
          <TitleUrlField
            locale={locale}
            labelKey="category.fields.titleUrl"
            rules={rules}
            creating={creating}
            id={id}
            checkUrl={CATEGORY_TITLE_URL_CHECK}
            checkMethod="GET"
          />
        </Col>
      </Row>
      <LocaleRichTextField locale={locale} name="content" labelKey="category.fields.content" />
      <LocaleRichTextField locale={locale} name="teaser" labelKey="category.fields.teaser" />
      <LocaleRichTextField locale={locale} name="page_text" labelKey="category.fields.pageText" />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <LocaleTextField
            locale={locale}
            name="meta_title"
            labelKey="category.fields.metaTitle"
            rules={rules}
            max={LIMITS.metaTitleMax}
          />
        </Col>
        <Col xs={24} md={12}>
          <LocaleTextField locale={locale} name="claim" labelKey="category.fields.claim" rules={rules} />
        </Col>
      </Row>
      <LocaleTextField
        locale={locale}
        name="meta_description"
        labelKey="category.fields.metaDescription"
        rules={rules}
        max={LIMITS.metaDescriptionMax}
      />
    </>
  );
}

/** Module options for the form and the filter: id and the module's title in the current language. */
function useModuleOptions() {
  const modules = useModules();
  return {
    loading: modules.isLoading,
    options: modules.data?.map((module) => ({ value: module.id, label: module.lang.title })),
  };
}

/**
 * Main settings below the tabs: module (required), parent (options of that module, reloaded and cleared when
 * the module changes), status, redirect, css_class, the publishing window and the image. The server does not
 * store a category image yet, so the image field only shows the stored one and is disabled.
 */
export function CategoryMainFields({ rules, id, record }: FieldsProps<CategoryRecord>) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const moduleId: unknown = Form.useWatch('module_id', form);
  const modules = useModuleOptions();
  const parents = useCategoryParents(typeof moduleId === 'number' ? moduleId : null, id);
  const image = record?.image ? galleryThumbUrl(IMAGE_MODEL, record.id, record.image) : null;
  return (
    <>
      <Divider titlePlacement="start">{t('category.mainSettings')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="module_id" label={t('category.fields.module')} rules={rules('module_id')} required>
            <Select
              data-testid="field-module_id"
              loading={modules.loading}
              placeholder={t('category.fields.modulePlaceholder')}
              options={modules.options}
              // A parent belongs to one module: another module starts without one.
              onChange={() => form.setFieldValue('parent_id', null)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="parent_id" label={t('category.fields.parent')} rules={rules('parent_id')}>
            <Select
              data-testid="field-parent_id"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              disabled={typeof moduleId !== 'number'}
              loading={parents.isFetching}
              placeholder={t('category.fields.parentPlaceholder')}
              options={parents.data?.map((parent) => ({ value: parent.id, label: parent.label }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="redirect" label={t('category.fields.redirect')} rules={rules('redirect')}>
            <Input data-testid="field-redirect" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="css_class" label={t('category.fields.cssClass')} rules={rules('css_class')}>
            <Input data-testid="field-css_class" maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="publish_up" label={t('category.fields.publishUp')} rules={rules('publish_up')}>
            <DateTimeField testId="field-publish_up" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="publish_down" label={t('category.fields.publishDown')} rules={rules('publish_down')}>
            <DateTimeField testId="field-publish_down" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('category.fields.image')} extra={t('category.fields.imageNotSaved')}>
            <ImageField disabled currentUrl={image} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <StatusField labelKey="category.fields.status" />
        </Col>
      </Row>
    </>
  );
}

/** The module filter of the category list, options from GET /api/module. */
export const ModuleFilter = optionsFilter('filter-module_id', useModuleOptions);
