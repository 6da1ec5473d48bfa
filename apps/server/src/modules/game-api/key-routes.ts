import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GAME_API_KEYS,
  gameApiKeyCreateBody,
  gameApiKeyListQuery,
  gameApiKeysAccess,
  idParam,
} from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import type { GameConfigRouteOptions } from './cache.ts';
import { createGameApiKey, listGameApiKeys, revokeGameApiKey } from './keys.ts';

const path = `/${GAME_API_KEYS}`;

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
  const tags = [GAME_API_KEYS];
  const scope = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;

  app.get(
    path,
    {
      schema: {
        tags,
        summary: "The product's game API keys (without secrets)",
        querystring: gameApiKeyListQuery,
      },
      config: can(gameApiKeysAccess, 'read'),
    },
    async (request) => ok(await listGameApiKeys(db, scope(request), request.query.all ?? false)),
  );
  app.post(
    path,
    {
      schema: {
        tags,
        summary: 'Create a key: the answer shows its secret, this once',
        body: gameApiKeyCreateBody,
      },
      config: can(gameApiKeysAccess, 'update'),
    },
    async (request) => ok(await createGameApiKey(db, scope(request), secrets, request.body.note)),
  );
  app.post(
    `${path}/:id/revoke`,
    {
      schema: { tags, summary: 'Revoke a key: its requests are refused at once (401006)', params: idParam },
      config: can(gameApiKeysAccess, 'update'),
    },
    async (request) => ok(await revokeGameApiKey(db, scope(request), request.params.id)),
  );
}
