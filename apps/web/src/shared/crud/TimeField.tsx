import type { CSSProperties, ReactNode } from 'react';
import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** The form keeps times as the ISO strings the API takes; the picker works on dayjs. */
export const asTime = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format() : null),
};
/** The same, written in UTC (`toISOString`). */
const asUtcTime = { ...asTime, normalize: (value: Dayjs | null) => (value ? value.toISOString() : null) };

interface TimeFieldProps {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
  required?: boolean;
  /** The field's place in a row of fields (e.g. `flex: '1 1 200px'`); the picker then fills it. */
  style?: CSSProperties;
  /** The time is sent in UTC (`Z`) rather than with the browser's offset. */
  utc?: boolean;
  /** The picker's own accessible name. */
  pickerLabel?: string;
  disabled?: boolean;
  /** What an empty picker says (e.g. 'open-ended'). */
  placeholder?: string;
}

/** A date and time field of a form (start, end, send at), empty as null. */
export function TimeField({
  name,
  label,
  extra,
  required,
  style,
  utc,
  pickerLabel,
  disabled,
  placeholder,
}: TimeFieldProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      required={required}
      style={style}
      {...(utc ? asUtcTime : asTime)}
    >
      <DatePicker
        showTime
        disabled={disabled}
        placeholder={placeholder}
        style={style && { width: '100%' }}
        aria-label={pickerLabel}
      />
    </Form.Item>
  );
}
