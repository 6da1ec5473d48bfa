import { AD_LIBRARY_RESOURCES } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { defineModule } from '../../lib/server-module.ts';
import { libraryRoutes } from './library.ts';

/**
 * The ad tools' simple lists (issue 31 item 5): title library, copy-writing, material labels,
 * material sources and applications. One set of routes per kind, all from one configuration
 * (`AD_LIBRARY_SPECS` in contracts).
 */
export const adLibraryModule = defineModule({
  name: 'ad-library',
  routes: async (app, context: { db: Db }) => {
    for (const resource of Object.values(AD_LIBRARY_RESOURCES)) libraryRoutes(app, context.db, resource);
  },
});
export { LIBRARY_TABLES } from './library.ts';
export { adLabels, adSources } from './tables.ts';
export { adApps } from './tables.ts';
