import {
  type Abilities,
  LIMITS,
  type Locale,
  MAIL_TEMPLATE_DEFAULT_SORT,
  type MailTemplateInput,
  type MailTemplateRecord,
  type MailTemplateRow,
  mailTemplateSchema,
} from '@backoffice/shared';
import { Col, Form, Input, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { mailApi } from '../../api/mail';
import { LocaleTextField } from '../../kit/form/fields';
import { PlaceholderList } from '../../kit/form/PlaceholderList';
import { emptyLangs, langsFromRecord } from '../../kit/langs';
import { titleColumn, updatedAtColumn } from '../../kit/list/columns';
import { RichText } from '../../kit/RichText';
import type { LocaleFieldsProps, ResourceDef } from '../../kit/resource';
import { MailPreviewAction } from './MailPreview';
import { MailTestAction } from './MailTestAction';

const LANG_FIELDS = ['title', 'subject', 'content_plain', 'content'] as const;

interface MailTemplateValues {
  langs: Record<Locale, Record<(typeof LANG_FIELDS)[number], string>>;
}

/**
 * Per locale (docs/spec-index.md S2.2 Mail templates): title, subject, the plain text (≤ 240) and the HTML in the editor, beside
 * the event's placeholders, which insert at the cursor of the field or editor being written in.
 */
function MailLocaleFields({ locale, rules, record }: LocaleFieldsProps<MailTemplateRecord>) {
  const { t } = useTranslation();
  return (
    <Row gutter={24}>
      <Col xs={24} lg={16}>
        <LocaleTextField locale={locale} name="title" labelKey="mail.fields.title" rules={rules} required />
        <LocaleTextField locale={locale} name="subject" labelKey="mail.fields.subject" rules={rules} required />
        <Form.Item
          name={['langs', locale, 'content_plain']}
          label={t('mail.fields.contentPlain')}
          rules={rules(`langs.${locale}.content_plain`)}
        >
          <Input.TextArea
            data-testid={`field-content_plain-${locale}`}
            autoSize={{ minRows: 3, maxRows: 8 }}
            count={{ show: true, max: LIMITS.mailPlainMax }}
          />
        </Form.Item>
        <Form.Item
          name={['langs', locale, 'content']}
          label={t('mail.fields.content')}
          rules={rules(`langs.${locale}.content`)}
          required
        >
          <RichText testId={`field-content-${locale}`} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={8}>
        {record && <PlaceholderList models={record.models} />}
      </Col>
    </Row>
  );
}

/** A template row's own actions: the preview, and a test mail to oneself for those who may edit. */
function MailRowActions(props: { row: MailTemplateRow; abilities?: Abilities }) {
  return (
    <>
      <MailPreviewAction row={props.row} />
      <MailTestAction {...props} />
    </>
  );
}

/** The event of a template as a badge. */
function EventBadge({ event }: { event: string }) {
  const { t } = useTranslation();
  return (
    <Tag color="blue" data-testid="cell-event" data-event={event}>
      {t(`mail.events.${event}`, { defaultValue: event })}
    </Tag>
  );
}

/** Mail templates (docs/spec-index.md S2.2): edit and preview; no create, no delete, no bulk action (one template per event). */
export const mailResource: ResourceDef<MailTemplateRow, MailTemplateRecord, MailTemplateValues, MailTemplateInput> = {
  api: mailApi,
  routeName: 'mail',
  labels: { title: 'mail.title', create: 'mail.edit', edit: 'mail.edit' },
  defaultSort: MAIL_TEMPLATE_DEFAULT_SORT,
  columns: ({ t, language }) => [
    titleColumn<MailTemplateRow>(t('mail.fields.title')),
    {
      key: 'event',
      dataIndex: 'event',
      title: t('mail.fields.event'),
      sorter: true,
      render: (_: unknown, row: MailTemplateRow) => <EventBadge event={row.event} />,
    },
    updatedAtColumn<MailTemplateRow>(t, language),
  ],
  bulkActions: [],
  RowActions: MailRowActions,
  // Every save keeps a version (docs/features/revisions.md); only the administrator, who saves, restores one.
  history: true,
  form: {
    schema: mailTemplateSchema,
    empty: () => ({ langs: emptyLangs(LANG_FIELDS) }),
    fromRecord: (record) => ({ langs: langsFromRecord(record.langs, LANG_FIELDS) }),
    LocaleFields: MailLocaleFields,
  },
};
