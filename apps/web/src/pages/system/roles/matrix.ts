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
  /** A page everyone signed in sees (`ignoreAuth`): its `see` cannot be taken away. */
  everyone?: boolean;
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
      return [
        { key: node.path, title: node.meta.title, see, ...(node.meta.ignoreAuth ? { everyone: true } : {}) },
      ];
    });
  return walk(nodes);
}

/** The permission of a page's cell. */
export function permissionOf(see: string, verb: MatrixVerb): string {
  return verb === 'see' ? see : actionPermission(see, verb);
}

/** The page rows of a row (itself, or every page under a group). */
export function leavesOf(row: MatrixRow): MatrixRow[] {
  return row.children ? row.children.flatMap(leavesOf) : row.see ? [row] : [];
}

/** The `see` permissions of a row's pages. */
export function pagesOf(row: MatrixRow): string[] {
  return leavesOf(row).map((leaf) => leaf.see!);
}

/** Whether the page's cell is held: pages everyone sees always hold `see`. */
function holds(granted: ReadonlySet<string>, leaf: MatrixRow, verb: MatrixVerb): boolean {
  return (verb === 'see' && leaf.everyone === true) || granted.has(permissionOf(leaf.see!, verb));
}

export type CellState = 'all' | 'some' | 'none';

/**
 * Whether every, some or none of the row's pages hold the verb. A page everyone sees holds `see`
 * whatever the role grants, so it counts only when nothing else is under the cell: a new role's
 * `see` column is empty, not part-selected.
 */
export function cellState(
  granted: ReadonlySet<string>,
  rows: readonly MatrixRow[],
  verb: MatrixVerb,
): CellState {
  const leaves = rows.flatMap(leavesOf);
  const chosen = verb === 'see' ? leaves.filter((leaf) => !leaf.everyone) : leaves;
  if (!chosen.length) return leaves.length ? 'all' : 'none';
  const held = chosen.filter((leaf) => holds(granted, leaf, verb)).length;
  return held === 0 ? 'none' : held === chosen.length ? 'all' : 'some';
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
  for (const { see, everyone } of rows.flatMap(leavesOf)) {
    if (!see) continue;
    for (const verb of verbs) {
      // Everyone sees such a page: its `see` is neither granted nor taken away.
      if (everyone && verb === 'see') continue;
      if (on) {
        next.add(permissionOf(see, verb));
        if (!everyone) next.add(see);
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

/** How many pages the permissions grant (pages everyone sees are not counted). */
export function pageCount(permissions: readonly string[], rows: readonly MatrixRow[]): number {
  const granted = new Set(permissions);
  return rows.flatMap(leavesOf).filter((leaf) => !leaf.everyone && granted.has(leaf.see!)).length;
}
