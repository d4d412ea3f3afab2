import { STATS_DEVICES } from '@backoffice/shared';
import { StatsSessionsScreen } from './StatsSessionsScreen';

const TABLES = STATS_DEVICES.map((device) => `device/${device}` as const);

/** Device: sessions by browser and by operating system (docs/spec-index.md S2.2). */
export default function StatsDeviceScreen() {
  return <StatsSessionsScreen titleKey="nav.statsDevice" testId="stats-device" tables={TABLES} />;
}
