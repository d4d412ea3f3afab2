import {
  BLOG_DEFAULT_SORT,
  type BlogInput,
  type BlogRecord,
  type BlogRow,
  blogSchema,
  MODULES,
} from '@backoffice/shared';
import { Checkbox, Col, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { blogApi } from '../../api/articles';
import {
  type ArticleLikeLangs,
  ArticleLikeLocaleFields,
  articleLangsFromRecord,
  emptyArticleLangs,
} from '../../kit/form/articleLike';
import { ImageFormField } from '../../kit/form/fields';
import { PublishingFields, type PublishingValues, publishingValues } from '../../kit/form/publishing';
import { CategoriesField, GalleriesField, SimilarsField } from '../../kit/form/relations';
import { categoriesColumn, statusColumn, statusFilter, titleColumn, updatedAtColumn } from '../../kit/list/columns';
import { previewAction } from '../../kit/list/PreviewAction';
import type { FieldsProps, LocaleFieldsProps, ResourceDef } from '../../kit/resource';

interface NewsValues extends PublishingValues {
  langs: ArticleLikeLangs;
  primary: boolean;
  categories: number[];
  galleries: number[];
  similars: number[];
  poster: PublishingValues['image'];
}

const NewsLocaleFields = (props: LocaleFieldsProps<BlogRecord>) => (
  <ArticleLikeLocaleFields {...props} checkUrl={`${blogApi.base}validate/title_url`} />
);

/** Below the tabs: categories (required, News module), galleries, similar articles, primary, poster, publishing. */
function NewsMainFields(props: FieldsProps<BlogRecord>) {
  const { t } = useTranslation();
  const { rules, id, record } = props;
  return (
    <PublishingFields {...props} imageModel="blog">
      <CategoriesField rules={rules} moduleId={MODULES.blog} required />
      <GalleriesField rules={rules} />
      <SimilarsField rules={rules} id={id} base={blogApi.base} />
      <Col xs={24} md={12}>
        <Form.Item name="primary" valuePropName="checked" label=" ">
          <Checkbox data-testid="field-primary">{t('news.fields.primary')}</Checkbox>
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <ImageFormField labelKey="news.fields.poster" model="blog" record={record} name="poster" />
      </Col>
    </PublishingFields>
  );
}

/** News articles (spec 1 §2 News) as a resource of the list/form kit. */
export const newsResource: ResourceDef<BlogRow, BlogRecord, NewsValues, BlogInput> = {
  api: blogApi,
  routeName: 'news',
  labels: { title: 'news.title', create: 'news.create', edit: 'news.edit' },
  defaultSort: BLOG_DEFAULT_SORT,
  columns: ({ t, language }) => [
    titleColumn<BlogRow>(t('pageLike.fields.title')),
    statusColumn<BlogRow>(t),
    categoriesColumn<BlogRow>(t),
    updatedAtColumn<BlogRow>(t, language),
  ],
  filters: [statusFilter],
  RowActions: previewAction<BlogRow>(blogApi.base),
  form: {
    schema: blogSchema,
    empty: () => ({
      ...publishingValues(),
      langs: emptyArticleLangs(),
      primary: false,
      categories: [],
      galleries: [],
      similars: [],
      poster: undefined,
    }),
    fromRecord: (record) => ({
      ...publishingValues(record),
      langs: articleLangsFromRecord(record.langs),
      primary: record.primary,
      categories: record.categories,
      galleries: record.galleries,
      similars: record.similars,
      poster: undefined,
    }),
    files: ['image', 'poster'],
    LocaleFields: NewsLocaleFields,
    MainFields: NewsMainFields,
  },
};
