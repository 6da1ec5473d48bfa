import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ResourceAction } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf, type AccessResource } from '../../lib/route-access.ts';
import { inScope } from '../../lib/scope.ts';
import { adAccounts } from './tables.ts';

/** A medium's page exports its own rows: the resource and the medium's code name the file. */
export const mediumFile =
  (resource: { name: string }) =>
  (scope: { dimension?: { value: string } | null | undefined }): string =>
    `${resource.name}-${scope.dimension!.value}`;

/**
 * `GET <path>?media=<code>`: the medium's advertiser accounts of the game (the first 1,000 by name),
 * which a page of the medium picks from; read under the page's own permission.
 */
export function advertiserAccountsRoute(
  fastify: FastifyInstance,
  db: Db,
  resource: AccessResource & { name: string },
  route: { path: string; summary: string; mediaQuery: z.ZodType },
): void {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    route.path,
    {
      schema: { tags: [resource.name], summary: route.summary, querystring: route.mediaQuery },
      config: can(resource, 'read'),
    },
    async (request) => {
      const rows = await db
        .select({ id: adAccounts.id, account_id: adAccounts.accountId, name: adAccounts.name })
        .from(adAccounts)
        .where(and(inScope(adAccounts, scopeOf(request)), eq(adAccounts.role, 'advertiser')))
        .orderBy(asc(adAccounts.name), asc(adAccounts.id))
        .limit(1000);
      return ok({ list: rows });
    },
  );
}

/**
 * `POST <path>?media=<code>`, with `route.body` when it names one: an action of a medium's page,
 * allowed under the page's `route.action` permission; `run` gets the caller's game scope, the
 * medium's code and the body, and its answer is the route's.
 */
export function mediumAction<B extends z.ZodType | undefined = undefined>(
  fastify: FastifyInstance,
  resource: AccessResource & { name: string },
  route: { path: string; summary: string; mediaQuery: z.ZodType; action: ResourceAction; body?: B },
  run: (
    scope: ProductScope,
    media: string,
    body: B extends z.ZodType ? z.output<B> : undefined,
  ) => Promise<unknown>,
): void {
  fastify.withTypeProvider<ZodTypeProvider>().post(
    route.path,
    {
      schema: {
        tags: [resource.name],
        summary: route.summary,
        querystring: route.mediaQuery,
        ...(route.body ? { body: route.body } : {}),
      },
      config: can(resource, route.action),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      return ok(await run(scope, scope.dimension!.value, request.body as never));
    },
  );
}
