import type { FastifyInstance } from 'fastify';
import { announcementsResource } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { LifecycleContext } from '../../lib/define-lifecycle.ts';
import { resourceRoutes, resourceTableRoutes } from '../../lib/resource-routes.ts';
import { answerPendingWith202 } from '../approvals/index.ts';
import { announcementImpl, announcementService } from './announcements.ts';
import { noticeLifecycle } from './lifecycle.ts';
import { announcementExporter } from './export.ts';

/**
 * `/announcements`: the product's notices (list, get, create, update and delete a draft) and their
 * lifecycle actions: `POST /announcements/:id/publish|recall|end {version, reason}`. Publishing
 * reaches players, so it needs the page's approve permission (and a second person when the CP's
 * policy asks for one).
 */
export async function announcementRoutes(fastify: FastifyInstance, context: LifecycleContext): Promise<void> {
  const { db }: { db: Db } = context;
  answerPendingWith202(fastify);
  resourceRoutes(fastify, db, announcementsResource, announcementService, announcementImpl);
  // The list's export (no import: composed on the page, not from a sheet).
  resourceTableRoutes(fastify, db, announcementsResource, { exporter: announcementExporter });
  noticeLifecycle.routes(fastify, context, { summary: 'Publish (or ask to), recall or end a notice' });
}
