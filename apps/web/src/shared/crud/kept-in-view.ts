import { useState } from 'react';

interface Identified {
  id: number;
}

const NONE: never[] = [];

/** A resource's item as its routes answer it (an id and a version), not a bare receipt like `{ id }`. */
function isRow<T>(value: unknown): value is T {
  const row = value as { id?: unknown; version?: unknown } | null;
  return (
    typeof row === 'object' && row !== null && typeof row.id === 'number' && typeof row.version === 'number'
  );
}

/**
 * The rows just created in this view that the page does not hold (its order, page or filters put
 * them elsewhere), newest first: shown in a table of their own above the list's. (Not added to the
 * list's rows: antd cuts a page of more rows than its page size down to the page's slice.)
 */
export function keptOffPage<T extends Identified>(kept: readonly T[], rows: readonly T[] | undefined): T[] {
  if (kept.length === 0) return NONE;
  const onPage = new Set((rows ?? []).map((row) => row.id));
  return kept.filter((row) => !onPage.has(row.id));
}

/**
 * Rows created on a list stay in view (issue 27, defect 11): however the list is sorted, paged or
 * filtered, a row just saved shows above it until staff change the view (`view`: the list's game,
 * filters, sort and page) — never a save that seems to vanish. An edited kept row shows its new
 * values; a deleted one goes.
 */
export function useKeptInView<T extends Identified>(view: string) {
  const [kept, setKept] = useState<{ view: string; rows: T[] }>({ view, rows: [] });
  const rows = kept.view === view ? kept.rows : NONE;
  return {
    /** The rows kept in this view. */
    rows,
    /** A save's answer: kept when it is the row itself (the resource's item), not a bare receipt. */
    created: (row: unknown) => {
      if (isRow<T>(row)) setKept({ view, rows: [row, ...rows.filter((r) => r.id !== row.id)] });
    },
    updated: (row: unknown) => {
      if (isRow<T>(row) && rows.some((r) => r.id === row.id))
        setKept({ view, rows: rows.map((r) => (r.id === row.id ? row : r)) });
    },
    /** Deleted (or disabled instead, or changed by a bulk action): the list's own row says what it is now. */
    gone: (ids: readonly number[]) => {
      if (rows.some((r) => ids.includes(r.id)))
        setKept({ view, rows: rows.filter((r) => !ids.includes(r.id)) });
    },
  };
}
