import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { TrafficChartProps } from './TrafficChart';

/** The chart loads on its own, so the boxes and tables do not wait for the charting library. */
const TrafficChart = lazy(() => import('./TrafficChart'));

/** The traffic chart, with a placeholder of its height while the library or the data loads. */
export function LazyTrafficChart({ data, height }: Partial<Pick<TrafficChartProps, 'data'>> & { height: number }) {
  const placeholder = (
    <div style={{ height }} className="bo-stats-chart-placeholder">
      <Skeleton active />
    </div>
  );
  return (
    <Suspense fallback={placeholder}>{data ? <TrafficChart data={data} height={height} /> : placeholder}</Suspense>
  );
}
