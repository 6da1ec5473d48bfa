import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  adMappingChoicesQuery,
  adMappingsResource,
  type AdMapping,
  type AdMappingChoices,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { subChannels } from '../../db/tables.ts';
import type { Scope } from '../../lib/access.ts';
import { contains, containsAny } from '../../lib/list.ts';
import { fieldError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { adAccounts, adObjects, mirroredCampaigns } from '../ads/index.ts';
import { adMappings } from './tables.ts';
import { inGame, rowInGame } from '../../lib/scope.ts';
import { stamps } from '../../lib/rows.ts';

const resource = adMappingsResource;
type Row = typeof adMappings.$inferSelect;

const toItem = (row: Row): AdMapping => ({
  id: row.id,
  sub_channel_id: row.subChannelId,
  media: row.media as AdMapping['media'],
  ad_account_id: row.adAccountId,
  campaign_id: row.campaignId,
  note: row.note,
  enabled: row.enabled,
  sub_channel_code: '',
  sub_channel_name: '',
  account_id: '',
  account_name: '',
  campaign_name: '',
  ...stamps(row),
});

/** The sub-channel's, the account's and the campaign's names, read in three queries for a page. */
async function withNames(db: Db, items: AdMapping[]): Promise<AdMapping[]> {
  if (!items.length) return items;
  const subs = await db
    .select({ id: subChannels.id, code: subChannels.code, name: subChannels.name })
    .from(subChannels)
    .where(inArray(subChannels.id, [...new Set(items.map((i) => i.sub_channel_id))]));
  const accountIds = [...new Set(items.map((i) => i.ad_account_id))];
  const accounts = await db
    .select({ id: adAccounts.id, accountId: adAccounts.accountId, name: adAccounts.name })
    .from(adAccounts)
    .where(inArray(adAccounts.id, accountIds));
  const campaignIds = [...new Set(items.map((i) => i.campaign_id).filter(Boolean))];
  const campaigns = campaignIds.length ? await mirroredCampaigns(db, accountIds, campaignIds) : [];
  const sub = new Map(subs.map((s) => [s.id, s]));
  const account = new Map(accounts.map((a) => [a.id, a]));
  const campaign = new Map(campaigns.map((c) => [`${c.adAccountId}|${c.objectId}`, c.name]));
  return items.map((item) => ({
    ...item,
    sub_channel_code: sub.get(item.sub_channel_id)?.code ?? '',
    sub_channel_name: sub.get(item.sub_channel_id)?.name ?? '',
    account_id: account.get(item.ad_account_id)?.accountId ?? '',
    account_name: account.get(item.ad_account_id)?.name ?? '',
    campaign_name: campaign.get(`${item.ad_account_id}|${item.campaign_id}`) ?? '',
  }));
}

/** The game's advertisers of a medium (the accounts a mapping may name). */
const advertisersOf = (scope: Scope, media: string) =>
  and(inGame(adAccounts, scope), eq(adAccounts.media, media), eq(adAccounts.role, 'advertiser'));

const impl: ResourceImpl<typeof resource, typeof adMappings, AdMapping, null> = {
  table: adMappings,
  toItem,
  complete: withNames,
  nameOf: (row) =>
    `${row.media}:${row.subChannelId}→${row.adAccountId}${row.campaignId ? `/${row.campaignId}` : ''}`,
  where: (f) => [
    f.q
      ? or(
          contains(adMappings.campaignId, f.q),
          contains(adMappings.note, f.q),
          sql`exists (select 1 from ${subChannels} where ${subChannels.id} = ${adMappings.subChannelId}
            and ${or(contains(subChannels.code, f.q), contains(subChannels.name, f.q))})`,
          sql`exists (select 1 from ${adAccounts} where ${adAccounts.id} = ${adMappings.adAccountId}
            and ${or(contains(adAccounts.accountId, f.q), contains(adAccounts.name, f.q))})`,
        )
      : undefined,
    f.media ? eq(adMappings.media, f.media) : undefined,
    f.sub_channel_id ? eq(adMappings.subChannelId, f.sub_channel_id) : undefined,
    f.ad_account_id ? eq(adMappings.adAccountId, f.ad_account_id) : undefined,
    f.enabled === undefined ? undefined : eq(adMappings.enabled, f.enabled),
  ],
  columns: (input) => ({
    subChannelId: input.sub_channel_id,
    media: input.media,
    adAccountId: input.ad_account_id,
    campaignId: input.campaign_id,
    note: input.note,
    enabled: input.enabled,
  }),
  unique: { ad_mappings_sub_channel_campaign: 'campaign_id' },
  // The sub-channel is the game's, the account an advertiser of the game on the medium (so of the
  // caller's CP), the campaign one of that account's mirrored campaigns.
  async check(db, scope, input, before) {
    const subChannelId = input.sub_channel_id ?? before?.subChannelId;
    const media = input.media ?? before?.media;
    const adAccountId = input.ad_account_id ?? before?.adAccountId;
    const campaignId = input.campaign_id ?? before?.campaignId ?? '';
    if (input.sub_channel_id !== undefined) {
      const [sub] = await db
        .select({ id: subChannels.id })
        .from(subChannels)
        .where(rowInGame(subChannels, scope, subChannelId!));
      if (!sub) throw fieldError(scope.lang, 'sub_channel_id', 'unknown_ref');
    }
    if (!media || !adAccountId) return;
    const [account] = await db
      .select({ id: adAccounts.id })
      .from(adAccounts)
      .where(and(eq(adAccounts.id, adAccountId), advertisersOf(scope, media)));
    if (!account) throw fieldError(scope.lang, 'ad_account_id', 'unknown_ref');
    if (!campaignId) return;
    const [campaign] = await mirroredCampaigns(db, [adAccountId], [campaignId]);
    if (!campaign) throw fieldError(scope.lang, 'campaign_id', 'unknown_ref');
  },
  sheet: autoSheet<AdMapping>(resource),
};

export const mappingService = resourceService(resource, impl);

/** What the detail page chooses from: the game's sub-channels, the medium's advertisers, an account's campaigns. */
async function choices(
  db: Db,
  scope: Scope,
  query: { media: string; ad_account_id?: number; q?: string },
): Promise<AdMappingChoices> {
  const subs = await db
    .select({ id: subChannels.id, code: subChannels.code, name: subChannels.name })
    .from(subChannels)
    .where(and(inGame(subChannels, scope), containsAny(query.q, subChannels.code, subChannels.name)))
    .orderBy(asc(subChannels.code))
    .limit(CHOICES);
  const accounts = await db
    .select({ id: adAccounts.id, account_id: adAccounts.accountId, name: adAccounts.name })
    .from(adAccounts)
    .where(advertisersOf(scope, query.media))
    .orderBy(asc(adAccounts.accountId))
    .limit(CHOICES);
  const chosen = accounts.find((a) => a.id === query.ad_account_id);
  const campaigns = chosen
    ? await db
        .select({ object_id: adObjects.objectId, name: adObjects.name, status: adObjects.status })
        .from(adObjects)
        .where(and(eq(adObjects.adAccountId, chosen.id), eq(adObjects.level, 'campaign')))
        .orderBy(asc(adObjects.objectId))
        .limit(CHOICES)
    : [];
  return { sub_channels: subs, accounts, campaigns };
}

const CHOICES = 200;

/** `/ad-mappings`: the mappings (CRUD, export, import) and the detail page's choices. */
export async function adMappingRoutes(fastify: FastifyInstance, db: Db): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/ad-mappings/choices',
    {
      config: can(resource, 'read'),
      schema: {
        tags: [resource.name],
        summary: 'The game’s sub-channels, the medium’s advertisers and an account’s campaigns to map',
        querystring: adMappingChoicesQuery,
      },
    },
    async (request) => ok(await choices(db, scopeOf(request), request.query)),
  );
  resourceRoutes(fastify, db, resource, mappingService, impl);
}
