// Placeholder until the tabs are built: the layout imports these names from here.
import { createElement, type ReactNode } from 'react';
import { Outlet } from 'react-router';

export function TagsView(): ReactNode {
  return null;
}

/** The page area: the routed page (with keep-alive once tabs are built). */
export function AppMain(): ReactNode {
  return createElement(Outlet);
}
