import { preloadable } from './preloadable.tsx';

/**
 * The query cache's provider (QueryProvider.tsx) for the pages and the header's bell, jobs and work
 * orders: its own chunk, keeping TanStack Query out of the shell's first download, and preloaded
 * beside the session's requests (app/shell-preload.ts).
 */
export const LazyQueryProvider = preloadable(() => import('./QueryProvider.tsx').then((m) => m.default));
