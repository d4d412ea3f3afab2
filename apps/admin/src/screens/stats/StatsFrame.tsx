import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18nKey } from '../../i18n';
import { StatsRangePicker } from './StatsRangePicker';

/** The card of a statistics screen: its title and the shared date filter. */
export function StatsFrame({ titleKey, testId, children }: { titleKey: I18nKey; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card title={t(titleKey)} extra={<StatsRangePicker />} className="bo-stats" data-testid={testId}>
      {children}
    </Card>
  );
}
