import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gameApiKeyCreateBody, gameApiKeyListQuery, idParam } from '@rx/contracts';
import { productAccess, type Action } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { PRODUCT_SEE } from '../products/index.ts';
import type { GameConfigRouteOptions } from './cache.ts';
import { createGameApiKey, listGameApiKeys, revokeGameApiKey } from './keys.ts';

/**
 * `/game-api-keys`: the product's keys of the game-facing API. Listing needs the product page's
 * see permission; creating and revoking need its edit permission (admins hold both).
 */
export async function gameApiKeyRoutes(
  fastify: FastifyInstance,
  options: GameConfigRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, secrets } = options;
  const tags = ['game-api-keys'];
  const can = (request: FastifyRequest, action: Action) => productAccess(db, request, PRODUCT_SEE, action);
  app.addHook('onRequest', options.authenticate);

  app.get(
    '/game-api-keys',
    {
      schema: {
        tags,
        summary: "The product's game API keys (without secrets)",
        querystring: gameApiKeyListQuery,
      },
    },
    async (request) => ok(await listGameApiKeys(db, await can(request, 'read'), request.query.all ?? false)),
  );
  app.post(
    '/game-api-keys',
    {
      schema: {
        tags,
        summary: 'Create a key: the answer shows its secret, this once',
        body: gameApiKeyCreateBody,
      },
    },
    async (request) =>
      ok(await createGameApiKey(db, await can(request, 'update'), secrets, request.body.note)),
  );
  app.post(
    '/game-api-keys/:id/revoke',
    { schema: { tags, summary: 'Revoke a key: its requests are refused at once (401006)', params: idParam } },
    async (request) => ok(await revokeGameApiKey(db, await can(request, 'update'), request.params.id)),
  );
}
