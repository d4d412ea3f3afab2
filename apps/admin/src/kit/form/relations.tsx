import { Col } from 'antd';
import { useModuleCategories } from '../../api/categories';
import { useGalleryOptions } from '../../api/galleries';
import { useLangOptions } from '../../api/options';
import type { FieldsProps } from '../resource';
import { OptionsSelectField } from './fields';

/** The categories multi-select of a module's records (news: module 1, galleries: module 2). */
export function CategoriesField({
  rules,
  moduleId,
  required,
}: Pick<FieldsProps, 'rules'> & { moduleId: number; required?: boolean }) {
  const categories = useModuleCategories(moduleId);
  return (
    <Col xs={24} md={12}>
      <OptionsSelectField
        path="categories"
        labelKey="list.categories"
        rules={rules}
        options={categories}
        multiple
        required={required}
      />
    </Col>
  );
}

/** The galleries multi-select (`GET /api/gallery/list`). */
export function GalleriesField({ rules }: Pick<FieldsProps, 'rules'>) {
  const galleries = useGalleryOptions();
  return (
    <Col xs={24} md={12}>
      <OptionsSelectField
        path="galleries"
        labelKey="page.fields.galleries"
        placeholderKey="page.fields.galleriesPlaceholder"
        rules={rules}
        options={galleries}
        multiple
      />
    </Col>
  );
}

/** The similars multi-select: the others of the kind (`GET <base>list?id=`), never the record itself. */
export function SimilarsField({ rules, id, base }: Pick<FieldsProps, 'rules' | 'id'> & { base: string }) {
  const similars = useLangOptions(`${base}list${id ? `?id=${id}` : ''}`);
  return (
    <Col xs={24} md={12}>
      <OptionsSelectField path="similars" labelKey="list.similars" rules={rules} options={similars} multiple />
    </Col>
  );
}
