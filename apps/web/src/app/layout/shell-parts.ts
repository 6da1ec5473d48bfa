import { preloadable } from '@/shared/preloadable.tsx';

// The shell's menu and breadcrumb: antd's Menu, Breadcrumb and their popups (rc-menu, rc-trigger,
// the dropdown) stay out of the shell's first download. They load beside the session's requests
// (app/shell-preload.ts), so they mount without suspending once the session is known.
export const MenuView = preloadable(() => import('../menu/MenuView.tsx').then((m) => m.MenuView));
export const Breadcrumbs = preloadable(() => import('./Breadcrumbs.tsx').then((m) => m.Breadcrumbs));
