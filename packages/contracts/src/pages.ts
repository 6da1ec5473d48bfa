/**
 * The page catalogue: every page of the console (spec §2) with its route metadata, its `see`
 * permission and its region. The sidebar, breadcrumb, tabs, menu search, the server's permission
 * seed and the role editor all read this one list.
 */
export type Region = 'gn' | 'hw';

export interface RouteMeta {
  /** i18n key in the `menu` namespace. */
  title: string;
  /** Any one of these permissions shows the page; none means everyone signed in sees it. */
  roles?: string[];
  hidden?: boolean;
  /** For hidden pages: the menu path kept active while they are open. */
  activeMenu?: string;
  sortBy?: number;
  alwaysShow?: boolean;
  rxRegion?: Region;
  /** Opens in a new window. */
  isBlank?: boolean;
  keepAlive?: boolean;
  /** i18n key in the `menu` namespace of a tip shown on the menu item. */
  tip?: string;
  ignoreAuth?: boolean;
}

export interface MenuNode {
  /** Absolute path inside the console (without the `/main` base). */
  path: string;
  meta: RouteMeta;
  /** `built` pages have their business content; `planned` ones open a "not built yet" notice. */
  status?: 'built' | 'planned';
  /** For external pages: the address opened instead of a console route. */
  external?: string;
  children?: MenuNode[];
}

export const PAGE_CATALOGUE: MenuNode[] = [];
