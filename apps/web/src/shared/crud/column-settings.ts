import { useCallback, useState } from 'react';
import { STORAGE_PREFIX } from '../storage.ts';

/** How a user set up one list's table: hidden columns, their order, and the row density. */
export interface TableSetup {
  hidden: string[];
  order: string[];
  density: 'small' | 'middle' | 'large';
}

const EMPTY: TableSetup = { hidden: [], order: [], density: 'middle' };

function keyOf(user: string, table: string) {
  return `${STORAGE_PREFIX}table:${user}:${table}`;
}

export function readSetup(user: string, table: string): TableSetup {
  try {
    const raw = localStorage.getItem(keyOf(user, table));
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<TableSetup>) } : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Columns in the user's order (new columns keep their place at the end), without the hidden ones. */
export function arrange<C extends { key?: unknown }>(columns: C[], setup: TableSetup): C[] {
  const rank = (c: C) => {
    const i = setup.order.indexOf(String(c.key));
    return i < 0 ? setup.order.length + columns.indexOf(c) : i;
  };
  return columns.filter((c) => !setup.hidden.includes(String(c.key))).sort((a, b) => rank(a) - rank(b));
}

/** The table's setup, saved per user and per table. */
export function useTableSetup(user: string, table: string) {
  const [setup, setSetup] = useState(() => readSetup(user, table));
  const save = useCallback(
    (next: TableSetup | null) => {
      const value = next ?? EMPTY;
      setSetup(value);
      try {
        if (next) localStorage.setItem(keyOf(user, table), JSON.stringify(next));
        else localStorage.removeItem(keyOf(user, table));
      } catch {
        /* storage unavailable: the setup lasts for this visit */
      }
    },
    [user, table],
  );
  return [setup, save] as const;
}
