import type { PageRecord } from '@backoffice/shared';
import { Checkbox, Col, Divider, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useModuleCategories } from '../../../api/categories';
import { useModuleOptions } from '../../../api/modules';
import { PAGE_MODULE_CHECK, PAGE_TITLE_URL_CHECK, useNavigationGroups, useNavigationParents } from '../../../api/pages';
import { usePanelOptions } from '../../../api/panels';
import { translateOr } from '../../../i18n';
import { OptionsSelectField } from '../../../kit/form/fields';
import { GalleriesField } from '../../../kit/form/relations';
import { useRemoteCheck, useRemoteCheckError } from '../../../kit/remoteCheck';
import type { FieldsProps, LocaleFieldsProps } from '../../../kit/resource';
import { PageLikeLocaleFields, PageLikeMainFields } from '../pageLike/PageLikeFields';

/** Per-locale fields of a page: the page-like fields, title_url checked by POST. */
export function PageLocaleFields(props: LocaleFieldsProps<PageRecord>) {
  return <PageLikeLocaleFields {...props} checkUrl={PAGE_TITLE_URL_CHECK} />;
}

const idOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * Only one page hosts a module with no category (docs/spec-index.md S1.5): asked when a module is set and the category is
 * empty; a taken module shows errors.moduleIdUnique on the module field.
 */
function useModuleCheck(moduleId: number | null, categoryId: number | null, id: number | null) {
  const form = Form.useFormInstance();
  const params = moduleId !== null && categoryId === null ? { value: moduleId, id: id ?? 0, category_id: null } : null;
  const status = useRemoteCheck(PAGE_MODULE_CHECK, params, { delay: 0 });
  useRemoteCheckError(form, 'module_id', 'errors.moduleIdUnique', status);
}

/** Module (optional) and, once one is chosen, a category of that module; another module clears the category. */
function PagePlacementFields({ rules, id }: FieldsProps<PageRecord>) {
  const form = Form.useFormInstance();
  const moduleId = idOrNull(Form.useWatch('module_id', form));
  const categoryId = idOrNull(Form.useWatch('category_id', form));
  const modules = useModuleOptions();
  const categories = useModuleCategories(moduleId);
  useModuleCheck(moduleId, categoryId, id);
  return (
    <>
      <Col xs={24} md={12}>
        <OptionsSelectField
          path="module_id"
          labelKey="pageLike.fields.module"
          placeholderKey="page.modulePlaceholder"
          rules={rules}
          options={modules}
          // The categories belong to one module: another module starts without one.
          onChange={() => form.setFieldValue('category_id', null)}
        />
      </Col>
      <Col xs={24} md={12}>
        {moduleId !== null && (
          <OptionsSelectField
            path="category_id"
            labelKey="page.fields.category"
            placeholderKey="page.fields.categoryPlaceholder"
            rules={rules}
            options={categories}
          />
        )}
      </Col>
    </>
  );
}

/**
 * The navigation panel (docs/spec-index.md S1.2 Page form): the insert-into-navigation checkbox and, when it is ticked, the
 * group (required) and the parent node (options of that group, never the page itself or a page below it).
 */
function PageNavigationFields({ rules, id }: FieldsProps<PageRecord>) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const inNavigation = Form.useWatch(['navigation', 'value'], form) === true;
  const groupId = idOrNull(Form.useWatch('group_id', form));
  const groups = useNavigationGroups();
  const parents = useNavigationParents(inNavigation ? groupId : null, id);
  const groupOptions = { ...groups, data: groups.data?.map((g) => ({ ...g, label: groupLabel(g.label) })) };
  return (
    <>
      <Divider titlePlacement="start">{t('page.navigationPanel')}</Divider>
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item name={['navigation', 'value']} valuePropName="checked">
            <Checkbox data-testid="field-navigation.value">{t('page.fields.insertNavigation')}</Checkbox>
          </Form.Item>
        </Col>
        {inNavigation && (
          <>
            <Col xs={24} md={12}>
              <OptionsSelectField
                path="group_id"
                labelKey="page.fields.group"
                placeholderKey="page.fields.groupPlaceholder"
                rules={rules}
                options={groupOptions}
                required
                // A parent belongs to one group's tree.
                onChange={() => form.setFieldValue(['navigation', 'parent_id'], null)}
              />
            </Col>
            <Col xs={24} md={12}>
              <OptionsSelectField
                path="navigation.parent_id"
                labelKey="page.fields.parent"
                placeholderKey="page.fields.parentPlaceholder"
                rules={rules}
                options={parents}
                disabled={groupId === null}
              />
            </Col>
          </>
        )}
      </Row>
    </>
  );
}

/** The galleries and panels shown on the page. */
function PageRelationFields({ rules }: FieldsProps<PageRecord>) {
  const { t } = useTranslation();
  const panels = usePanelOptions();
  return (
    <>
      <Divider titlePlacement="start">{t('page.relations')}</Divider>
      <Row gutter={16}>
        <GalleriesField rules={rules} />
        <Col xs={24} md={12}>
          <OptionsSelectField
            path="panels"
            labelKey="page.fields.panels"
            placeholderKey="page.fields.panelsPlaceholder"
            rules={rules}
            options={panels}
            multiple
          />
        </Col>
      </Row>
    </>
  );
}

/** Everything below the tabs: main settings, the navigation panel, galleries and panels. */
export function PageMainFields(props: FieldsProps<PageRecord>) {
  return (
    <>
      <PageLikeMainFields {...props} imageModel="page" placement={<PagePlacementFields {...props} />} />
      <PageNavigationFields {...props} />
      <PageRelationFields {...props} />
    </>
  );
}

/** A navigation group's heading: the translation key built from its label (docs/spec-index.md S1.2 Navigation). */
export const groupLabel = (label: string) => translateOr(`navigation.groups.${label}`, label);
