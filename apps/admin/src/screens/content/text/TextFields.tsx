import { Col, Row } from 'antd';
import { useTextPositions } from '../../../api/texts';
import { LocaleRichTextField, LocaleTextField, OptionsSelectField, StatusField } from '../../../kit/form/fields';
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
  const positions = useTextPositions();
  return (
    <Row gutter={16} align="bottom">
      <Col xs={24} md={16}>
        <OptionsSelectField
          path="positions"
          labelKey="text.fields.positions"
          placeholderKey="text.fields.positionsPlaceholder"
          rules={rules}
          options={positions}
          multiple
          required
        />
      </Col>
      <Col xs={24} md={8}>
        <StatusField labelKey="text.fields.status" />
      </Col>
    </Row>
  );
}

/** The position filter of the text list, options from GET positions. */
export const PositionFilter = optionsFilter('filter-position_id', useTextPositions);
