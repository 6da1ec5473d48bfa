import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appReleasesResource,
  idParam,
  releaseMoveBody,
  releasePublishBody,
  releasePublishesQuery,
  releaseRollbackBody,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { listRoute, resourceRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { answerPendingWith202 } from '../approvals/index.ts';
import type { FileStorage } from '../files/index.ts';
import { askRollback, haltOrResume, listPublishes, publish, registerReleaseApprovals } from './publish.ts';
import { packageRoutes } from './packages.ts';
import { releaseImpl, releaseService } from './releases.ts';
import { versionFieldRoutes } from './version-fields.ts';
import { versionLogRoutes } from './version-logs.ts';
import { bugRoutes } from './bugs.ts';
import { testingRoutes } from './testing.ts';

/**
 * `/app-releases`: the versions of the product's app (list, get, create, update, delete a version
 * never published) and their publishing: `POST /app-releases/:id/publish {version, percent, note}`,
 * `/halt` and `/resume {version, note}`, `/rollback {number, note}` (202 with `{ approval }` while a
 * second person must agree), and `GET /app-releases/publishes?platform=&channel=`. Publishing
 * reaches players, so those need the page's approve permission.
 */
export async function releaseRoutes(
  fastify: FastifyInstance,
  options: { db: Db; storage: FileStorage },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = [appReleasesResource.name];
  const scope = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;
  answerPendingWith202(app);
  registerReleaseApprovals();
  // The publishes' list is registered before the resource's `/:id` routes read it as an id.
  listRoute(app, {
    name: 'app-release-publishes',
    path: '/app-releases/publishes',
    tags,
    summary: 'The publishes of a platform and channel, newest first (the newest is live)',
    query: releasePublishesQuery,
    filters: ['platform', 'channel'],
    sorts: ['number'],
    config: can(appReleasesResource, 'read'),
    list: (request, query) => listPublishes(db, scope(request), query),
  });
  resourceRoutes(app, db, appReleasesResource, releaseService, releaseImpl);
  // Installation packages (`/app-packages`): an uploaded file per platform, channel and build.
  packageRoutes(app, db, options.storage);
  // Version fields (`/version-fields`): typed settings each version carries to the game.
  versionFieldRoutes(app, db);
  // The release log (`/version-logs`): who released what, when.
  versionLogRoutes(app, db);
  // Test management (`/test-plans` with cases and runs, `/test-accounts`) and bugs (`/bugs`).
  testingRoutes(app, db);
  bugRoutes(app, db);
  app.post(
    '/app-releases/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publish the version as it is now to a percentage of devices (which only rises)',
        params: idParam,
        body: releasePublishBody,
      },
      config: can(appReleasesResource, 'approve'),
    },
    async (request) => ok(await publish(db, scope(request), request.params.id, request.body)),
  );
  for (const action of ['halt', 'resume'] as const) {
    app.post(
      `/app-releases/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            action === 'halt'
              ? "Stop the live version's rollout (whitelisted players keep it)"
              : "Restart the live version's rollout: the same devices are in again",
          params: idParam,
          body: releaseMoveBody,
        },
        config: can(appReleasesResource, 'approve'),
      },
      async (request) => ok(await haltOrResume(db, scope(request), request.params.id, action, request.body)),
    );
  }
  app.post(
    '/app-releases/:id/rollback',
    {
      schema: {
        tags,
        summary:
          "Make an earlier publish of the version's platform and channel live again; 202 with `{ approval }` while a second person must agree",
        params: idParam,
        body: releaseRollbackBody,
      },
      config: can(appReleasesResource, 'approve'),
    },
    async (request) => ok(await askRollback(db, app.events, scope(request), request.params.id, request.body)),
  );
}
