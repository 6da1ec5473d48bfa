import {
  ACTION_VERBS,
  ADMIN_ROLE,
  PAGE_CATALOGUE,
  actionPermission,
  type MenuNode,
  type Region,
} from '@rx/contracts/pages';

/** The columns of the permission matrix: seeing the page, then its actions. */
export const MATRIX_VERBS = ['see', ...ACTION_VERBS] as const;
export type MatrixVerb = (typeof MATRIX_VERBS)[number];

/** A row: a catalogue group (with children) or a page (with its `see` permission). */
export interface MatrixRow {
  key: string;
  /** i18n key in the `menu` namespace. */
  title: string;
  see?: string;
  children?: MatrixRow[];
}

/**
 * The catalogue as matrix rows, in menu order: groups and pages of the publish area plus those
 * without a region. Admin-only pages have no permission to grant; hidden pages sharing their
 * list's permission (details) are covered by the list's row.
 */
export function matrixRows(region: Region | undefined, nodes: MenuNode[] = PAGE_CATALOGUE): MatrixRow[] {
  const seen = new Set<string>();
  const walk = (list: MenuNode[]): MatrixRow[] =>
    list.flatMap((node): MatrixRow[] => {
      if (region && node.meta.rxRegion && node.meta.rxRegion !== region) return [];
      if (node.children) {
        const children = walk(node.children);
        return children.length ? [{ key: node.path, title: node.meta.title, children }] : [];
      }
      const see = node.meta.roles?.[0];
      if (!see || see === ADMIN_ROLE || seen.has(see)) return [];
      seen.add(see);
      return [{ key: node.path, title: node.meta.title, see }];
    });
  return walk(nodes);
}

/** The permission of a page's cell. */
export function permissionOf(see: string, verb: MatrixVerb): string {
  return verb === 'see' ? see : actionPermission(see, verb);
}

/** The `see` permissions of a row's pages (itself, or every page under a group). */
export function pagesOf(row: MatrixRow): string[] {
  return row.children ? row.children.flatMap(pagesOf) : row.see ? [row.see] : [];
}

export type CellState = 'all' | 'some' | 'none';

/** Whether every, some or none of the row's pages hold the verb. */
export function cellState(
  granted: ReadonlySet<string>,
  rows: readonly MatrixRow[],
  verb: MatrixVerb,
): CellState {
  const perms = rows.flatMap(pagesOf).map((see) => permissionOf(see, verb));
  const held = perms.filter((p) => granted.has(p)).length;
  return held === 0 ? 'none' : held === perms.length ? 'all' : 'some';
}

/**
 * Turns a cell (of a page, a group, or a whole column) on or off. An action needs the page, so
 * turning one on adds `see`; turning `see` off removes the page's actions. Permissions outside
 * the rows are kept.
 */
export function toggle(
  value: readonly string[],
  rows: readonly MatrixRow[],
  verbs: readonly MatrixVerb[],
  on: boolean,
): string[] {
  const next = new Set(value);
  for (const see of rows.flatMap(pagesOf)) {
    for (const verb of verbs) {
      if (on) {
        next.add(permissionOf(see, verb));
        next.add(see);
      } else if (verb === 'see') {
        for (const v of MATRIX_VERBS) next.delete(permissionOf(see, v));
      } else next.delete(permissionOf(see, verb));
    }
  }
  return [...next].sort();
}

/** The rows whose title matches, with the groups leading to them. */
export function filterRows(rows: readonly MatrixRow[], matches: (row: MatrixRow) => boolean): MatrixRow[] {
  return rows.flatMap((row) => {
    if (matches(row)) return [row];
    if (!row.children) return [];
    const children = filterRows(row.children, matches);
    return children.length ? [{ ...row, children }] : [];
  });
}

/** How many pages the permissions let one see. */
export function pageCount(permissions: readonly string[], rows: readonly MatrixRow[]): number {
  const granted = new Set(permissions);
  return rows.flatMap(pagesOf).filter((see) => granted.has(see)).length;
}
