import { DatePicker } from 'antd';
import dayjs from 'dayjs';

interface DateTimeInputProps {
  /** An ISO 8601 time with its offset, as the API takes it; null: not set. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  placeholder?: string;
  id?: string;
  disabled?: boolean;
}

/**
 * A date and time picker whose value is the API's ISO string with the local offset
 * (`2025-01-01T08:00:00+08:00`), so the form's values go to the zod schema as they are.
 */
export function DateTimeInput({ value, onChange, placeholder, id, disabled }: DateTimeInputProps) {
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      placeholder={placeholder}
      disabled={disabled}
      value={value ? dayjs(value) : null}
      onChange={(next) => onChange?.(next ? next.second(0).millisecond(0).format() : null)}
      style={{ width: '100%' }}
    />
  );
}
