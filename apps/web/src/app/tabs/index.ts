// The tab bar and the page area with keep-alive; the layout places both.
export { TagsView } from './TagsView.tsx';
export { AppMain } from './AppMain.tsx';
export { forgetTabsAtSignOut, useTabs } from './store.ts';
