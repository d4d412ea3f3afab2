import type { CategoryRecord } from '@backoffice/shared';
import { Col, Form } from 'antd';
import { CATEGORY_TITLE_URL_CHECK, useCategoryParents } from '../../../api/categories';
import { useModuleOptions } from '../../../api/modules';
import { OptionsSelectField } from '../../../kit/form/fields';
import { optionsFilter } from '../../../kit/list/OptionsFilter';
import type { FieldsProps, LocaleFieldsProps } from '../../../kit/resource';
import { PageLikeLocaleFields, PageLikeMainFields } from '../pageLike/PageLikeFields';

/** Per-locale fields of a category: the page-like fields of docs/spec-index.md S1.2, title_url checked by GET. */
export function CategoryLocaleFields(props: LocaleFieldsProps<CategoryRecord>) {
  return <PageLikeLocaleFields {...props} checkUrl={CATEGORY_TITLE_URL_CHECK} />;
}

/**
 * Main settings below the tabs: module (required) and parent (options of that module, reloaded and cleared
 * when the module changes), then the page-like settings with the image stored under /gallery/category/.
 */
export function CategoryMainFields(props: FieldsProps<CategoryRecord>) {
  const { rules, id } = props;
  const form = Form.useFormInstance();
  const moduleId: unknown = Form.useWatch('module_id', form);
  const modules = useModuleOptions();
  const parents = useCategoryParents(typeof moduleId === 'number' ? moduleId : null, id);
  const placement = (
    <>
      <Col xs={24} md={12}>
        <OptionsSelectField
          path="module_id"
          labelKey="pageLike.fields.module"
          placeholderKey="pageLike.fields.modulePlaceholder"
          rules={rules}
          options={modules}
          required
          // A parent belongs to one module: another module starts without one.
          onChange={() => form.setFieldValue('parent_id', null)}
        />
      </Col>
      <Col xs={24} md={12}>
        <OptionsSelectField
          path="parent_id"
          labelKey="category.fields.parent"
          placeholderKey="category.fields.parentPlaceholder"
          rules={rules}
          options={parents}
          disabled={typeof moduleId !== 'number'}
        />
      </Col>
    </>
  );
  return <PageLikeMainFields {...props} imageModel="category" placement={placement} />;
}

/** The module filter of the category and page lists, options from GET /api/module. */
export const ModuleFilter = optionsFilter('filter-module_id', useModuleOptions);
