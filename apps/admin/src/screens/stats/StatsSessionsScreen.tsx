import { Col, Row } from 'antd';
import type { SessionTable } from '../../api/stats';
import type { I18nKey } from '../../i18n';
import { SessionTableCard } from './SessionTableCard';
import { StatsFrame } from './StatsFrame';

/** A statistics screen made of session tables side by side (source, demography, device). */
export function StatsSessionsScreen({
  titleKey,
  testId,
  tables,
}: {
  titleKey: I18nKey;
  testId: string;
  tables: readonly SessionTable[];
}) {
  return (
    <StatsFrame titleKey={titleKey} testId={testId}>
      <Row gutter={[16, 16]}>
        {tables.map((table) => (
          <Col key={table} xs={24} {...(tables.length > 2 ? { xxl: 8 } : { xl: 12 })}>
            <SessionTableCard table={table} />
          </Col>
        ))}
      </Row>
    </StatsFrame>
  );
}
