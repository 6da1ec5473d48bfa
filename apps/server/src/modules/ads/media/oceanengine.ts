import { z } from 'zod';
import { AD_MEDIA } from '@rx/contracts';
import { OutsideError, type FailureKind, type PartyContext } from '../../../lib/outside/index.ts';
import type {
  AdMediumAdapter,
  MediumAccount,
  MediumAccountState,
  MediumCampaignDay,
  MediumLanding,
  MediumReportDay,
} from './adapter.ts';
import { cents, deliveryNotBuilt, envelopeCall, madeOnce } from './envelope.ts';
import { authorizeUrl, expiresIn, grantRenewal, type MediumAppSettings } from './oauth.ts';
import { accountRows, campaignDay, listOf, mediumId, pages } from './lists.ts';

const API = AD_MEDIA.find((m) => m.code === 'jrtt')!.api;
/** Ocean Engine's documented addresses (a test's stand-in replaces them). */
export const OCEAN_BASE = API.base;
export const OCEAN_AUTHORIZE = API.authorize;

/**
 * The envelope codes of Ocean Engine's open API: 40100 too many requests; 40102 an expired access
 * token, 40104/40105 a missing or wrong one (renewed once); 5xxxx the platform's trouble; the rest
 * (a bad parameter, no permission, 40103/40107 a lapsed refresh token) refuse.
 */
export function oceanKind(code: number): FailureKind {
  if (code === 40100) return 'rate_limited';
  if (code === 40102 || code === 40104 || code === 40105) return 'token_expired';
  if (code >= 50000 && code < 60000) return 'unavailable';
  return 'refused';
}

const tokenData = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1),
  refresh_token_expires_in: z.number().positive().optional(),
});

const authorised = listOf(
  z.object({
    advertiser_id: mediumId,
    advertiser_name: z.string().optional(),
    account_role: z.string().optional(),
    is_valid: z.boolean().optional(),
  }),
);

const agentChildren = listOf(mediumId);

const infoList = z.array(
  z.object({ id: mediumId, name: z.string().optional(), status: z.string().optional() }),
);

/** A day's figures of a report (cost in yuan). */
const dayEntry = z.object({
  stat_datetime: z.string(),
  cost: z.union([z.number(), z.string()]).optional(),
  show: z.number().optional(),
  click: z.number().optional(),
  convert: z.number().optional(),
});

/** `2/report/advertiser/get`: one entry per day (cost in yuan), paged. */
const reportPage = listOf(dayEntry);

/**
 * `2/report/campaign/get/` grouped by campaign and day (`STAT_GROUP_BY_FIELD_ID`,
 * `STAT_GROUP_BY_FIELD_STAT_TIME`): each entry names its campaign; cost in yuan, paged.
 */
const campaignReportPage = listOf(
  dayEntry.extend({ campaign_id: mediumId, campaign_name: z.string().optional() }),
);

/** A report entry's day and figures (cost in yuan → cents). */
const dayFigures = (e: {
  stat_datetime: string;
  cost?: number | string | undefined;
  show?: number | undefined;
  click?: number | undefined;
  convert?: number | undefined;
}) => ({
  day: e.stat_datetime.slice(0, 10),
  cost: cents(e.cost),
  impressions: Math.round(e.show ?? 0),
  clicks: Math.round(e.click ?? 0),
  conversions: Math.round(e.convert ?? 0),
});

/** The lists `2/campaign/get`, `2/ad/get` and `2/creative/get` answer (the ids looked up by name). */
const listed = listOf(z.object({ id: mediumId, name: z.string().optional() }));

/** What a create answers: the id it made. */
const made = z.object({
  campaign_id: mediumId.optional(),
  ad_id: mediumId.optional(),
  creative_ids: z.array(mediumId).optional(),
});

const AGENT_ROLES = new Set(['AGENT', 'CHILD_AGENT', 'PLATFORM_ROLE_AGENT']);

/**
 * A window as Ocean Engine's 2.0 campaign and ad (`2/campaign/create`, `2/ad/create`) take it: the
 * campaign's promotion purpose `landing_type` (LINK for an H5 page, APP for an app; APP without a
 * window, as before) and the ad's landing fields — an H5 page's `external_url`; an app's
 * `download_type` DOWNLOAD_URL, `package` and `app_type` (APP_ANDROID for a package name, APP_IOS for
 * a numeric App Store id). The console keeps no download address for an app (`ad-apps` holds ids and
 * package names), so `download_url` is not sent, though the documentation asks for it with
 * DOWNLOAD_URL: a refusal by the medium shows on the item. A mini-game window never comes here: the
 * 2.0 ad has no mini-game fields, it goes through a v3 project (`oceanMiniGameProject`).
 */
export function oceanLanding(landing: MediumLanding | undefined): {
  landingType: string;
  ad: Record<string, unknown>;
} {
  if (!landing || landing.kind === 'mini_program') return { landingType: 'APP', ad: {} };
  if (landing.kind === 'h5') return { landingType: 'LINK', ad: { external_url: landing.url } };
  const ios = /^\d+$/.test(landing.appId) && !landing.packageName;
  return {
    landingType: 'APP',
    ad: {
      download_type: 'DOWNLOAD_URL',
      app_type: ios ? 'APP_IOS' : 'APP_ANDROID',
      ...(landing.packageName ? { package: landing.packageName } : {}),
    },
  };
}

/*
 * WeChat mini-game landings, as the provider documents them (read in bububa/oceanengine e3ac8d52,
 * whose models carry the open platform's field notes, and in the official oceanengine/ad_open_sdk_go
 * 9283cb7a, whose generated models list the fields):
 * - `2/ad/create/` has no mini-game field at all (no `micro_app_id`, `start_path` or
 *   `micro_promotion_type`; the official SDK has no 2.0 ad create any more). A mini-game is promoted
 *   by a v3 project: `v3.0/project/create/` with `landing_type` MICRO_GAME and `micro_promotion_type`
 *   WECHAT_GAME ("小程序类型，landing_type = MICRO_GAME 时有效且必填", bububa
 *   marketing-api/model/v3/project/create.go; official models/model_project_create_v3_0_request.go),
 *   and `micro_app_instance_id`, the mini-game's asset id (a field of the official request model; the
 *   field notes require it for BYTE_GAME/BYTE_APP and say nothing of it for WECHAT_GAME: if the live
 *   API wants the game through an Orange page instead, its refusal shows on the item).
 * - The asset id is the `instance_id` of the account's WeChat mini-game assets,
 *   `v3.0/tools/wechat_game/list/` (account_id, account_type AD; official
 *   models/model_tools_wechat_game_list_v3_0_response_data_list_inner.go): an asset is registered
 *   with the game's original id (`user_name`, gh_…) and path, and answers no AppID, so an Ocean
 *   Engine window names its mini-game by that original id (or the asset id itself).
 * - With WECHAT_GAME the project's `optimize_goal` takes only `external_action` (its `asset_ids` are
 *   "无需传入"), and the promotion (`v3.0/promotion/create/`) takes no `mini_program_info`
 *   (`app_id`/`start_path`, "字节小程序信息" for BYTE_APP/BYTE_GAME only; `start_path` "小游戏类型不传值"):
 *   its title material is what we send (bububa marketing-api/model/v3/promotion/promotion.go).
 * The optimisation event (activation) is our choice: an account the medium does not allow it for
 * refuses, and the reason shows on the item. v3 has no creative level: the promotion carries the
 * materials, so its id stands for the creative too.
 */

/** An account's WeChat mini-game assets (`v3.0/tools/wechat_game/list/`), paged. */
const wechatGames = listOf(
  z.object({
    instance_id: mediumId,
    user_name: z.string().optional(),
    name: z.string().optional(),
    audit_status: z.string().optional(),
  }),
);

const v3Made = z.object({ project_id: mediumId.optional(), promotion_id: mediumId.optional() });

/** `v3.0/project/list/` and `v3.0/promotion/list/` (looked up by name before a create). */
const v3Listed = listOf(
  v3Made.extend({ name: z.string().optional(), promotion_name: z.string().optional() }),
);

/** The v3 project of a WeChat mini-game (budget and bid in cents, sent in yuan). */
export function oceanMiniGameProject(ad: { budget: number; bid: number }, name: string, assetId: number) {
  return {
    name,
    landing_type: 'MICRO_GAME',
    micro_promotion_type: 'WECHAT_GAME',
    micro_app_instance_id: assetId,
    marketing_goal: 'VIDEO_AND_IMAGE',
    ad_type: 'ALL',
    delivery_mode: 'MANUAL',
    delivery_range: { inventory_catalog: 'UNIVERSAL_SMART' },
    optimize_goal: { external_action: 'AD_CONVERT_TYPE_ACTIVE' },
    delivery_setting: {
      budget_mode: 'BUDGET_MODE_DAY',
      budget: ad.budget / 100,
      bid_type: 'CUSTOM',
      pricing: 'PRICING_OCPM',
      cpa_bid: ad.bid / 100,
    },
  };
}

/**
 * Ocean Engine (Toutiao) marketing API, over its documented endpoints: OAuth (`oauth2/access_token`,
 * `oauth2/refresh_token`: JSON bodies with the app's id and secret; the refresh token rotates),
 * the authorised accounts (`oauth2/advertiser/get`), an agent's advertisers
 * (`2/agent/advertiser/select`), and each advertiser's info and fund (`2/advertiser/info`,
 * `2/advertiser/fund/get`) with the `Access-Token` header. Answers are envelopes (code 0 = done).
 */
export function realOceanEngine(ctx: PartyContext<MediumAppSettings>): AdMediumAdapter {
  const base = ctx.endpoint(OCEAN_BASE);
  const secret = ctx.credentials.app_secret!;
  const appId = ctx.settings.app_id;

  const grantOf = (data: z.infer<typeof tokenData>) => ({
    grant: {
      accessToken: data.access_token,
      refreshToken: data.refresh_token,
      expiresAt: new Date(Date.now() + data.expires_in * 1000),
    },
    grantExpiresAt: expiresIn(data.refresh_token_expires_in),
  });
  const readToken = (value: unknown) => {
    const parsed = tokenData.safeParse(value);
    if (!parsed.success) throw new OutsideError('refused', 'the token answer has no access_token');
    return grantOf(parsed.data);
  };
  const post = (path: string, body: object) => ({
    method: 'POST' as const,
    url: `${base}${path}`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const { obtain, renew } = grantRenewal(ctx, async (refreshToken) =>
    readToken(
      await envelopeCall(
        ctx,
        'refresh',
        post('/oauth2/refresh_token/', {
          app_id: appId,
          secret,
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
        }),
        oceanKind,
      ),
    ),
  );
  const get = (operation: string, path: string, query: Record<string, string>, token: string) =>
    envelopeCall<unknown>(
      ctx,
      operation,
      {
        method: 'GET',
        url: `${base}${path}?${new URLSearchParams(query).toString()}`,
        headers: { 'access-token': token },
      },
      oceanKind,
    );
  const withToken = <T>(use: (token: string) => Promise<T>) => ctx.authorized(obtain, use);

  /** Reads a page of a report of an advertiser over the query's days (100 entries a page). */
  const reportPages =
    (token: string, operation: string, path: string, query: Record<string, string>) =>
    (id: string, page: number) =>
      get(operation, path, { advertiser_id: id, ...query, page: String(page), page_size: '100' }, token);

  /**
   * The asset id of the WeChat mini-game a window names (its original id gh_…, or the asset id) among
   * the account's approved mini-game assets; none is refused before anything is made.
   */
  const miniGameAsset = async (token: string, accountId: string, named: string): Promise<number> => {
    for await (const list of pages(20, async (page) =>
      wechatGames.parse(
        (await get(
          'create_ad',
          '/v3.0/tools/wechat_game/list/',
          { account_id: accountId, account_type: 'AD', page: String(page), page_size: '100' },
          token,
        )) ?? {},
      ),
    )) {
      const hit = list.find((g) => g.user_name === named || String(g.instance_id) === named);
      if (hit) {
        if (hit.audit_status && hit.audit_status !== 'AUDIT_ACCEPTED')
          throw new OutsideError(
            'refused',
            `Ocean Engine: the mini-game asset ${named} is not approved (${hit.audit_status})`,
          );
        const id = Number(hit.instance_id);
        if (!Number.isSafeInteger(id)) throw new OutsideError('refused', 'the mini-game asset has no id');
        return id;
      }
    }
    throw new OutsideError(
      'refused',
      `Ocean Engine: ${named} is not a WeChat mini-game asset of account ${accountId} (name its original id gh_… or asset id on the window)`,
    );
  };

  const authorisedAccounts = async (accessToken: string): Promise<MediumAccount[]> => {
    const listed = authorised.parse(
      await envelopeCall<unknown>(
        ctx,
        'accounts',
        {
          method: 'GET',
          url: `${base}/oauth2/advertiser/get/?${new URLSearchParams({
            access_token: accessToken,
            app_id: appId,
            secret,
          }).toString()}`,
        },
        oceanKind,
      ),
    );
    const accounts: MediumAccount[] = [];
    for (const entry of listed.list.filter((e) => e.is_valid !== false)) {
      const id = String(entry.advertiser_id);
      const agent = AGENT_ROLES.has(entry.account_role ?? '');
      accounts.push({
        accountId: id,
        name: entry.advertiser_name ?? id,
        role: agent ? 'agent' : 'advertiser',
      });
      if (!agent) continue;
      for await (const children of pages(50, async (page) =>
        agentChildren.parse(
          await get(
            'accounts',
            '/2/agent/advertiser/select/',
            { advertiser_id: id, page: String(page), page_size: '100' },
            accessToken,
          ),
        ),
      ))
        for (const child of children)
          accounts.push({ accountId: String(child), name: String(child), role: 'advertiser', parentId: id });
    }
    return accounts;
  };

  return {
    simulated: false,
    authorizeUrl: (state) =>
      authorizeUrl(OCEAN_AUTHORIZE, { app_id: appId, state, redirect_uri: ctx.settings.redirect_uri }),
    async exchange(code) {
      const { grant, grantExpiresAt } = readToken(
        await envelopeCall(
          ctx,
          'token',
          post('/oauth2/access_token/', { app_id: appId, secret, grant_type: 'auth_code', auth_code: code }),
          oceanKind,
        ),
      );
      ctx.secret(grant.accessToken);
      ctx.secret(grant.refreshToken);
      const accounts = await authorisedAccounts(grant.accessToken);
      if (!accounts.length) throw new OutsideError('refused', 'the authorisation covers no account');
      return { grant, grantExpiresAt, grantAccount: accounts[0]!.accountId, accounts };
    },
    renew,
    accounts: () => withToken(authorisedAccounts),
    states: (ids) =>
      withToken(async (token) => {
        const states: MediumAccountState[] = [];
        for (let i = 0; i < ids.length; i += 100) {
          const chunk = ids.slice(i, i + 100);
          const info = infoList.parse(
            (await get(
              'advertiser_info',
              '/2/advertiser/info/',
              { advertiser_ids: JSON.stringify(chunk.map(Number)), fields: '["id","name","status"]' },
              token,
            )) ?? [],
          );
          for (const id of chunk) {
            const fund = (await get('balance', '/2/advertiser/fund/get/', { advertiser_id: id }, token)) as {
              balance?: unknown;
            } | null;
            const row = info.find((r) => String(r.id) === id);
            states.push({
              accountId: id,
              ...(row?.name ? { name: row.name } : {}),
              mediaStatus: row?.status ?? '',
              balance: cents(fund?.balance),
              currency: 'CNY',
            });
          }
        }
        return states;
      }),
    ...deliveryNotBuilt('Ocean Engine'),
    createAd: (ad) =>
      withToken(async (token) => {
        // The API takes no idempotency key: the names carry our request id, and each level is looked
        // up by it before it is made, so an attempt after a lost answer finds what the first made.
        const tag = `[${ad.requestId}]`;
        const landing = oceanLanding(ad.landing);
        const campaignName = `${ad.campaignName.slice(0, 60)} ${tag}`;
        const adName = `${ad.title.slice(0, 40)} ${tag}`;
        const write = (path: string, body: object) =>
          envelopeCall<unknown>(
            ctx,
            'create_ad',
            {
              ...post(path, { advertiser_id: Number(ad.accountId), ...body }),
              headers: { 'content-type': 'application/json', 'access-token': token },
            },
            oceanKind,
          );
        // The first page of the advertiser's objects at a path that match the filter (ours is among them).
        const firstPage = (path: string, filtering: object) =>
          get(
            'create_ad',
            path,
            { advertiser_id: ad.accountId, filtering: JSON.stringify(filtering), page: '1', page_size: '10' },
            token,
          );
        const find = async (path: string, filtering: object, name?: string) => {
          const found = listed.parse(await firstPage(path, filtering));
          const hit = found.list.find((r) => name === undefined || r.name === name);
          return hit ? String(hit.id) : undefined;
        };
        const level = (lookup: () => Promise<string | undefined>, make: () => Promise<unknown>) =>
          madeOnce(lookup, async () => {
            const answer = made.parse(await make());
            return answer.campaign_id ?? answer.ad_id ?? answer.creative_ids?.[0];
          });
        if (ad.landing?.kind === 'mini_program') {
          const names = (path: string, filtering: object) =>
            firstPage(path, filtering).then((answer) => v3Listed.parse(answer ?? {}).list);
          const v3Level = (lookup: () => Promise<string | undefined>, make: () => Promise<unknown>) =>
            madeOnce(lookup, async () => {
              const answer = v3Made.parse((await make()) ?? {});
              return answer.project_id ?? answer.promotion_id;
            });
          const assetId = await miniGameAsset(token, ad.accountId, ad.landing.miniProgramId);
          const projectId = await v3Level(
            async () => {
              const hit = (await names('/v3.0/project/list/', { name: campaignName })).find(
                (p) => p.name === campaignName && p.project_id !== undefined,
              );
              return hit ? String(hit.project_id) : undefined;
            },
            () => write('/v3.0/project/create/', oceanMiniGameProject(ad, campaignName, assetId)),
          );
          const promotionId = await v3Level(
            async () => {
              const hit = (
                await names('/v3.0/promotion/list/', { project_id: Number(projectId), name: adName })
              ).find((p) => (p.promotion_name ?? p.name) === adName && p.promotion_id !== undefined);
              return hit ? String(hit.promotion_id) : undefined;
            },
            () =>
              write('/v3.0/promotion/create/', {
                project_id: Number(projectId),
                name: adName,
                promotion_materials: { title_material_list: [{ title: ad.title }] },
              }),
          );
          return { campaignId: projectId, adgroupId: promotionId, creativeId: promotionId };
        }
        const campaignId = await level(
          () => find('/2/campaign/get/', { campaign_name: campaignName }, campaignName),
          () =>
            write('/2/campaign/create/', {
              campaign_name: campaignName,
              budget_mode: 'BUDGET_MODE_DAY',
              budget: ad.budget / 100,
              landing_type: landing.landingType,
            }),
        );
        const adgroupId = await level(
          () => find('/2/ad/get/', { campaign_id: Number(campaignId), ad_name: adName }, adName),
          () =>
            write('/2/ad/create/', {
              campaign_id: Number(campaignId),
              name: adName,
              budget_mode: 'BUDGET_MODE_DAY',
              budget: ad.budget / 100,
              pricing: 'PRICING_OCPM',
              bid: ad.bid / 100,
              ...landing.ad,
            }),
        );
        const creativeId = await level(
          () => find('/2/creative/get/', { ad_id: Number(adgroupId) }),
          () =>
            write('/2/creative/create_v2/', {
              ad_id: Number(adgroupId),
              creative_material_mode: 'STATIC_ASSEMBLE',
              title_list: [{ title: ad.title }],
            }),
        );
        return { campaignId, adgroupId, creativeId };
      }),
    // Deleted campaigns are asked for too (the report leaves them out by default), so the campaigns
    // of a day add up to the account's.
    campaignReport: (ids, from, to) =>
      withToken((token) =>
        accountRows(
          ids,
          campaignReportPage,
          reportPages(token, 'campaign_report', '/2/report/campaign/get/', {
            start_date: from,
            end_date: to,
            time_granularity: 'STAT_TIME_GRANULARITY_DAILY',
            group_by: '["STAT_GROUP_BY_FIELD_ID","STAT_GROUP_BY_FIELD_STAT_TIME"]',
            filtering: '{"status":"CAMPAIGN_STATUS_ALL"}',
          }),
          (accountId, e): MediumCampaignDay =>
            campaignDay(accountId, e.campaign_id, e.campaign_name, dayFigures(e)),
        ),
      ),
    report: (ids, from, to) =>
      withToken((token) =>
        accountRows(
          ids,
          reportPage,
          reportPages(token, 'report', '/2/report/advertiser/get/', {
            start_date: from,
            end_date: to,
            time_granularity: 'STAT_TIME_GRANULARITY_DAILY',
          }),
          (accountId, e): MediumReportDay => ({ accountId, ...dayFigures(e) }),
        ),
      ),
  };
}
