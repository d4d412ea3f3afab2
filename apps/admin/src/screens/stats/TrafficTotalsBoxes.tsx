import type { Locale, TrafficTotals } from '@backoffice/shared';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatCurrency, formatDecimal2, formatDuration, formatPercent, formatRate } from './format';

type TotalKey = keyof TrafficTotals;

/** How each total is shown (docs/spec-index.md S2.9). */
const FORMATS: Record<TotalKey, (value: number, language: Locale) => string> = {
  users: formatCount,
  newUsers: formatCount,
  sessions: formatCount,
  pageviews: formatCount,
  pageviewsPerSession: formatDecimal2,
  bounceRate: formatPercent,
  avgSessionDuration: formatDuration,
  goal1ConversionRate: formatRate,
  goal1Completions: formatCount,
  goal1Value: formatCurrency,
};

/** The four boxes of the dashboard. */
export const DASHBOARD_TOTALS: readonly TotalKey[] = ['users', 'newUsers', 'sessions', 'pageviews'];
/** The ten boxes of the traffic screen. */
export const TRAFFIC_TOTALS = Object.keys(FORMATS) as readonly TotalKey[];

/** A box per total; a skeleton while the totals load. */
export function TrafficTotalsBoxes({ totals, keys }: { totals: TrafficTotals | undefined; keys: readonly TotalKey[] }) {
  const { t, i18n } = useTranslation();
  const language: Locale = i18n.language === 'en' ? 'en' : 'sk';
  return (
    <Row gutter={[16, 16]} className="bo-stats-totals">
      {keys.map((key) => (
        <Col key={key} xs={24} sm={12} lg={keys.length > 4 ? 8 : 6} xl={keys.length > 4 ? { flex: '20%' } : 6}>
          <Card size="small" data-testid={`total-${key}`}>
            {totals ? (
              <Statistic title={t(`stats.totals.${key}`)} value={FORMATS[key](totals[key], language)} />
            ) : (
              <Skeleton active paragraph={false} />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
