import { Col, Row } from 'antd';
import { LocaleRichTextField, LocaleTextField, NumberField, StatusField } from '../../../kit/form/fields';
import type { FieldsProps, LocaleFieldsProps } from '../../../kit/resource';

/** Per-locale fields of a panel: title and content. */
export function PanelLocaleFields({ locale, rules }: LocaleFieldsProps) {
  return (
    <>
      <LocaleTextField locale={locale} name="title" labelKey="panel.fields.title" rules={rules} required />
      <LocaleRichTextField locale={locale} name="content" labelKey="panel.fields.content" />
    </>
  );
}

/** Fields below the tabs: the required priority (at least 1) and the publish checkbox. */
export function PanelMainFields({ rules }: FieldsProps) {
  return (
    <Row gutter={16} align="bottom">
      <Col xs={24} md={8}>
        <NumberField name="priority" labelKey="panel.fields.priority" rules={rules} min={1} />
      </Col>
      <Col xs={24} md={8}>
        <StatusField labelKey="panel.fields.status" />
      </Col>
    </Row>
  );
}
