import { STATS } from '@backoffice/shared';
import { useTraffic } from '../../api/stats';
import { LazyTrafficChart } from './LazyTrafficChart';
import { StatsFrame } from './StatsFrame';
import { TRAFFIC_TOTALS, TrafficTotalsBoxes } from './TrafficTotalsBoxes';
import { useStatsRange } from './useStatsRange';

/** Traffic: users, new users and page views per day, and the ten totals of the range (docs/spec-index.md S2.2). */
export default function StatsTrafficScreen() {
  const [range] = useStatsRange();
  const traffic = useTraffic(range);
  return (
    <StatsFrame titleKey="nav.statsTraffic" testId="stats-traffic">
      <LazyTrafficChart data={traffic.data} height={STATS.chartHeight.traffic} />
      <TrafficTotalsBoxes totals={traffic.data?.[3]} keys={TRAFFIC_TOTALS} />
    </StatsFrame>
  );
}
