import type { ContentStatsRow, Locale } from '@backoffice/shared';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatsTable } from '../../api/stats';
import { SearchBox } from '../../kit/list/ListToolbar';
import { useListParams } from '../../kit/list/useListParams';
import { formatCount, formatDuration, formatRate } from './format';
import { StatsFrame } from './StatsFrame';
import { StatsTable } from './StatsTable';
import { useStatsRange } from './useStatsRange';

const DEFAULT_SORT = { sort: 'pageviews', order: 'desc' } as const;
const NO_FILTERS: readonly string[] = [];

function contentColumns(t: TFunction, language: Locale): ColumnsType<ContentStatsRow> {
  const count = (key: 'pageviews' | 'entrances' | 'exits') => ({
    key,
    dataIndex: key,
    title: t(`stats.columns.${key}`),
    sorter: true,
    align: 'right' as const,
    render: (value: number) => formatCount(value, language),
  });
  const rate = (key: 'pageviewsRate' | 'entrancesRate' | 'exitsRate') => ({
    key,
    dataIndex: key,
    title: t(`stats.columns.${key}`),
    sorter: true,
    align: 'right' as const,
    render: (value: number) => formatRate(value, language),
  });
  return [
    {
      key: 'path',
      dataIndex: 'path',
      title: t('stats.columns.path'),
      sorter: true,
      render: (path: string) => (
        <span className="bo-stats-path" data-testid="cell-path">
          {path}
        </span>
      ),
    },
    count('pageviews'),
    rate('pageviewsRate'),
    count('entrances'),
    rate('entrancesRate'),
    count('exits'),
    rate('exitsRate'),
    {
      key: 'timeOnPage',
      dataIndex: 'timeOnPage',
      title: t('stats.columns.timeOnPage'),
      sorter: true,
      align: 'right',
      render: (seconds: number) => formatDuration(seconds),
    },
  ];
}

/** Content: page views, entrances, bounces and time per path, searchable and paged (docs/spec-index.md S2.2). */
export default function StatsContentScreen() {
  const { t, i18n } = useTranslation();
  const language: Locale = i18n.language === 'en' ? 'en' : 'sk';
  const [range] = useStatsRange();
  const { state, update, query } = useListParams(DEFAULT_SORT, NO_FILTERS);
  const list = useStatsTable<ContentStatsRow>('content', range, query);
  const columns = useMemo(() => contentColumns(t, language), [t, language]);
  return (
    <StatsFrame titleKey="nav.statsContent" testId="stats-content">
      <div className="bo-list-toolbar">
        <SearchBox value={state.search} onChange={(search) => update({ search }, { replace: true })} />
      </div>
      <StatsTable<ContentStatsRow>
        testId="stats-table-content"
        rowKey="path"
        columns={columns}
        state={state}
        update={update}
        page={list.isError ? undefined : list.data}
        loading={list.isFetching}
      />
    </StatsFrame>
  );
}
