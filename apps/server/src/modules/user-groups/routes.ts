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
  type UserGroupMember,
} from '@rx/contracts';
import type { Scope } from '../../lib/access.ts';
import type { Db } from '../../db/index.ts';
import { logChange } from '../../lib/operation-log.ts';
import { tableRoutes } from '../../lib/table-io.ts';
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
  // The members of one group: the path names it, the file is stamped with it, the log names it.
  type Member = UserGroupMember & { id: number };
  type Group = Awaited<ReturnType<typeof groupInScope>>;
  tableRoutes<Member, { q?: string; layer?: string }, never, null, Group>(app, db, {
    path: `${path}/:id/members`,
    tags,
    summary: 'Export the members (CSV or XLSX, streamed)',
    params: idParam,
    exportQuery: userGroupMembersExportQuery,
    parent: (db2, scope, params) => groupInScope(db2, scope, params.id as number),
    access: async (request) => scopeOf(request),
    config: () => can(resource, 'export'),
    exporter: {
      name: 'user-groups',
      headers: MEMBER_HEADERS,
      file: (_scope, group) => `user-group-${group.name}`,
      log: (group, { format, filters }) => ({
        targetType: 'user-groups',
        targetId: group.id,
        targetName: group.label,
        after: { format, filters, members: true },
      }),
      prepare: async () => null,
      toCells: (m) => ({ ...m, last_login_at: m.last_login_at ?? '', layer: m.layer ?? '' }),
      batch: (db2, scope, filters, after, limit, group) =>
        memberBatch(db2, scope, group!, filters, after, limit),
    },
  });
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
