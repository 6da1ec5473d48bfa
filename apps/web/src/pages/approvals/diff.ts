/** One line of a request's before/after: a field (or a code's field) and its two values. */
export interface ChangeRow {
  path: string;
  before: string;
  after: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Flattens two levels (`1001.texts`), lists and deeper objects as JSON. */
function flatten(value: unknown, prefix = '', depth = 0, into = new Map<string, unknown>()) {
  if (isObject(value) && depth < 2) {
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix ? `${prefix}.${key}` : key, depth + 1, into);
  } else if (prefix) {
    into.set(prefix, value);
  }
  return into;
}

/** The lines that differ between before and after, in order of first appearance. */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  const old = flatten(before);
  const now = flatten(after);
  return [...new Set([...old.keys(), ...now.keys()])]
    .map((path) => ({ path, before: show(old.get(path)), after: show(now.get(path)) }))
    .filter((row) => row.before !== row.after);
}
