import { Card, Col, Empty, Row, Spin, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStatsTotals } from '../../api/stats';
import { sectionOfModel } from '../../app/models';
import { routePath } from '../../app/routes';
import { translateOr } from '../../i18n';

/** Dashboard: a count tile per content type whose screen exists, linking to it (spec 1 §2 Dashboard). */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const totals = useStatsTotals();
  const tiles = Object.entries(totals.data ?? {}).flatMap(([model, count]) => {
    const route = sectionOfModel(model);
    return route ? [{ model, count, to: routePath(route) }] : [];
  });
  return (
    <Card title={t('dashboard.title')} className="bo-dashboard">
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
  );
}
