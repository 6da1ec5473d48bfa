import type { CSSProperties } from 'react';
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY_FORMAT } from './SearchForm.tsx';

/**
 * antd's pickers for the form fields that keep their value as the API's text (a form item's
 * child: `value`, `onChange`, and the `id` its label points at), so every date input of the
 * console is the one picker the list filters and TimeField show. Emptied, a field reads '' as the
 * browser's own inputs did, and the form's schema says what is missing.
 */
interface TextPickerProps<V> {
  value?: string | null;
  onChange?: (value: V) => void;
  id?: string;
  'aria-label'?: string;
  style?: CSSProperties;
  disabled?: boolean;
}

/** Parsed as the text says, or nothing when it is not a time (a half-typed value). */
const parsed = (value: string | null | undefined, read: (text: string) => Dayjs = dayjs) => {
  const at = value ? read(value) : null;
  return at?.isValid() ? at : null;
};

/** A day, `YYYY-MM-DD`. */
export function DayInput({ value, onChange, ...props }: TextPickerProps<string>) {
  return (
    <DatePicker
      {...props}
      format={DAY_FORMAT}
      value={parsed(value)}
      onChange={(day: Dayjs | null) => onChange?.(day ? day.format(DAY_FORMAT) : '')}
    />
  );
}

/** The date-and-time format the pickers show (minutes: no form takes seconds). */
export const MOMENT_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * A moment, shown in the browser's zone: kept as an ISO time in UTC (`toISOString`), or with
 * `local` as a wall-clock time without a zone (`YYYY-MM-DDTHH:mm`, emptied: null).
 */
export function MomentInput({
  value,
  onChange,
  local,
  ...props
}: TextPickerProps<string | null> & { local?: boolean }) {
  return (
    <DatePicker
      {...props}
      showTime={{ format: 'HH:mm' }}
      format={MOMENT_FORMAT}
      value={parsed(value)}
      onChange={(at: Dayjs | null) => {
        if (local) onChange?.(at ? at.format('YYYY-MM-DDTHH:mm') : null);
        else onChange?.(at ? at.toISOString() : '');
      }}
    />
  );
}

/** A time of day, `HH:mm`. */
export function ClockInput({ value, onChange, ...props }: TextPickerProps<string>) {
  const read = (text: string) => {
    const [hour, minute] = text.split(':').map(Number);
    return dayjs()
      .startOf('day')
      .hour(hour ?? NaN)
      .minute(minute ?? NaN);
  };
  return (
    <TimePicker
      {...props}
      format="HH:mm"
      needConfirm={false}
      value={parsed(value, read)}
      onChange={(at: Dayjs | null) => onChange?.(at ? at.format('HH:mm') : '')}
    />
  );
}
