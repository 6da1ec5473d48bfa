import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AD_MEDIA } from '@rx/contracts';
import { OutsideError, type FailureKind, type PartyContext } from '../../../lib/outside/index.ts';
import { calendarDay } from '../../../lib/time-window.ts';
import type {
  AdMediumAdapter,
  MediumAccount,
  MediumAccountState,
  MediumCampaignDay,
  MediumLanding,
  MediumMinigameDay,
  MediumReportDay,
} from './adapter.ts';
import { deliveryNotBuilt, envelopeCall, madeOnce } from './envelope.ts';
import { authorizeUrl, expiresIn, grantRenewal, type MediumAppSettings } from './oauth.ts';
import { accountRows, campaignDay, listOf, mediumId, pages } from './lists.ts';

const API = AD_MEDIA.find((m) => m.code === 'tencent')!.api;
/** Tencent Marketing API's documented addresses (a test's stand-in replaces them). */
export const TENCENT_BASE = API.base;
export const TENCENT_AUTHORIZE = API.authorize;

/**
 * Tencent's envelope codes: 11000–11003 an access token it does not accept (renewed once); 11017
 * and 11019 call-frequency limits; 5xxxx its trouble; anything else refuses (the message says why).
 */
export function tencentKind(code: number): FailureKind {
  if (code >= 11000 && code <= 11003) return 'token_expired';
  if (code === 11017 || code === 11019) return 'rate_limited';
  if (code >= 50000 && code < 60000) return 'unavailable';
  return 'refused';
}

const tokenData = z.object({
  access_token: z.string().min(1),
  access_token_expires_in: z.number().positive(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().positive().optional(),
  authorizer_info: z
    .object({
      account_id: mediumId.optional(),
      account_role_type: z.string().optional(),
    })
    .optional(),
});

const advertiserList = listOf(
  z.object({
    account_id: mediumId,
    corporation_name: z.string().optional(),
    system_status: z.string().optional(),
  }),
);

const fundList = listOf(z.object({ balance: z.number().optional(), fund_status: z.string().optional() }));

/** A report entry's day and figures (cost already in cents). */
const dayFigures = (e: {
  date: string;
  cost?: number | undefined;
  view_count?: number | undefined;
  valid_click_count?: number | undefined;
  conversions_count?: number | undefined;
}) => ({
  day: e.date.slice(0, 10),
  cost: Math.round(e.cost ?? 0),
  impressions: Math.round(e.view_count ?? 0),
  clicks: Math.round(e.valid_click_count ?? 0),
  conversions: Math.round(e.conversions_count ?? 0),
});

/** A day's figures of `v3.0/daily_reports/get` (cost in cents). */
const dayEntry = z.object({
  date: z.string(),
  cost: z.number().optional(),
  view_count: z.number().optional(),
  valid_click_count: z.number().optional(),
  conversions_count: z.number().optional(),
});

/** `v3.0/daily_reports/get` at the advertiser level grouped by date: cost in cents, paged. */
const dailyReports = listOf(dayEntry);

/** `v3.0/daily_reports/get` at the ad-group level grouped by date and ad group: cost in cents, paged. */
const adgroupReports = listOf(dayEntry.extend({ adgroup_id: mediumId, adgroup_name: z.string().optional() }));

/**
 * `v3.0/daily_reports/get` at the promoted-object level grouped by date and promoted object (the
 * WeChat mini-game's AppID): spend and revenue in cents, the mini-game's registration and payment
 * figures of the day's registrations (first day, day 3, day 7 and so far), paged.
 */
const minigameReports = listOf(
  z.object({
    date: z.string(),
    promoted_object_id: z.union([z.string(), z.number()]).optional(),
    cost: z.number().optional(),
    view_count: z.number().optional(),
    valid_click_count: z.number().optional(),
    activated_count: z.number().optional(),
    mini_game_register_users: z.number().optional(),
    mini_game_paying_users_d1: z.number().optional(),
    mini_game_paying_amount_d1: z.number().optional(),
    mini_game_paying_amount_d3: z.number().optional(),
    mini_game_paying_amount_d7: z.number().optional(),
    mini_game_paying_users: z.number().optional(),
    mini_game_paying_amount: z.number().optional(),
  }),
);
export const TENCENT_MINIGAME_FIELDS = [
  'date',
  'promoted_object_id',
  'cost',
  'view_count',
  'valid_click_count',
  'activated_count',
  'mini_game_register_users',
  'mini_game_paying_users_d1',
  'mini_game_paying_amount_d1',
  'mini_game_paying_amount_d3',
  'mini_game_paying_amount_d7',
  'mini_game_paying_users',
  'mini_game_paying_amount',
] as const;

/** The lists `v3.0/adgroups/get` and `v3.0/dynamic_creatives/get` answer (looked up by name or ad group). */
const listedAdgroups = listOf(z.object({ adgroup_id: mediumId, adgroup_name: z.string().optional() }));
const listedCreatives = listOf(
  z.object({ dynamic_creative_id: mediumId, dynamic_creative_name: z.string().optional() }),
);

/**
 * A window as Tencent v3 takes it (names from the Marketing API's v3 models, as in its Java SDK):
 * the ad group's `marketing_carrier_type` with the carrier's id, and the creative's
 * `main_jump_info` (`page_type` with its `page_spec`). A mini_program window is the game's WeChat
 * mini-game: MARKETING_CARRIER_TYPE_WECHAT_MINI_GAME with `wechat_mini_game_spec.mini_game_id` (that
 * page takes no path, so the window's path is not sent); an H5 page
 * JUMP_PAGE with `h5_spec.page_url`; an app APP_ANDROID (`android_app_spec.android_app_id`) or, for
 * a numeric App Store id without a package name, APP_IOS (`ios_app_spec.ios_app_id`). The
 * optimisation goal is activation for an app and registration otherwise: an account the medium does
 * not allow it for refuses, and its reason shows on the item.
 */
export function tencentLanding(landing: MediumLanding) {
  const of = (
    carrier: string,
    carrierId: string,
    pageType: string,
    spec: string,
    value: object,
    goal: string,
  ) => ({
    adgroup: {
      marketing_carrier_type: `MARKETING_CARRIER_TYPE_${carrier}`,
      ...(carrierId ? { marketing_carrier_detail: { marketing_carrier_id: carrierId } } : {}),
      optimization_goal: `OPTIMIZATIONGOAL_${goal}`,
    },
    jump: { page_type: `PAGE_TYPE_${pageType}`, page_spec: { [spec]: value } },
  });
  if (landing.kind === 'h5')
    return of('JUMP_PAGE', '', 'H5', 'h5_spec', { page_url: landing.url }, 'APP_REGISTER');
  if (landing.kind === 'app') {
    const ios = /^\d+$/.test(landing.appId) && !landing.packageName;
    return ios
      ? of('APP_IOS', landing.appId, 'IOS_APP', 'ios_app_spec', { ios_app_id: landing.appId }, 'APP_ACTIVATE')
      : of(
          'APP_ANDROID',
          landing.appId,
          'ANDROID_APP',
          'android_app_spec',
          { android_app_id: landing.appId },
          'APP_ACTIVATE',
        );
  }
  return of(
    'WECHAT_MINI_GAME',
    landing.miniProgramId,
    'WECHAT_MINI_GAME',
    'wechat_mini_game_spec',
    { mini_game_id: landing.miniProgramId },
    'APP_REGISTER',
  );
}

/**
 * Tencent Marketing API v3 over its documented protocol: `oauth/token` (authorization_code and
 * refresh_token grants, query parameters), then `v3.0/advertiser/get` and `v3.0/funds/get`, every
 * call carrying `access_token`, a `timestamp` (seconds) and a unique `nonce`. Balances are in cents
 * already. An agency's grant reaches the advertisers `advertiser/get` lists under it.
 */
export function realTencent(ctx: PartyContext<MediumAppSettings>): AdMediumAdapter {
  const base = ctx.endpoint(TENCENT_BASE);
  const secret = ctx.credentials.app_secret!;
  const appId = ctx.settings.app_id;

  const tokenCall = (operation: string, query: Record<string, string>) =>
    envelopeCall<unknown>(
      ctx,
      operation,
      {
        method: 'GET',
        url: `${base}/oauth/token?${new URLSearchParams({
          client_id: appId,
          client_secret: secret,
          ...query,
        }).toString()}`,
      },
      tencentKind,
    );
  const readToken = (value: unknown) => {
    const parsed = tokenData.safeParse(value);
    if (!parsed.success) throw new OutsideError('refused', 'the token answer has no access_token');
    const data = parsed.data;
    ctx.secret(data.access_token);
    if (data.refresh_token) ctx.secret(data.refresh_token);
    return {
      data,
      grant: {
        accessToken: data.access_token,
        ...(data.refresh_token ? { refreshToken: data.refresh_token } : {}),
        expiresAt: new Date(Date.now() + data.access_token_expires_in * 1000),
      },
      grantExpiresAt: expiresIn(data.refresh_token_expires_in),
    };
  };
  const { obtain, renew } = grantRenewal(ctx, async (refreshToken) =>
    readToken(await tokenCall('refresh', { grant_type: 'refresh_token', refresh_token: refreshToken })),
  );
  /** A v3 read: the common parameters are made again for each attempt (a fresh timestamp and nonce). */
  const get = (operation: string, path: string, query: Record<string, string>, token: string) =>
    envelopeCall<unknown>(
      ctx,
      operation,
      () => ({
        method: 'GET',
        url: `${base}/v3.0${path}?${new URLSearchParams({
          access_token: token,
          timestamp: String(Math.floor(Date.now() / 1000)),
          nonce: randomBytes(16).toString('hex'),
          ...query,
        }).toString()}`,
      }),
      tencentKind,
    );

  /** Reads a page of `daily_reports/get` of an account over the days at a level (100 entries a page). */
  const dailyReportPages =
    (
      token: string,
      operation: string,
      from: string,
      to: string,
      ask: Record<'level' | 'group_by' | 'fields', string>,
    ) =>
    (id: string, page: number) =>
      get(
        operation,
        '/daily_reports/get',
        {
          account_id: id,
          level: ask.level,
          date_range: JSON.stringify({ start_date: from, end_date: to }),
          group_by: ask.group_by,
          fields: ask.fields,
          page: String(page),
          page_size: '100',
        },
        token,
      );
  /** A v3 write: the common parameters in the query (fresh each attempt), the fields as a JSON body. */
  const post = (operation: string, path: string, body: object, token: string) =>
    envelopeCall<unknown>(
      ctx,
      operation,
      () => ({
        method: 'POST',
        url: `${base}/v3.0${path}?${new URLSearchParams({
          access_token: token,
          timestamp: String(Math.floor(Date.now() / 1000)),
          nonce: randomBytes(16).toString('hex'),
        }).toString()}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      tencentKind,
    );
  const advertisers = async (accountId: string, token: string) => {
    const found: z.infer<typeof advertiserList>['list'] = [];
    for await (const list of pages(50, async (page) =>
      advertiserList.parse(
        await get(
          'advertiser_info',
          '/advertiser/get',
          {
            account_id: accountId,
            fields: '["account_id","corporation_name","system_status"]',
            pagination_mode: 'PAGINATION_MODE_NORMAL',
            page: String(page),
            page_size: '100',
          },
          token,
        ),
      ),
    ))
      found.push(...list);
    return found;
  };
  const reach = async (root: string, agent: boolean, token: string): Promise<MediumAccount[]> => {
    const listed = await advertisers(root, token);
    const self = listed.find((a) => String(a.account_id) === root);
    const accounts: MediumAccount[] = [
      { accountId: root, name: self?.corporation_name || root, role: agent ? 'agent' : 'advertiser' },
    ];
    if (agent)
      for (const entry of listed.filter((a) => String(a.account_id) !== root))
        accounts.push({
          accountId: String(entry.account_id),
          name: entry.corporation_name || String(entry.account_id),
          role: 'advertiser',
          parentId: root,
        });
    return accounts;
  };

  return {
    simulated: false,
    authorizeUrl: (state) =>
      authorizeUrl(TENCENT_AUTHORIZE, { client_id: appId, redirect_uri: ctx.settings.redirect_uri, state }),
    async exchange(code) {
      const { data, grant, grantExpiresAt } = readToken(
        await tokenCall('token', {
          grant_type: 'authorization_code',
          authorization_code: code,
          redirect_uri: ctx.settings.redirect_uri,
        }),
      );
      const root = data.authorizer_info?.account_id;
      if (root === undefined) throw new OutsideError('refused', 'the authorisation names no account');
      const agent = (data.authorizer_info?.account_role_type ?? '').includes('AGENCY');
      const accounts = await reach(String(root), agent, grant.accessToken);
      return { grant, grantExpiresAt, grantAccount: String(root), accounts };
    },
    renew,
    accounts: () =>
      ctx.authorized(obtain, async (token) => {
        const listed = await advertisers(ctx.account, token);
        return reach(
          ctx.account,
          listed.some((a) => String(a.account_id) !== ctx.account),
          token,
        );
      }),
    states: (ids) =>
      ctx.authorized(obtain, async (token) => {
        const states: MediumAccountState[] = [];
        for (const id of ids) {
          const info = (await advertisers(id, token)).find((a) => String(a.account_id) === id);
          const funds = fundList.parse(await get('balance', '/funds/get', { account_id: id }, token));
          states.push({
            accountId: id,
            ...(info?.corporation_name ? { name: info.corporation_name } : {}),
            mediaStatus: info?.system_status ?? '',
            balance: Math.round(funds.list.reduce((sum, f) => sum + (f.balance ?? 0), 0)),
            currency: 'CNY',
          });
        }
        return states;
      }),
    ...deliveryNotBuilt('Tencent'),
    // v3 has no campaign level: an ad is an ad group (`adgroups/add`: budget, bid, carrier) and a
    // dynamic creative under it (`dynamic_creatives/add`: title and where it jumps); the ad group
    // stands for the campaign. Names carry our request id and each level is looked up by it before
    // it is made (the API takes no idempotency key), as for Ocean Engine.
    createAd: (ad) => {
      if (!ad.landing)
        return Promise.reject(
          new OutsideError('refused', 'Tencent: an ad needs a landing window (mini-game, H5 page or app)'),
        );
      const landing = tencentLanding(ad.landing);
      return ctx.authorized(obtain, async (token) => {
        const tag = `[${ad.requestId}]`;
        const adgroupName = `${ad.campaignName.slice(0, 60)} ${tag}`;
        const creativeName = `${ad.title.slice(0, 40)} ${tag}`;
        const account = Number(ad.accountId);
        // The first page of the account's objects whose `field` equals `value` (at most one is ours).
        const lookUp = (path: string, field: string, value: string) =>
          get(
            'create_ad',
            path,
            {
              account_id: ad.accountId,
              filtering: JSON.stringify([{ field, operator: 'EQUALS', values: [value] }]),
              page: '1',
              page_size: '10',
            },
            token,
          );
        const adgroupId = await madeOnce(
          async () => {
            const found = listedAdgroups.parse(await lookUp('/adgroups/get', 'adgroup_name', adgroupName));
            const hit = found.list.find((g) => g.adgroup_name === adgroupName);
            return hit ? String(hit.adgroup_id) : undefined;
          },
          async () =>
            z.object({ adgroup_id: mediumId.optional() }).parse(
              await post(
                'create_ad',
                '/adgroups/add',
                {
                  account_id: account,
                  adgroup_name: adgroupName,
                  marketing_goal: 'MARKETING_GOAL_USER_GROWTH',
                  ...landing.adgroup,
                  begin_date: calendarDay(new Date(), 'Asia/Shanghai'),
                  automatic_site_enabled: true,
                  bid_mode: 'BID_MODE_OCPM',
                  // Both in cents, as v3 takes them.
                  daily_budget: ad.budget,
                  bid_amount: ad.bid,
                },
                token,
              ),
            ).adgroup_id,
        );
        const creativeId = await madeOnce(
          async () => {
            const found = listedCreatives.parse(
              await lookUp('/dynamic_creatives/get', 'adgroup_id', adgroupId),
            );
            const hit = found.list.find((c) => c.dynamic_creative_name === creativeName);
            return hit ? String(hit.dynamic_creative_id) : undefined;
          },
          async () =>
            z.object({ dynamic_creative_id: mediumId.optional() }).parse(
              await post(
                'create_ad',
                '/dynamic_creatives/add',
                {
                  account_id: account,
                  adgroup_id: Number(adgroupId),
                  dynamic_creative_name: creativeName,
                  dynamic_creative_type: 'DYNAMIC_CREATIVE_TYPE_COMMON',
                  delivery_mode: 'DELIVERY_MODE_COMPONENT',
                  creative_components: {
                    title: [{ value: { content: ad.title } }],
                    main_jump_info: [{ value: landing.jump }],
                  },
                },
                token,
              ),
            ).dynamic_creative_id,
        );
        return { campaignId: adgroupId, adgroupId, creativeId };
      });
    },
    report: (ids, from, to) =>
      ctx.authorized(obtain, (token) =>
        accountRows(
          ids,
          dailyReports,
          dailyReportPages(token, 'report', from, to, {
            level: 'REPORT_LEVEL_ADVERTISER',
            group_by: '["date"]',
            fields: '["date","cost","view_count","valid_click_count","conversions_count"]',
          }),
          (accountId, e): MediumReportDay => ({ accountId, ...dayFigures(e) }),
        ),
      ),
    // v3 has no campaign level (its report levels are the advertiser, the ad group and below): the
    // ad group, which stands for the campaign, is reported per day.
    campaignReport: (ids, from, to) =>
      ctx.authorized(obtain, (token) =>
        accountRows(
          ids,
          adgroupReports,
          dailyReportPages(token, 'campaign_report', from, to, {
            level: 'REPORT_LEVEL_ADGROUP',
            group_by: '["date","adgroup_id"]',
            fields:
              '["date","adgroup_id","adgroup_name","cost","view_count","valid_click_count","conversions_count"]',
          }),
          (accountId, e): MediumCampaignDay =>
            campaignDay(accountId, e.adgroup_id, e.adgroup_name, dayFigures(e)),
        ),
      ),
    minigameReport: (ids, from, to) =>
      ctx.authorized(obtain, (token) => {
        const n = (v: number | undefined) => Math.round(v ?? 0);
        return accountRows(
          ids,
          minigameReports,
          dailyReportPages(token, 'minigame_report', from, to, {
            level: 'REPORT_LEVEL_PROMOTED_OBJECT',
            group_by: '["date","promoted_object_id"]',
            fields: JSON.stringify(TENCENT_MINIGAME_FIELDS),
          }),
          (accountId, e): MediumMinigameDay | undefined => {
            const miniGameId = String(e.promoted_object_id ?? '');
            if (!/^wx[0-9a-f]{16}$/.test(miniGameId)) return undefined; // not a WeChat mini-game
            return {
              accountId,
              miniGameId,
              day: e.date.slice(0, 10),
              cost: n(e.cost),
              impressions: n(e.view_count),
              clicks: n(e.valid_click_count),
              activations: n(e.activated_count),
              registrations: n(e.mini_game_register_users),
              payUsersD1: n(e.mini_game_paying_users_d1),
              payAmountD1: n(e.mini_game_paying_amount_d1),
              payAmountD3: n(e.mini_game_paying_amount_d3),
              payAmountD7: n(e.mini_game_paying_amount_d7),
              payUsers: n(e.mini_game_paying_users),
              payAmount: n(e.mini_game_paying_amount),
            };
          },
        );
      }),
  };
}
