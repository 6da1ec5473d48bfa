import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  USER_GROUP_MEMBER_SORTS,
  safeText,
  userGroupLayersBody,
  userGroupMembersExportQuery,
  userGroupMembersQuery,
  userGroupPreviewBody,
  userGroupsResource,
  type Rule,
  type UserGroup,
} from '@rx/contracts';
import type { Scope } from '../../lib/access.ts';
import type { Db } from '../../db/index.ts';
import { sendExport } from '../../lib/export.ts';
import { logChange } from '../../lib/operation-log.ts';
import { ok } from '../../lib/request.ts';
import { listRoute, resourceRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { checkRuleTags, ruleFields } from '../profile-tags/index.ts';
import { startMaterialize } from './jobs.ts';
import {
  groupByKey,
  groupImpl,
  groupInScope,
  groupService,
  layerCounts,
  listMembers,
  memberBatch,
  previewCount,
  setLayers,
  toGroup,
} from './service.ts';

const resource = userGroupsResource;
const path = `/${resource.name}`;
const MEMBER_HEADERS = [
  'openid',
  'nickname',
  'channel',
  'region',
  'last_login_at',
  'paid_total',
  'layer',
] as const;

/**
 * `/user-groups`: the groups (the resource toolkit's CRUD), the size of a rule before saving, a
 * materialisation on demand (a job), the members (paged, exported) and the layers.
 */
export async function userGroupRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  // A saved group starts computing its members at once (the answer reads computing, with the job).
  const computeNow = async (scope: Scope, item: UserGroup): Promise<UserGroup> => {
    const row = await groupInScope(db, scope, item.id);
    await startMaterialize(
      fastify.jobs,
      db,
      row,
      { userId: scope.userId, username: scope.username },
      scope.lang,
    );
    return toGroup(await groupInScope(db, scope, item.id));
  };
  const service: typeof groupService = {
    ...groupService,
    create: async (tx, scope, input) => computeNow(scope, await groupService.create(tx, scope, input)),
    update: async (tx, scope, id, input) => {
      const item = await groupService.update(tx, scope, id, input);
      const changesMembers = input.rule !== undefined || input.file_id !== undefined;
      return changesMembers ? computeNow(scope, item) : item;
    },
  };
  resourceRoutes(fastify, db, resource, service, groupImpl);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.name];

  app.get(
    `${path}/fields`,
    {
      schema: { tags, summary: 'What a rule may test: fields, operators and the product tags' },
      config: can(resource, 'read'),
    },
    async (request) => ok(await ruleFields(db, scopeOf(request))),
  );
  app.post(
    `${path}/preview`,
    {
      schema: { tags, summary: 'How many players an unsaved rule matches now', body: userGroupPreviewBody },
      config: can(resource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const rule = request.body.rule as Rule;
      await checkRuleTags(db, scope, rule);
      return ok({ count: await previewCount(db, scope.productId!, rule) });
    },
  );
  app.get(
    `${path}/by-key/:key`,
    {
      schema: {
        tags,
        summary: 'A group by its name or uuid',
        params: z.object({ key: safeText().min(1).max(64) }),
      },
      config: can(resource, 'read'),
    },
    async (request) => ok(await groupByKey(db, scopeOf(request), request.params.key)),
  );
  app.get(
    `${path}/:id/preview`,
    {
      schema: {
        tags,
        summary: 'How many players the saved rule matches now (a list group: its members)',
        params: idParam,
      },
      config: can(resource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const group = await groupInScope(db, scope, request.params.id);
      if (group.kind !== 'rule' || !group.rule) return ok({ count: group.memberCount });
      return ok({ count: await previewCount(db, group.productId, group.rule) });
    },
  );
  app.post(
    `${path}/:id/refresh`,
    {
      schema: { tags, summary: 'Materialise the members now (a job)', params: idParam },
      config: can(resource, 'update'),
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const group = await groupInScope(db, scope, request.params.id);
      const jobId = await startMaterialize(
        fastify.jobs,
        db,
        group,
        { userId: scope.userId, username: scope.username },
        scope.lang,
      );
      await logChange(db, scope, {
        action: 'update',
        targetType: 'user_group',
        targetId: group.id,
        targetName: group.label,
        after: { refresh: true, job_id: jobId },
      });
      return reply.code(202).send(ok({ job_id: jobId }));
    },
  );
  listRoute(app, {
    name: 'user-group-members',
    path: `${path}/:id/members`,
    tags,
    summary: 'The materialised members, paged',
    query: userGroupMembersQuery,
    params: idParam,
    filters: ['q', 'layer'],
    sorts: USER_GROUP_MEMBER_SORTS,
    config: can(resource, 'read'),
    list: (request, query, { id }) => listMembers(db, scopeOf(request), id, query),
  });
  app.get(
    `${path}/:id/members/export`,
    {
      schema: {
        tags,
        summary: 'Export the members (CSV or XLSX, streamed)',
        params: idParam,
        querystring: userGroupMembersExportQuery,
      },
      config: can(resource, 'export'),
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const group = await groupInScope(db, scope, request.params.id);
      const { format, ...filters } = request.query;
      await logChange(db, scope, {
        action: 'export',
        targetType: 'user-groups',
        targetId: group.id,
        targetName: group.label,
        after: { format, filters, members: true },
      });
      async function* rows() {
        for (let after = 0; ;) {
          const batch = await memberBatch(db, scope, group, filters, after, 1000);
          if (batch.length) {
            yield batch.map((m) => [
              m.openid,
              m.nickname,
              m.channel,
              m.region,
              m.last_login_at ?? '',
              m.paid_total,
              m.layer ?? '',
            ]);
          }
          if (batch.length < 1000) return;
          after = batch[batch.length - 1]!.id;
        }
      }
      return sendExport(reply, format, `user-group-${group.name}`, MEMBER_HEADERS, rows());
    },
  );
  app.get(
    `${path}/:id/layers`,
    {
      schema: { tags, summary: 'The layers with their member counts', params: idParam },
      config: can(resource, 'read'),
    },
    async (request) => {
      const group = await groupInScope(db, scopeOf(request), request.params.id);
      return ok({ group: toGroup(group), layers: await layerCounts(db, group) });
    },
  );
  app.put(
    `${path}/:id/layers`,
    {
      schema: {
        tags,
        summary: 'Split the group into exclusive percentage layers',
        params: idParam,
        body: userGroupLayersBody,
      },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const group = await setLayers(db, scope, request.params.id, request.body.layers, request.body.version);
      const row = await groupInScope(db, scope, group.id);
      return ok({ group, layers: await layerCounts(db, row) });
    },
  );
}
