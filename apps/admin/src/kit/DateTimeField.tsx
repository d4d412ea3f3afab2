import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** Date-picker formats of docs/spec-index.md S1.9 (d.M.yyyy and d.M.yyyy, HH:mm) as dayjs tokens. */
export const DATE_PICKER_FORMAT = { date: 'D.M.YYYY', dateTime: 'D.M.YYYY, HH:mm' } as const;

export interface DateTimeFieldProps {
  /** An ISO date-time or null, as the server sends and takes it. Set by Form.Item. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  disabled?: boolean;
  /** Pick a time too (the default). */
  showTime?: boolean;
  testId?: string;
}

/** An antd DatePicker whose form value is an ISO string (UTC) or null rather than a dayjs object. */
export function DateTimeField({ value, onChange, id, disabled, showTime = true, testId }: DateTimeFieldProps) {
  const parsed = value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      data-testid={testId}
      disabled={disabled}
      showTime={showTime ? { format: 'HH:mm' } : false}
      format={showTime ? DATE_PICKER_FORMAT.dateTime : DATE_PICKER_FORMAT.date}
      value={parsed?.isValid() ? parsed : null}
      onChange={(next: Dayjs | null) => onChange?.(next ? next.second(0).millisecond(0).toISOString() : null)}
      style={{ width: '100%' }}
    />
  );
}
