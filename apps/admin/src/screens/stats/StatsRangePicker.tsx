import { BREAKPOINTS, STATS_MAX_RANGE_DAYS } from '@backoffice/shared';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isAfterToday, presetRange, rangeOf, STATS_PRESETS, toDay } from './dateRange';
import { useStatsRange } from './useStatsRange';

const NARROW_QUERY = `(max-width: ${BREAKPOINTS.datePickerSingle - 0.02}px)`;

function subscribeNarrow(listener: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** True below 1050 px, where the range picker gives way to a single date. */
function useNarrow(): boolean {
  return useSyncExternalStore(subscribeNarrow, () => window.matchMedia(NARROW_QUERY).matches);
}

const disabledDate = (day: Dayjs) => isAfterToday(day);
/** Past today, or further from the first day picked than the server answers. */
const disabledInRange = (day: Dayjs, info?: { from?: Dayjs }) =>
  isAfterToday(day) || (info?.from !== undefined && Math.abs(day.diff(info.from, 'day')) >= STATS_MAX_RANGE_DAYS);
const DISPLAY_FORMAT = { sk: 'D.M.YYYY', en: 'YYYY-MM-DD' } as const;

/**
 * The date filter of the statistics screens (docs/spec-index.md S2.4, S2.9): a range with quick ranges, never past today; below
 * 1050 px a single day that applies as soon as it is picked. The choice is shared by all five screens.
 */
export function StatsRangePicker() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useStatsRange();
  const narrow = useNarrow();
  const format = i18n.language === 'en' ? DISPLAY_FORMAT.en : DISPLAY_FORMAT.sk;

  // The test id sits on a wrapper: antd hands data attributes down to each input of a range.
  if (narrow) {
    return (
      <span data-testid="stats-range">
        <DatePicker
          aria-label={t('stats.range.label')}
          allowClear={false}
          format={format}
          value={toDay(range.endDate)}
          disabledDate={disabledDate}
          onChange={(day: Dayjs | null) => day && setRange(rangeOf(day, day))}
        />
      </span>
    );
  }
  return (
    <span data-testid="stats-range">
      <DatePicker.RangePicker
        aria-label={t('stats.range.label')}
        allowClear={false}
        format={format}
        value={[toDay(range.startDate), toDay(range.endDate)]}
        disabledDate={disabledInRange}
        presets={STATS_PRESETS.map((preset) => {
          const value = presetRange(preset);
          return { label: t(`stats.range.${preset}`), value: [toDay(value.startDate), toDay(value.endDate)] };
        })}
        onChange={(days) => {
          const [start, end] = days ?? [];
          if (start && end) setRange(rangeOf(start, end));
        }}
      />
    </span>
  );
}
