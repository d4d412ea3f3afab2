import type { Locale, StatsDemography, StatsDevice, StatsSource } from '@backoffice/shared';
import { Card } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type SessionDimension, type SessionTable, useStatsTable } from '../../api/stats';
import { useLocalListParams } from '../../kit/list/useListParams';
import { formatCount, formatDimension, formatRate } from './format';
import { StatsTable } from './StatsTable';
import { useStatsRange } from './useStatsRange';

const DEFAULT_SORT = { sort: 'sessions', order: 'desc' } as const;
const PER_PAGE = 10;

type Row = { [key: string]: string | number | undefined } & { sessions: number; sessionsRate: number; code?: string };

/** The name of the dimension of a table in its rows: the source tables call theirs `path`. */
export function dimensionOf<T extends SessionTable>(table: T): SessionDimension<T> {
  const dimension = table.startsWith('source/') ? 'path' : table.slice(table.indexOf('/') + 1);
  return dimension as SessionDimension<T>;
}

/**
 * One session table (source, demography, device): the dimension, sessions and their share, sessions descending
 * by default, each table paged on its own. A failed load is ignored and shows the empty text (docs/spec-index.md S2.8).
 */
export function SessionTableCard({ table }: { table: SessionTable }) {
  const { t, i18n } = useTranslation();
  const language: Locale = i18n.language === 'en' ? 'en' : 'sk';
  const [range] = useStatsRange();
  const { state, update, query } = useLocalListParams(DEFAULT_SORT, PER_PAGE);
  const list = useStatsTable<Row>(table, range, query);
  const dimension = dimensionOf(table);
  const name = table.slice(table.indexOf('/') + 1) as StatsSource | StatsDemography | StatsDevice;
  const columns = useMemo<ColumnsType<Row>>(
    () => [
      {
        key: dimension,
        dataIndex: dimension,
        title: t(`stats.columns.${name}`),
        sorter: true,
        render: (_: string, row: Row) => (
          <span className="bo-stats-path">{formatDimension(dimension, row, language, t('stats.notSet'))}</span>
        ),
      },
      {
        key: 'sessions',
        dataIndex: 'sessions',
        title: t('stats.columns.sessions'),
        sorter: true,
        align: 'right',
        render: (value: number) => formatCount(value, language),
      },
      {
        key: 'sessionsRate',
        dataIndex: 'sessionsRate',
        title: t('stats.columns.sessionsRate'),
        sorter: true,
        align: 'right',
        render: (value: number) => formatRate(value, language),
      },
    ],
    [t, language, dimension, name],
  );
  return (
    <Card size="small" title={t(`stats.tables.${name}`)} data-testid={`stats-card-${name}`}>
      <StatsTable<Row>
        testId={`stats-table-${name}`}
        rowKey={dimension}
        columns={columns}
        state={state}
        update={update}
        page={list.isError ? undefined : list.data}
        loading={list.isFetching}
        compact
      />
    </Card>
  );
}
