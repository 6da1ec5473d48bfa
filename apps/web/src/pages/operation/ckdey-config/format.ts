import dayjs from 'dayjs';

/** A time as the console shows it (local, to the minute). */
export function formatTime(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD HH:mm');
}
