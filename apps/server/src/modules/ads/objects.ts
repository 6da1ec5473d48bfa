import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ErrorCode,
  adObjectActionBody,
  adObjectSyncBody,
  adObjectsResource,
  idParam,
  type AdObject,
  type AdObjectSyncAnswer,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { containsAny } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { isOutsideError } from '../../lib/outside/index.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes, resourceReads } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inScope } from '../../lib/scope.ts';
import { advertisersOn, mediumError, type AdsContext } from './accounts.ts';
import type { MediumObject, ObjectChange } from './media/adapter.ts';
import { adPartyOf } from './media/parties.ts';
import { adAccounts, adObjects } from './tables.ts';

const resource = adObjectsResource;
type Row = typeof adObjects.$inferSelect;

const toItem = (row: Row & { accountId?: string }): AdObject => ({
  id: row.id,
  media: row.media,
  ad_account_id: row.adAccountId,
  account_id: row.accountId ?? '',
  level: row.level,
  object_id: row.objectId,
  parent_object_id: row.parentObjectId,
  name: row.name,
  status: row.status,
  media_status: row.mediaStatus,
  budget: row.budget,
  bid: row.bid,
  spend_today: row.spendToday,
  synced_at: row.syncedAt.toISOString(),
  last_error: row.lastError,
  version: row.version,
});

async function items(db: Db, rows: Row[]): Promise<AdObject[]> {
  const ids = [...new Set(rows.map((r) => r.adAccountId))];
  const accounts = ids.length
    ? await db
        .select({ id: adAccounts.id, accountId: adAccounts.accountId })
        .from(adAccounts)
        .where(inArray(adAccounts.id, ids))
    : [];
  const byId = new Map(accounts.map((a) => [a.id, a.accountId]));
  return rows.map((r) => toItem({ ...r, accountId: byId.get(r.adAccountId) ?? '' }));
}

export const objectReads = resourceReads(resource, {
  table: adObjects,
  items,
  where: (f) => [
    containsAny(f.q, adObjects.name, adObjects.objectId),
    f.level ? eq(adObjects.level, f.level) : undefined,
    f.status ? eq(adObjects.status, f.status) : undefined,
    f.ad_account_id ? eq(adObjects.adAccountId, f.ad_account_id) : undefined,
    f.parent_object_id ? eq(adObjects.parentObjectId, f.parent_object_id) : undefined,
  ],
});

const columnsOf = (o: MediumObject, now: Date) => ({
  parentObjectId: o.parentId,
  name: o.name,
  status: o.status,
  mediaStatus: o.mediaStatus,
  budget: o.budget,
  bid: o.bid,
  spendToday: o.spendToday,
  token: o.token,
  syncedAt: now,
});

/** The mirrored campaigns among `campaignIds` of these accounts (the pages that name campaigns check and name them). */
export function mirroredCampaigns(db: Db, accountIds: number[], campaignIds: string[]) {
  return db
    .select({ adAccountId: adObjects.adAccountId, objectId: adObjects.objectId, name: adObjects.name })
    .from(adObjects)
    .where(
      and(
        inArray(adObjects.adAccountId, accountIds),
        eq(adObjects.level, 'campaign'),
        inArray(adObjects.objectId, campaignIds),
      ),
    );
}

/**
 * Pulls the live objects of the game's advertiser accounts on a medium (or of one account) and
 * mirrors them: new ones added, known ones replaced. Accounts are pulled grant by grant; a grant
 * whose medium fails is counted and left for the next pull.
 */
export async function syncObjects(
  ctx: AdsContext,
  scope: ProductScope,
  media: string,
  adAccountId?: number,
): Promise<AdObjectSyncAnswer> {
  const { db } = ctx;
  const accounts = await db
    .select()
    .from(adAccounts)
    .where(
      and(
        advertisersOn(scope.productId, media),
        eq(adAccounts.enabled, true),
        adAccountId ? eq(adAccounts.id, adAccountId) : undefined,
      ),
    );
  if (adAccountId && accounts.length === 0) throw new ApiError(ErrorCode.NOT_FOUND);
  const answer: AdObjectSyncAnswer = { accounts: 0, objects: 0, failed: 0 };
  const byGrant = new Map<string, typeof accounts>();
  for (const account of accounts)
    byGrant.set(account.grantAccount, [...(byGrant.get(account.grantAccount) ?? []), account]);
  let lastFailure: unknown;
  for (const [grant, group] of byGrant) {
    let pulled: MediumObject[];
    try {
      const adapter = await ctx.outside.open(db, adPartyOf(media), scope.productId, { account: grant });
      pulled = await adapter.objects(group.map((a) => a.accountId));
    } catch (error) {
      if (!isOutsideError(error)) throw error;
      answer.failed += group.length;
      lastFailure = error;
      continue;
    }
    const idOf = new Map(group.map((a) => [a.accountId, a.id]));
    const now = new Date();
    const rows = pulled
      .filter((o) => idOf.has(o.accountId))
      .map((o) => ({
        cpId: scope.cpId,
        productId: scope.productId,
        media,
        adAccountId: idOf.get(o.accountId)!,
        level: o.level,
        objectId: o.objectId,
        ...columnsOf(o, now),
      }));
    if (rows.length)
      await db
        .insert(adObjects)
        .values(rows)
        .onConflictDoUpdate({
          target: [adObjects.productId, adObjects.media, adObjects.level, adObjects.objectId],
          set: {
            parentObjectId: sql`excluded.parent_object_id`,
            name: sql`excluded.name`,
            status: sql`excluded.status`,
            mediaStatus: sql`excluded.media_status`,
            budget: sql`excluded.budget`,
            bid: sql`excluded.bid`,
            spendToday: sql`excluded.spend_today`,
            token: sql`excluded.token`,
            syncedAt: sql`excluded.synced_at`,
            // A pull that brings nothing new (the same token, values and status) keeps the row's
            // version: an edit staff opened before someone else's pull still goes through.
            version: sql`case when (${adObjects.token}, ${adObjects.name}, ${adObjects.status}, ${adObjects.mediaStatus}, ${adObjects.budget}, ${adObjects.bid}, ${adObjects.parentObjectId}) is distinct from (excluded.token, excluded.name, excluded.status, excluded.media_status, excluded.budget, excluded.bid, excluded.parent_object_id) then ${adObjects.version} + 1 else ${adObjects.version} end`,
            updatedAt: now,
          },
        });
    answer.accounts += group.length;
    answer.objects += rows.length;
  }
  // Nothing pulled at all: the medium's reason, not an empty success.
  if (answer.accounts === 0 && lastFailure) throw mediumError(lastFailure, scope.lang);
  return answer;
}

/**
 * Sends one edit of a mirrored object to its medium with the token it was read with. Done, the
 * mirror takes the object as the medium answers it; refused, the row keeps its values, records the
 * medium's reason, and the caller gets 422001 with it.
 */
export async function editObject(
  ctx: AdsContext,
  scope: ProductScope,
  id: number,
  version: number,
  change: ObjectChange,
): Promise<AdObject> {
  const { db } = ctx;
  const [found] = await db
    .select({ object: adObjects, account: adAccounts })
    .from(adObjects)
    .innerJoin(adAccounts, eq(adAccounts.id, adObjects.adAccountId))
    .where(and(eq(adObjects.id, id), inScope(adObjects, scope)));
  if (!found) throw new ApiError(ErrorCode.NOT_FOUND);
  const { object, account } = found;
  if (object.version !== version) throw new ApiError(ErrorCode.CONFLICT);
  let after: MediumObject;
  try {
    const adapter = await ctx.outside.open(db, adPartyOf(object.media), scope.productId, {
      account: account.grantAccount,
    });
    after = await adapter.updateObject(
      { accountId: account.accountId, level: object.level, objectId: object.objectId, token: object.token },
      change,
    );
  } catch (error) {
    if (isOutsideError(error))
      await db
        .update(adObjects)
        .set({ lastError: error.message.slice(0, 500), updatedAt: new Date() })
        .where(eq(adObjects.id, id));
    throw mediumError(error, scope.lang);
  }
  const [row] = await db
    .update(adObjects)
    .set({
      ...columnsOf(after, new Date()),
      lastError: '',
      version: object.version + 1,
      updatedAt: new Date(),
    })
    .where(eq(adObjects.id, id))
    .returning();
  await logChange(db, scope, {
    action: 'update',
    targetType: 'ad_object',
    targetId: id,
    targetName: `${object.media} ${object.objectId} ${object.name}`,
    before: { status: object.status, budget: object.budget, bid: object.bid },
    after: { action: change.action, status: row!.status, budget: row!.budget, bid: row!.bid },
  });
  return toItem({ ...row!, accountId: account.accountId });
}

/** The change an action body asks for. */
export function changeOf(body: { action: ObjectChange['action']; value?: number | undefined }): ObjectChange {
  return body.action === 'budget' || body.action === 'bid'
    ? { action: body.action, value: body.value! }
    : { action: body.action };
}

/** `/ad-objects?media=`: the mirror (list, export), a pull from the medium, and edits sent to it. */
export async function adObjectRoutes(fastify: FastifyInstance, ctx: AdsContext): Promise<void> {
  const { db } = ctx;
  const tags = [resource.name];
  queryRoutes(
    fastify,
    db,
    resource,
    { list: objectReads.list, batch: objectReads.batch },
    {
      summary: "The medium's live objects of the game's advertiser accounts",
      exporter: {
        headers: [
          'account_id',
          'level',
          'object_id',
          'parent_object_id',
          'name',
          'status',
          'media_status',
          'budget',
          'bid',
          'spend_today',
          'synced_at',
        ],
      },
    },
  );
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/ad-objects/sync',
    {
      config: can(resource, 'read'),
      schema: {
        tags,
        summary: "Pull the live objects from the medium now (the game's advertisers, or one)",
        querystring: resource.list.pick({ media: true }),
        body: adObjectSyncBody,
      },
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      return ok(await syncObjects(ctx, scope, scope.dimension!.value, request.body.ad_account_id));
    },
  );
  app.post(
    '/ad-objects/:id/action',
    {
      config: can(resource, 'update'),
      schema: {
        tags,
        summary: 'Pause, resume, or set the budget or bid of an object on the medium (its token sent)',
        querystring: resource.list.pick({ media: true }),
        params: idParam,
        body: adObjectActionBody,
      },
    },
    async (request) =>
      ok(
        await editObject(
          ctx,
          scopeOf(request) as ProductScope,
          request.params.id,
          request.body.version,
          changeOf(request.body),
        ),
      ),
  );
}
