/** A positive integer route or query segment, or undefined (absent, `0` or not a number). */
export function idSegment(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= 2147483647 ? id : undefined;
}
