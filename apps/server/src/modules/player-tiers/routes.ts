import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  distributionQuery,
  playerTiersAccess,
  tierHistoryParams,
  tierPlayersQuery,
  tierSettingsBody,
  trendQuery,
  TIER_PLAYER_SORTS,
} from '@rx/contracts';
import { listRoute } from '../../lib/resource-routes.ts';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { documentProductHeader } from '../../lib/scope.ts';
import {
  COMPUTE_JOB,
  distribution,
  readSettings,
  saveSettings,
  tierHistory,
  tierPlayers,
  trend,
} from './service.ts';

/**
 * `/player-tiers`: the user level query page's API — the thresholds, the distribution (current and
 * by day), players of a tier, a player's tier history, and "recompute now" (a job; daily.ts runs it
 * every day).
 */
export async function playerTierRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const resource = playerTiersAccess;
  const tags = ['player-tiers'];
  documentProductHeader(app);

  app.get(
    '/player-tiers/settings',
    {
      schema: { tags, summary: 'The payment-tier thresholds (defaults until saved)' },
      config: can(resource, 'read'),
    },
    async (request) => ok(await readSettings(db, scopeOf(request).productId!)),
  );
  app.put(
    '/player-tiers/settings',
    {
      schema: {
        tags,
        summary: 'Save the thresholds (the body carries the version read)',
        body: tierSettingsBody,
      },
      config: can(resource, 'update'),
    },
    async (request) => ok(await saveSettings(db, scopeOf(request), request.body)),
  );
  app.get(
    '/player-tiers/distribution',
    {
      schema: {
        tags,
        summary: 'Players per tier, optionally per channel or region',
        querystring: distributionQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => ok(await distribution(db, scopeOf(request).productId!, request.query)),
  );
  app.get(
    '/player-tiers/trend',
    {
      schema: { tags, summary: 'The daily distribution snapshots of the last days', querystring: trendQuery },
      config: can(resource, 'read'),
    },
    async (request) => ok(await trend(db, scopeOf(request).productId!, request.query.days)),
  );
  listRoute(app, {
    name: 'player-tiers-players',
    path: '/player-tiers/players',
    tags,
    summary: 'Players of a tier (paged)',
    query: tierPlayersQuery,
    filters: ['pay_tier', 'activity_tier', 'channel', 'region'],
    sorts: TIER_PLAYER_SORTS,
    config: can(resource, 'read'),
    list: (request, query) => tierPlayers(db, scopeOf(request), query),
  });
  app.get(
    '/player-tiers/history/:openid',
    {
      schema: { tags, summary: "A player's current tiers and tier changes", params: tierHistoryParams },
      config: can(resource, 'read'),
    },
    async (request) => ok(await tierHistory(db, scopeOf(request).productId!, request.params.openid)),
  );
  app.post(
    '/player-tiers/recompute',
    {
      schema: { tags, summary: 'Run the tier job now (a job; the answer carries its id)' },
      config: can(resource, 'approve'),
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const jobId = await fastify.jobs.create(
        COMPUTE_JOB,
        { cpId: scope.cpId, productId: scope.productId, userId: scope.userId, username: scope.username },
        { params: { productId: scope.productId } },
      );
      return reply.code(202).send(ok({ job_id: jobId }));
    },
  );
}
