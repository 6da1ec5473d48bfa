import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANNOUNCEMENT_ACTIONS, announcementActionBody, announcementsResource, idParam } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { answerPendingWith202 } from '../approvals/index.ts';
import { announcementImpl, announcementService } from './announcements.ts';
import { act, registerAnnouncementLifecycle } from './lifecycle.ts';

/**
 * `/announcements`: the product's notices (list, get, create, update and delete a draft) and their
 * lifecycle actions: `POST /announcements/:id/publish|recall|end {version, reason}`. Publishing
 * reaches players, so it needs the page's approve permission (and a second person when the CP's
 * policy asks for one).
 */
export async function announcementRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = { db, events: fastify.events, jobs: fastify.hasDecorator('jobs') ? fastify.jobs : undefined };
  registerAnnouncementLifecycle(ctx);
  answerPendingWith202(fastify);
  resourceRoutes(fastify, db, announcementsResource, announcementService, announcementImpl);
  app.post(
    '/announcements/:id/:action',
    {
      schema: {
        tags: ['announcements'],
        summary: 'Publish (or ask to), recall or end a notice',
        params: idParam.extend({ action: z.enum(ANNOUNCEMENT_ACTIONS) }),
        body: announcementActionBody,
      },
      config: can(announcementsResource, 'approve'),
    },
    async (request) =>
      ok(await act(ctx, scopeOf(request), request.params.id, request.params.action, request.body)),
  );
}
