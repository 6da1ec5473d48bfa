import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode, playerParam, playerEventsBody, playerProfileQuery, playersResource } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes } from '../../lib/resource-routes.ts';
import { can, GAME, scopeOf } from '../../lib/route-access.ts';
import { ingestPlayerEvents } from './events.ts';
import { playerHistoryRoutes } from './history.ts';
import { listPlayers, playerProfile } from './service.ts';

/** `/players`: staff find a game's players and open their profile (page `/useraccount/userManage`). */
export async function playerRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const resource = playersResource;
  const tags = [resource.name];

  queryRoutes(
    fastify,
    db,
    resource,
    { list: (db, scope, query) => listPlayers(db, scope.productId, query) },
    { summary: 'Find players by openid, role id, role name or nickname (prefix), device id or address' },
  );
  app.get(
    `/${resource.name}/:openid`,
    {
      schema: {
        tags,
        summary: "A player's profile: roles, recent sign-ins, devices, addresses, orders",
        params: playerParam,
        querystring: playerProfileQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => {
      const profile = await playerProfile(
        db,
        scopeOf(request).productId!,
        request.params.openid,
        request.query.logins,
      );
      if (!profile) throw new ApiError(ErrorCode.NOT_FOUND);
      return ok(profile);
    },
  );
  // The profile's mail and code cards (issue 27).
  await playerHistoryRoutes(fastify, { db });
}

/**
 * `POST /api/game/v1/players/events` on the game API's signed plugin: a game reports a batch of its
 * players' registrations, sign-ins, role changes, payments and refund notices. Each event answers
 * on its own (`ok`, `duplicate` for an event id already stored, `error` with the reason).
 */
export function playerEventRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/players/events',
    {
      schema: {
        tags: ['game-api'],
        summary: "Report players' events (up to 500; idempotent by event id)",
        body: playerEventsBody,
      },
      config: GAME,
    },
    async (request) => {
      const caller = request.gameCaller!;
      return ok({ results: await ingestPlayerEvents(db, caller.productId, request.body.events) });
    },
  );
}
