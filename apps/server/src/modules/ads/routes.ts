import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq } from 'drizzle-orm';
import {
  adAccountUpdateBody,
  adAccountsResource,
  adAuthorizeCallbackBody,
  adMediaQuery,
  adPartyName,
  idParam,
} from '@rx/contracts';
import { outsideTokens } from '../../db/outside.ts';
import { deleteOrDisable } from '../../lib/delete.ts';
import { logChange } from '../../lib/operation-log.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { documentProductHeader, rowInScope } from '../../lib/scope.ts';
import { updateVersioned, findOr404 } from '../../lib/versioned.ts';
import {
  accountReads,
  completeAuthorization,
  startAuthorization,
  syncMedium,
  type AdsContext,
} from './accounts.ts';
import { mediumAction } from './medium-routes.ts';
import { adAccounts } from './tables.ts';

const resource = adAccountsResource;
const tags = [resource.name];

/**
 * `/ad-accounts?media=<code>`: the medium's advertiser accounts of the game — list and read, staff's
 * remark and sync switch, unbinding; authorisation (start: the medium's page; callback: the code the
 * medium sent back) and "sync now". Every route checks the medium's account page permissions.
 */
export async function adAccountRoutes(fastify: FastifyInstance, ctx: AdsContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const reads = accountReads(ctx.outside);
  documentProductHeader(fastify);

  // The medium's accounts of the game (the scope names the medium: `?media=`).
  queryRoutes(fastify, db, resource, { list: reads.list }, { summary: 'List advertiser accounts' });

  mediumAction(
    fastify,
    resource,
    {
      path: '/ad-accounts/authorize',
      summary: "Start an authorisation: the medium's page to open",
      mediaQuery: adMediaQuery,
      action: 'create',
    },
    (scope, medium) => startAuthorization(ctx, scope, medium),
  );
  mediumAction(
    fastify,
    resource,
    {
      path: '/ad-accounts/authorize/callback',
      summary: 'Complete an authorisation with the code the medium sent back',
      mediaQuery: adMediaQuery,
      action: 'create',
      body: adAuthorizeCallbackBody,
    },
    (scope, medium, body) => completeAuthorization(ctx, scope, medium, body),
  );
  mediumAction(
    fastify,
    resource,
    {
      path: '/ad-accounts/sync',
      summary: "Sync the medium's accounts now (status, balance)",
      mediaQuery: adMediaQuery,
      action: 'update',
    },
    (scope, medium) => syncMedium(ctx, scope, medium),
  );

  app.get(
    '/ad-accounts/:id',
    {
      schema: { tags, summary: 'One advertiser account', params: idParam, querystring: adMediaQuery },
      config: can(resource, 'read'),
    },
    async (request) => ok(await reads.get(db, scopeOf(request), request.params.id)),
  );

  app.put(
    '/ad-accounts/:id',
    {
      schema: {
        tags,
        summary: "Change an account's remark or sync switch (the body carries its version)",
        params: idParam,
        querystring: adMediaQuery,
        body: adAccountUpdateBody,
      },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const target = rowInScope(adAccounts, scope, request.params.id);
      const { version, ...changes } = request.body;
      const item = await db.transaction(async (tx) => {
        const before = await reads.get(tx, scope, request.params.id);
        const row = await updateVersioned(tx, adAccounts, target, version, {
          ...(changes.remark !== undefined ? { remark: changes.remark } : {}),
          ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
        });
        const after = await reads.get(tx, scope, row.id);
        await logChange(tx, scope, {
          action: 'update',
          targetType: resource.logTarget,
          targetId: row.id,
          targetName: `${row.media}:${row.accountId}`,
          before,
          after,
        });
        return after;
      });
      return ok(item);
    },
  );

  app.delete(
    '/ad-accounts/:id',
    {
      schema: {
        tags,
        summary: 'Unbind an account (its tokens are forgotten once no account uses them)',
        params: idParam,
        querystring: adMediaQuery,
      },
      config: can(resource, 'delete'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const target = rowInScope(adAccounts, scope, request.params.id);
      const row = await findOr404(db, adAccounts, target);
      const done = await deleteOrDisable(db, scope, {
        table: adAccounts,
        target,
        targetType: resource.logTarget,
        usage: async () => [],
        isDisabled: () => false,
        disable: {},
        describe: (r) => ({ name: `${r.media}:${r.accountId}`, item: { account_id: r.accountId } }),
      });
      const [left] = await db
        .select({ n: count() })
        .from(adAccounts)
        .where(
          and(
            eq(adAccounts.productId, row.productId),
            eq(adAccounts.media, row.media),
            eq(adAccounts.grantAccount, row.grantAccount),
          ),
        );
      if (!left?.n)
        await db
          .delete(outsideTokens)
          .where(
            and(
              eq(outsideTokens.productId, row.productId),
              eq(outsideTokens.party, adPartyName(row.media)),
              eq(outsideTokens.account, row.grantAccount),
            ),
          );
      return ok(done);
    },
  );
}
