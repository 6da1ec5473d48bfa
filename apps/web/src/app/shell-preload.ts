import { LazyQueryProvider } from '@/shared/lazy-query-provider.ts';
import { MessageHost } from '@/shared/feedback.tsx';
import { ContentWatermark } from './layout/ConsoleLayout.tsx';
import { HeaderActions } from './layout/Header.tsx';
import { Breadcrumbs, MenuView } from './layout/shell-parts.ts';
import { useSettings } from './settings/store.ts';

/**
 * Starts loading the shell's own chunks (the query provider, the toasts' host, the header's actions
 * with their bell and jobs, the menu and the breadcrumb) beside the session's requests, when the console starts for a signed-in
 * user. They then mount without suspending: see shared/preloadable.tsx. A chunk that fails to load
 * is announced by the part that needs it.
 */
export function preloadShell(): void {
  const parts: { preload(): Promise<unknown> }[] = [
    LazyQueryProvider,
    MessageHost,
    HeaderActions,
    MenuView,
    Breadcrumbs,
  ];
  if (useSettings.getState().settings.showWatermark) parts.push(ContentWatermark);
  for (const part of parts) part.preload().catch(() => undefined);
}
