import { STATS } from '@backoffice/shared';
import { Card, Col, Empty, Row, Spin, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStatsTotals, useTraffic } from '../../api/stats';
import { translateOr } from '../../i18n';
import { sectionOfModel } from '../../routes/models';
import { routePath } from '../../routes/paths';
import { defaultRange } from '../stats/dateRange';
import { LazyTrafficChart } from '../stats/LazyTrafficChart';
import { DASHBOARD_TOTALS, TrafficTotalsBoxes } from '../stats/TrafficTotalsBoxes';
import { SettingsToFillCard } from './SettingsToFillCard';
import { SwitchedOffWebhooksCard } from './SwitchedOffWebhooksCard';
import { TranslationsCard } from './TranslationsCard';

/**
 * Dashboard (docs/spec-index.md S1.2 Dashboard): the traffic of the last 7 days ending yesterday (chart and four totals), then a
 * count tile per content type whose screen exists, linking to it; then the translation card. Above them, for the
 * administrator, the webhooks the server switched off and the settings a new site still lacks.
 */
export default function DashboardScreen() {
  const { t } = useTranslation();
  // Always the last 7 days, whatever range the statistics screens keep.
  const range = useMemo(() => defaultRange(), []);
  const traffic = useTraffic(range);
  const totals = useStatsTotals(range);
  const tiles = Object.entries(totals.data ?? {}).flatMap(([model, count]) => {
    const route = sectionOfModel(model);
    return route ? [{ model, count, to: routePath(route) }] : [];
  });
  return (
    <div className="bo-dashboard">
      <SwitchedOffWebhooksCard />
      <SettingsToFillCard />
      <Card title={t('dashboard.title')} extra={t('dashboard.traffic')} data-testid="dashboard-traffic">
        <LazyTrafficChart data={traffic.data} height={STATS.chartHeight.dashboard} />
        <TrafficTotalsBoxes totals={traffic.data?.[3]} keys={DASHBOARD_TOTALS} />
      </Card>
      <Card title={t('dashboard.contentCounts')} className="bo-dashboard-counts">
        {totals.isLoading ? (
          <Spin />
        ) : tiles.length === 0 ? (
          <Empty description={t('dashboard.noTiles')} />
        ) : (
          <Row gutter={[16, 16]}>
            {tiles.map((tile) => (
              <Col key={tile.model} xs={24} sm={12} lg={8} xl={6}>
                <Link to={tile.to} data-testid={`tile-${tile.model}`}>
                  <Card hoverable size="small">
                    <Statistic title={translateOr(`dashboard.counts.${tile.model}`, tile.model)} value={tile.count} />
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
      <TranslationsCard />
    </div>
  );
}
