import { LOG_BOOKKEEPING_FIELDS } from '@rx/contracts/operation-logs';

/** One field of a before/after pair, flattened to a dotted path (`name.en`). */
export interface DiffRow {
  path: string;
  before: string;
  after: string;
  change: 'added' | 'removed' | 'changed' | 'same';
}

const MAX_DEPTH = 2;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as one line of text: objects and lists as JSON, absent as empty. */
export function showValue(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Objects become their fields (down to MAX_DEPTH); lists stay whole, they are compared as a value. */
function flatten(value: unknown, prefix = '', depth = 0, into = new Map<string, unknown>()) {
  if (isPlainObject(value) && depth < MAX_DEPTH && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, depth + 1, into);
    }
  } else if (prefix || value !== undefined) {
    into.set(prefix || '(value)', value);
  }
  return into;
}

/**
 * The fields of a log entry's before and after, in the order they first appear, each marked as
 * added, removed, changed or the same; the version and timestamps left out. A create has no
 * before; a delete no after.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const old = flatten(before ?? undefined);
  const now = flatten(after ?? undefined);
  // The version and the timestamps change with every write: they are no change of the record.
  const paths = [...new Set([...old.keys(), ...now.keys()])].filter(
    (path) => !LOG_BOOKKEEPING_FIELDS.includes(path),
  );
  return paths.map((path) => {
    const a = showValue(old.get(path));
    const b = showValue(now.get(path));
    const change = !old.has(path) ? 'added' : !now.has(path) ? 'removed' : a === b ? 'same' : 'changed';
    return { path, before: a, after: b, change };
  });
}
