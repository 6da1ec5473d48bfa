/**
 * The `days` complete days before today on the domestic media's calendar (Beijing time), as the
 * day texts (`YYYY-MM-DD`) of the first and the last (yesterday).
 */
export function lastBeijingDays(days: number): { from: string; to: string } {
  const day = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(Date.now() + offset * 86_400_000));
  return { from: day(-days), to: day(-1) };
}
