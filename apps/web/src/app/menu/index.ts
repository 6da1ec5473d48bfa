// Placeholder until the menu is built: the layout imports these names from here.
import type { ReactNode } from 'react';

export interface MenuViewProps {
  mode: 'inline' | 'horizontal';
  /** `all`: the whole tree; `top`: first-level entries only; `active-children`: the children of the active first-level entry. */
  levels?: 'all' | 'top' | 'active-children';
  collapsed?: boolean;
  /** Called after an item navigates (the mobile drawer closes). */
  onNavigate?: () => void;
}

export function MenuView(_props: MenuViewProps): ReactNode {
  return null;
}

export function MenuSearch(): ReactNode {
  return null;
}
