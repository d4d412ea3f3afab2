import { STATS_DEMOGRAPHY } from '@backoffice/shared';
import { StatsSessionsScreen } from './StatsSessionsScreen';

const TABLES = STATS_DEMOGRAPHY.map((dimension) => `demography/${dimension}` as const);

/** Demography: sessions by country, city and language (docs/spec-index.md S2.2). */
export default function StatsDemographyScreen() {
  return <StatsSessionsScreen titleKey="nav.statsDemography" testId="stats-demography" tables={TABLES} />;
}
