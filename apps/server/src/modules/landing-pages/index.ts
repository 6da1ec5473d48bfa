import { defineModule } from '../../lib/server-module.ts';
import { landingPageRoutes } from './landing.ts';
import { landingPublicRoutes } from './public.ts';

/**
 * Landing pages (issue 30): drafts with language versions, published versions and rollback, and
 * the public page at `/l/<slug>` (sanitised, server-rendered, visits counted).
 */
export const landingPagesModule = defineModule({
  name: 'landing-pages',
  routes: landingPageRoutes,
  mounts: [{ prefix: '', routes: landingPublicRoutes }],
});
export { landingPages, landingPageVersions } from './tables.ts';
