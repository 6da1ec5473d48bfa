import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  idParam,
  playerTagsParams,
  profileTagsResource,
  tagImportBody,
  tagPlayerParams,
  tagPlayersQuery,
  tagSetBody,
  TAG_NAME,
  validationMessage,
  TAG_PLAYER_SORTS,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ok } from '../../lib/request.ts';
import { listRoute, resourceRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { EVALUATE_JOB, IMPORT_JOB, type ImportParams } from './jobs.ts';
import { ruleFields } from './rule-fields.ts';
import {
  clearTagValue,
  playerTags,
  setTagValue,
  tagByName,
  tagImpl,
  tagInScope,
  tagPlayers,
  tagService,
} from './service.ts';

const resource = profileTagsResource;
const path = `/${resource.name}`;

/**
 * `/profile-tags`: tag definitions (the resource toolkit's CRUD), the players holding a tag, a value
 * set or cleared by hand, an import from an uploaded file and a rule evaluation (both jobs), and a
 * player's tags for the profile page.
 */
export async function profileTagRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  resourceRoutes(fastify, db, resource, tagService, tagImpl);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.name];

  // What a rule tag's rule may test (the same fields as a user group's rule), for tag editors.
  app.get(
    `${path}/rule-fields`,
    {
      schema: { tags, summary: 'What a rule tag may test: fields, operators and the product tags' },
      config: can(resource, 'read'),
    },
    async (request) => ok(await ruleFields(db, scopeOf(request))),
  );
  app.get(
    `${path}/by-name/:name`,
    {
      schema: { tags, summary: 'A tag by its name', params: z.object({ name: z.string().regex(TAG_NAME) }) },
      config: can(resource, 'read'),
    },
    async (request) => ok(await tagByName(db, scopeOf(request), request.params.name)),
  );
  app.get(
    `${path}/by-player/:openid`,
    {
      schema: { tags, summary: "A player's tags and values", params: playerTagsParams },
      config: can(resource, 'read'),
    },
    async (request) => ok(await playerTags(db, scopeOf(request), request.params.openid)),
  );
  listRoute(app, {
    name: 'profile-tag-players',
    path: `${path}/:id/players`,
    tags,
    summary: 'Players holding the tag, with the value',
    query: tagPlayersQuery,
    params: idParam,
    filters: ['value', 'openid'],
    sorts: TAG_PLAYER_SORTS,
    config: can(resource, 'read'),
    list: (request, query, { id }) => tagPlayers(db, scopeOf(request), id, query),
  });
  app.put(
    `${path}/:id/players/:openid`,
    {
      schema: { tags, summary: "Set a player's value by hand", params: tagPlayerParams, body: tagSetBody },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const tag = await tagInScope(db, scope, request.params.id);
      if (tag.source === 'rule') throw frozen(scope.lang);
      return ok(await setTagValue(db, scope, request.params.id, request.params.openid, request.body.value));
    },
  );
  app.delete(
    `${path}/:id/players/:openid`,
    {
      schema: { tags, summary: "Clear a player's value", params: tagPlayerParams },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const tag = await tagInScope(db, scope, request.params.id);
      if (tag.source === 'rule') throw frozen(scope.lang);
      await clearTagValue(db, scope, request.params.id, request.params.openid);
      return ok({ deleted: true });
    },
  );
  app.post(
    `${path}/:id/import`,
    {
      schema: {
        tags,
        summary: 'Import values from an uploaded file of openid,value lines (a job, per-line errors)',
        params: idParam,
        body: tagImportBody,
      },
      config: can(resource, 'import'),
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const tag = await tagInScope(db, scope, request.params.id);
      if (tag.source === 'rule') throw frozen(scope.lang);
      const found = await db.execute(
        // The files module's table, read by its columns: an openid list of the caller's CP.
        sqlFile(request.body.file_id, scope.cpId),
      );
      if (!(found as unknown as { rows: unknown[] }).rows.length) {
        throw new ApiError(ErrorCode.INVALID_INPUT, {
          fields: { file_id: validationMessage('unknown_ref', scope.lang) },
        });
      }
      const params: ImportParams = {
        scope,
        tagId: tag.id,
        fileId: request.body.file_id,
        replace: request.body.replace,
      };
      const jobId = await fastify.jobs.create(
        IMPORT_JOB,
        { cpId: scope.cpId, productId: scope.productId, userId: scope.userId, username: scope.username },
        { params: params as unknown as Record<string, unknown> },
      );
      return reply.code(202).send(ok({ job_id: jobId }));
    },
  );
  app.post(
    `${path}/:id/evaluate`,
    {
      schema: {
        tags,
        summary: 'Evaluate a rule tag now (a job): the players its rule matches get true',
        params: idParam,
      },
      config: can(resource, 'update'),
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const tag = await tagInScope(db, scope, request.params.id);
      if (tag.source !== 'rule') throw frozen(scope.lang);
      const jobId = await fastify.jobs.create(
        EVALUATE_JOB,
        { cpId: scope.cpId, productId: scope.productId, userId: scope.userId, username: scope.username },
        { params: { productId: tag.productId, tagId: tag.id } },
      );
      return reply.code(202).send(ok({ job_id: jobId }));
    },
  );
}

const sqlFile = (id: string, cpId: number) =>
  sql`select 1 from files where id = ${id} and cp_id = ${cpId} and use = 'openid_list'`;

/** A value of a tag whose source does not take it (a rule tag's values come from its rule). */
function frozen(lang: Parameters<typeof validationMessage>[1]): ApiError {
  return new ApiError(ErrorCode.INVALID_INPUT, { fields: { source: validationMessage('frozen', lang) } });
}
