import type { ComponentType } from 'react';

/**
 * The page modules: `pages/<catalogue path without :params>/index.ts`, each `export default` its
 * component. import.meta.glob makes each one its own lazy chunk. The map (with the list of chunks
 * each page preloads) grows with every page built, so it is a small chunk of its own, fetched with
 * the first page, not part of the shell's first download.
 */
export type PageModule = { default?: ComponentType };
export const pageModules = import.meta.glob<PageModule>('../../pages/**/index.ts');
