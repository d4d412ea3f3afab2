import { Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTextPositions } from '../../../api/texts';
import { RichText } from '../../../kit/RichText';
import type { FieldsProps, FilterInputProps, LocaleFieldsProps } from '../../../kit/resource';

/** Per-locale fields of a text: title and content. */
export function TextLocaleFields({ locale, rules }: LocaleFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={['langs', locale, 'title']}
        label={t('text.fields.title')}
        rules={rules(`langs.${locale}.title`)}
        required
      >
        <Input data-testid={`field-title-${locale}`} maxLength={255} />
      </Form.Item>
      <Form.Item name={['langs', locale, 'content']} label={t('text.fields.content')}>
        <RichText testId={`field-content-${locale}`} />
      </Form.Item>
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
        <Form.Item name="status" valuePropName="checked">
          <Checkbox data-testid="field-status">{t('text.fields.status')}</Checkbox>
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The position filter of the text list, options from GET positions. */
export function PositionFilter({ id, value, onChange }: FilterInputProps) {
  const { t } = useTranslation();
  const positions = useTextPositions();
  return (
    <Select
      id={id}
      data-testid="filter-position_id"
      allowClear
      style={{ minWidth: 200 }}
      placeholder={t('list.any')}
      loading={positions.isLoading}
      value={value}
      onChange={(next?: string) => onChange(next)}
      options={positions.data?.map((position) => ({ value: String(position.id), label: position.title }))}
    />
  );
}
