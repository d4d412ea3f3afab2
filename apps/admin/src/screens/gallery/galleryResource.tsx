import { PictureOutlined } from '@ant-design/icons';
import {
  GALLERY_DEFAULT_SORT,
  type GalleryInput,
  type GalleryRecord,
  type GalleryRow,
  gallerySchema,
  MODULES,
} from '@backoffice/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { galleryApi } from '../../api/galleries';
import {
  type ArticleLikeLangs,
  ArticleLikeLocaleFields,
  articleLangsFromRecord,
  emptyArticleLangs,
} from '../../kit/form/articleLike';
import { PublishingFields, type PublishingValues, publishingValues } from '../../kit/form/publishing';
import { CategoriesField } from '../../kit/form/relations';
import { CONTENT_BULK_ACTIONS, categoryBulkAction } from '../../kit/list/BulkMenu';
import { categoriesColumn, statusColumn, statusFilter, titleColumn, updatedAtColumn } from '../../kit/list/columns';
import { RowAction } from '../../kit/list/RowAction';
import type { FieldsProps, LocaleFieldsProps, ResourceDef } from '../../kit/resource';
import { routePath } from '../../routes/paths';

interface GalleryValues extends PublishingValues {
  langs: ArticleLikeLangs;
  categories: number[];
}

const GalleryLocaleFields = (props: LocaleFieldsProps<GalleryRecord>) => (
  <ArticleLikeLocaleFields {...props} checkUrl={`${galleryApi.base}validate/title_url`} />
);

const GalleryMainFields = (props: FieldsProps<GalleryRecord>) => (
  <PublishingFields {...props} imageModel="gallery">
    <CategoriesField rules={props.rules} moduleId={MODULES.gallery} />
  </PublishingFields>
);

/** The row action that opens the gallery's image screen. */
function GalleryRowActions({ row }: { row: GalleryRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <RowAction
      label={t('galleryImages.open')}
      icon={<PictureOutlined />}
      testId="row-images"
      onClick={() => navigate(routePath('galleryImages', { galleryId: row.id }))}
    />
  );
}

/** Galleries (docs/spec-index.md S1.2 Gallery list and form) as a resource of the list/form kit. */
export const galleryResource: ResourceDef<GalleryRow, GalleryRecord, GalleryValues, GalleryInput> = {
  api: galleryApi,
  routeName: 'gallery',
  history: true,
  labels: { title: 'gallery.title', create: 'gallery.create', edit: 'gallery.edit' },
  defaultSort: GALLERY_DEFAULT_SORT,
  columns: ({ t, language }) => [
    titleColumn<GalleryRow>(t('pageLike.fields.title')),
    statusColumn<GalleryRow>(t),
    categoriesColumn<GalleryRow>(t),
    {
      key: 'imageCount',
      dataIndex: 'imageCount',
      title: t('gallery.imageCount'),
      sorter: true,
      render: (_: unknown, row: GalleryRow) => (
        <Link to={routePath('galleryImages', { galleryId: row.id })} data-testid="cell-imageCount">
          {row.imageCount}
        </Link>
      ),
    },
    updatedAtColumn<GalleryRow>(t, language),
  ],
  filters: [statusFilter],
  RowActions: GalleryRowActions,
  // Publish, hide, remove, and where the records allow it a copy and a category (docs/features/lists.md).
  bulkActions: [...CONTENT_BULK_ACTIONS, categoryBulkAction(MODULES.gallery)],
  form: {
    schema: gallerySchema,
    empty: () => ({ ...publishingValues(), langs: emptyArticleLangs(), categories: [] }),
    fromRecord: (record) => ({
      ...publishingValues(record),
      langs: articleLangsFromRecord(record.langs),
      categories: record.categories,
    }),
    files: ['image'],
    imageModel: 'gallery',
    LocaleFields: GalleryLocaleFields,
    MainFields: GalleryMainFields,
  },
};
