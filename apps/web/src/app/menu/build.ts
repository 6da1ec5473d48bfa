import { externalEntryOf, type ExternalUrls } from '@rx/contracts/external-entries';
import type { FlatPage, MenuNode, Region, RouteMeta } from '@rx/contracts/pages';
import { holdsAny, type Grants } from '../permission/rules.ts';

/** Who is looking: their grants, their CP's publish area and the addresses of its external entries. */
export interface Access extends Grants {
  region: Region | undefined;
  externalUrls?: ExternalUrls;
}

/** The landing page after signing in: every signed-in user has one (it is empty for some). */
export const HOME_PATH = '/homepage/index';

/** One entry of the menu. `key` is the catalogue path (of the page, or of the group). */
export interface MenuEntry {
  key: string;
  /** i18n key in `menu`. */
  title: string;
  /** i18n key in `menu` of the tip shown on the item. */
  tip?: string;
  /** Set when the entry opens in a new window: the address to open. */
  newWindow?: string;
  children?: MenuEntry[];
}

/** A route exists for the user when it is in their publish area and they hold one of its roles. */
export function isPermitted(node: Pick<MenuNode, 'path' | 'meta'>, access: Access): boolean {
  const { rxRegion, roles, ignoreAuth } = node.meta;
  if (rxRegion && rxRegion !== access.region) return false;
  if (ignoreAuth || !roles?.length || node.path === HOME_PATH) return true;
  return holdsAny(access, roles);
}

/** Siblings in `sortBy` order; entries without one count as 0 and keep their catalogue order. */
export function sortSiblings<T extends { meta: RouteMeta }>(nodes: readonly T[]): T[] {
  return nodes
    .map((node, index) => ({ node, index }))
    .sort((a, b) => (a.node.meta.sortBy ?? 0) - (b.node.meta.sortBy ?? 0) || a.index - b.index)
    .map(({ node }) => node);
}

/**
 * Where an external page leads: for the entries the server configures (`EXTERNAL_ENTRIES`), the
 * configured address, or undefined when none is set (the console's own page then says so).
 */
export function externalAddress(node: Pick<MenuNode, 'path' | 'external'>, urls: ExternalUrls | undefined) {
  const key = externalEntryOf(node.path);
  return key ? (urls?.[key] ?? undefined) : node.external;
}

/**
 * External entries the console also serves itself (its own page module): with no address
 * configured they open the console's page instead of saying it is not set up.
 */
export const SERVED_BY_CONSOLE: ReadonlySet<string> = new Set(['/service/workbench']);

/** The address an `isBlank` page opens: its external address, or its console path. */
export function newWindowAddress(
  node: Pick<MenuNode, 'path' | 'external' | 'meta'>,
  basename: string,
  urls?: ExternalUrls,
) {
  if (node.external) {
    const address = externalAddress(node, urls);
    if (address === undefined && SERVED_BY_CONSOLE.has(node.path)) return basename + node.path;
    return address;
  }
  return node.meta.isBlank ? basename + node.path : undefined;
}

/** The catalogue pages (hidden ones included) the user may open: the routes to add for them. */
export function permittedPages(
  nodes: readonly MenuNode[],
  access: Access,
  parents: string[] = [],
): FlatPage[] {
  return nodes.flatMap(({ children, ...node }) => {
    if (!isPermitted(node, access)) return [];
    if (children) return permittedPages(children, access, [...parents, node.path]);
    return [{ ...node, parents }];
  });
}

/**
 * The menu the user sees (spec §2, §5): permitted, in-region, not hidden; groups without a visible
 * child disappear, and a group with one visible child shows that child unless it is `alwaysShow`.
 */
export function buildMenu(nodes: readonly MenuNode[], access: Access, basename = '/main'): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const node of sortSiblings(nodes)) {
    if (node.meta.hidden || !isPermitted(node, access)) continue;
    const { title, tip } = node.meta;
    const base: MenuEntry = { key: node.path, title, ...(tip ? { tip } : {}) };
    if (!node.children) {
      const newWindow = newWindowAddress(node, basename, access.externalUrls);
      entries.push(newWindow ? { ...base, newWindow } : base);
      continue;
    }
    const children = buildMenu(node.children, access, basename);
    if (children.length === 0) continue;
    if (children.length === 1 && !node.meta.alwaysShow) entries.push(children[0]!);
    else entries.push({ ...base, children });
  }
  return entries;
}

/** The menu item a page keeps selected: its `activeMenu` (hidden detail pages) or itself. */
export function menuKeyOf(page: Pick<FlatPage, 'path' | 'meta'>): string {
  return page.meta.activeMenu ?? page.path;
}

/** The keys from the top-level entry down to `key`, or [] when it is not in the menu. */
export function trailTo(entries: readonly MenuEntry[], key: string): string[] {
  for (const entry of entries) {
    if (entry.key === key) return [entry.key];
    const below = entry.children ? trailTo(entry.children, key) : [];
    if (below.length) return [entry.key, ...below];
  }
  return [];
}

/** The first page under an entry (a group opens it when only its title is shown). */
export function firstLeaf(entry: MenuEntry): MenuEntry {
  return entry.children?.[0] ? firstLeaf(entry.children[0]) : entry;
}

/** Every page entry, depth-first, with the titles of the groups above it. */
export function leavesOf(
  entries: readonly MenuEntry[],
  trail: string[] = [],
): (MenuEntry & { trail: string[] })[] {
  return entries.flatMap((entry) =>
    entry.children ? leavesOf(entry.children, [...trail, entry.title]) : [{ ...entry, trail }],
  );
}
