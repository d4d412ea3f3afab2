import {
  ARTICLE_DEFAULT_SORT,
  type ArticleInput,
  type ArticleRecord,
  type ArticleRow,
  articleSchema,
  MODULES,
} from '@backoffice/shared';
import { Checkbox, Col, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { articleApi } from '../../api/articles';
import {
  type ArticleLikeLangs,
  ArticleLikeLocaleFields,
  articleLangsFromRecord,
  emptyArticleLangs,
} from '../../kit/form/articleLike';
import { ImageFormField } from '../../kit/form/fields';
import { PublishingFields, type PublishingValues, publishingValues } from '../../kit/form/publishing';
import { CategoriesField, GalleriesField, SimilarsField } from '../../kit/form/relations';
import { CONTENT_BULK_ACTIONS, categoryBulkAction, DUPLICATE_BULK_ACTION } from '../../kit/list/BulkMenu';
import { categoriesColumn, statusColumn, statusFilter, titleColumn, updatedAtColumn } from '../../kit/list/columns';
import { previewAction } from '../../kit/list/PreviewAction';
import type { FieldsProps, LocaleFieldsProps, ResourceDef } from '../../kit/resource';

interface ArticleValues extends PublishingValues {
  langs: ArticleLikeLangs;
  primary: boolean;
  categories: number[];
  galleries: number[];
  similars: number[];
  poster: PublishingValues['image'];
}

const ArticleLocaleFields = (props: LocaleFieldsProps<ArticleRecord>) => (
  <ArticleLikeLocaleFields {...props} checkUrl={`${articleApi.base}validate/title_url`} />
);

/** Below the tabs: categories (required, News module), galleries, similar articles, primary, poster, publishing. */
function ArticleMainFields(props: FieldsProps<ArticleRecord>) {
  const { t } = useTranslation();
  const { rules, id, record } = props;
  return (
    <PublishingFields {...props} imageModel="blog">
      <CategoriesField rules={rules} moduleId={MODULES.blog} required />
      <GalleriesField rules={rules} />
      <SimilarsField rules={rules} id={id} base={articleApi.base} />
      <Col xs={24} md={12}>
        <Form.Item name="primary" valuePropName="checked" label=" ">
          <Checkbox data-testid="field-primary">{t('article.fields.primary')}</Checkbox>
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <ImageFormField labelKey="article.fields.poster" model="blog" record={record} name="poster" />
      </Col>
    </PublishingFields>
  );
}

/** News articles (docs/spec-index.md S1.2 News) as a resource of the list/form kit. */
export const articleResource: ResourceDef<ArticleRow, ArticleRecord, ArticleValues, ArticleInput> = {
  api: articleApi,
  routeName: 'news',
  history: true,
  drafts: true,
  preview: 'article',
  labels: { title: 'article.title', create: 'article.create', edit: 'article.edit' },
  defaultSort: ARTICLE_DEFAULT_SORT,
  columns: ({ t, language }) => [
    titleColumn<ArticleRow>(t('pageLike.fields.title')),
    statusColumn<ArticleRow>(t),
    categoriesColumn<ArticleRow>(t),
    updatedAtColumn<ArticleRow>(t, language),
  ],
  filters: [statusFilter],
  RowActions: previewAction<ArticleRow>(articleApi.base),
  // Publish, hide, remove, and where the records allow it a copy and a category (docs/features/lists.md).
  bulkActions: [...CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION, categoryBulkAction(MODULES.blog)],
  form: {
    schema: articleSchema,
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
    imageModel: 'blog',
    LocaleFields: ArticleLocaleFields,
    MainFields: ArticleMainFields,
  },
};
