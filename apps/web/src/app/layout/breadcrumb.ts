import { flattenPages, type FlatPage } from '@rx/contracts/pages';

/** One step of the breadcrumb: a menu group, the list a hidden page belongs to, or the page itself. */
export interface Crumb {
  path: string;
  /** i18n key in the `menu` namespace. */
  title: string;
  /** A page the user can go back to; groups and the current page are plain text. */
  link: boolean;
}

let catalogueIndex: Map<string, FlatPage> | undefined;

/** Every catalogue node (groups included) by path, built once. */
export function catalogueByPath(): Map<string, FlatPage> {
  catalogueIndex ??= new Map(flattenPages().map((node) => [node.path, node]));
  return catalogueIndex;
}

/**
 * The breadcrumb of a catalogue page: its groups (outermost first), then for a hidden detail page
 * the list page it belongs to (its `activeMenu`), then the page.
 */
export function breadcrumbTrail(page: FlatPage, byPath: Map<string, FlatPage> = catalogueByPath()): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const path of page.parents) {
    const node = byPath.get(path);
    if (node) crumbs.push({ path, title: node.meta.title, link: false });
  }
  const owner = page.meta.activeMenu;
  if (owner && owner !== page.path && !page.parents.includes(owner)) {
    const list = byPath.get(owner);
    if (list) crumbs.push({ path: list.path, title: list.meta.title, link: true });
  }
  crumbs.push({ path: page.path, title: page.meta.title, link: false });
  return crumbs;
}
