import { STATS_SOURCES } from '@backoffice/shared';
import { StatsSessionsScreen } from './StatsSessionsScreen';

const TABLES = STATS_SOURCES.map((source) => `source/${source}` as const);

/** Source: sessions by referring page, by search keyword and by search engine (docs/spec-index.md S2.2). */
export default function StatsSourceScreen() {
  return <StatsSessionsScreen titleKey="nav.statsSource" testId="stats-source" tables={TABLES} />;
}
