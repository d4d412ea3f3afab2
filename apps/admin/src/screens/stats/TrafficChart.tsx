import type { Locale, TrafficResponse } from '@backoffice/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatAxis, formatCount } from './format';

const SERIES = [
  { key: 'users', color: '#1677ff' },
  { key: 'newUsers', color: '#52c41a' },
  { key: 'pageviews', color: '#fa8c16' },
] as const;

const TICK_FORMAT: Record<Locale, string> = { sk: 'D.M.', en: 'MMM D' };
const TOOLTIP_FORMAT: Record<Locale, string> = { sk: 'D.M.YYYY', en: 'YYYY-MM-DD' };

/** Legend and tooltip keep the series' own order (Recharts sorts them by name otherwise). */
const seriesOrder = (item: { dataKey?: unknown }) => SERIES.findIndex((series) => series.key === item.dataKey);

type ChartRow = { date: string } & Record<(typeof SERIES)[number]['key'], number>;

/** The three series of the traffic answer as one row per day. */
function chartRows([users, newUsers, pageviews]: TrafficResponse['data']): ChartRow[] {
  const rows = new Map<string, ChartRow>();
  const row = (date: string) => {
    let found = rows.get(date);
    if (!found) {
      found = { date, users: 0, newUsers: 0, pageviews: 0 };
      rows.set(date, found);
    }
    return found;
  };
  for (const point of users) row(point.date).users = point.value;
  for (const point of newUsers) row(point.date).newUsers = point.value;
  for (const point of pageviews) row(point.date).pageviews = point.value;
  return [...rows.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export interface TrafficChartProps {
  data: TrafficResponse['data'];
  height: number;
}

/** The area chart of users, new users and page views per day (docs/spec-index.md S1.2 Dashboard, S2.2 Traffic). */
export default function TrafficChart({ data, height }: TrafficChartProps) {
  const { t, i18n } = useTranslation();
  const language: Locale = i18n.language === 'en' ? 'en' : 'sk';
  const rows = useMemo(() => chartRows(data), [data]);
  return (
    <div data-testid="traffic-chart" style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height={height}>
        <AreaChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={(date: string) => dayjs(date).format(TICK_FORMAT[language])} />
          <YAxis allowDecimals={false} tickFormatter={(value: number) => formatAxis(value, language)} width={56} />
          <Tooltip
            itemSorter={seriesOrder}
            // Text in the series' own colours is too pale on white (WCAG 1.4.3); the legend shows the colours.
            itemStyle={{ color: 'rgba(0, 0, 0, 0.88)' }}
            separator=": "
            labelFormatter={(date) => dayjs(String(date)).format(TOOLTIP_FORMAT[language])}
            formatter={(value) => formatCount(Number(value), language)}
          />
          <Legend itemSorter={seriesOrder} />
          {SERIES.map((series) => (
            <Area
              key={series.key}
              type="monotone"
              dataKey={series.key}
              name={t(`stats.series.${series.key}`)}
              stroke={series.color}
              fill={series.color}
              fillOpacity={0.15}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
