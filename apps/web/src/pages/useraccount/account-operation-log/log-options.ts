/** Options of a filter: the known values plus the one in the address when it is not among them. */
export function withCurrent(known: readonly string[], current: string | undefined): string[] {
  return current && !known.includes(current) ? [...known, current] : [...known];
}
