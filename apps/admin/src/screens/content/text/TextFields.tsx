import { Col, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTextPositions } from '../../../api/texts';
import { LocaleRichTextField, LocaleTextField, StatusField } from '../../../kit/form/fields';
import { optionsFilter } from '../../../kit/list/OptionsFilter';
import type { FieldsProps, LocaleFieldsProps } from '../../../kit/resource';

/** Per-locale fields of a text: title and content. */
export function TextLocaleFields({ locale, rules }: LocaleFieldsProps) {
  return (
    <>
      <LocaleTextField locale={locale} name="title" labelKey="text.fields.title" rules={rules} required />
      <LocaleRichTextField locale={locale} name="content" labelKey="text.fields.content" />
    </>
  );
}

/** Fields below the tabs: the required positions and the publish checkbox. */
export function TextMainFields({ rules }: FieldsProps) {
  const { t } = useTranslation();
  const positions = useTextPositions();
  return (
    <Row gutter={16} align="bottom">
      <Col xs={24} md={16}>
        <Form.Item name="positions" label={t('text.fields.positions')} rules={rules('positions')} required>
          <Select
            mode="multiple"
            data-testid="field-positions"
            loading={positions.isLoading}
            optionFilterProp="label"
            placeholder={t('text.fields.positionsPlaceholder')}
            options={positions.data?.map((position) => ({ value: position.id, label: position.title }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <StatusField labelKey="text.fields.status" />
      </Col>
    </Row>
  );
}

/** The position filter of the text list, options from GET positions. */
export const PositionFilter = optionsFilter('filter-position_id', () => {
  const positions = useTextPositions();
  return {
    loading: positions.isLoading,
    options: positions.data?.map((position) => ({ value: position.id, label: position.title })),
  };
});
