import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AD_MEDIA } from '@rx/contracts';
import {
  OutsideError,
  type FailureKind,
  type ObtainToken,
  type PartyContext,
} from '../../../lib/outside/index.ts';
import type {
  AdMediumAdapter,
  MediumAccount,
  MediumAccountState,
  MediumMinigameDay,
  MediumReportDay,
} from './adapter.ts';
import { envelopeCall } from './envelope.ts';

const API = AD_MEDIA.find((m) => m.code === 'tencent')!.api;
/** Tencent Marketing API's documented addresses (a test's stand-in replaces them). */
export const TENCENT_BASE = API.base;
export const TENCENT_AUTHORIZE = API.authorize;

export interface TencentSettings {
  app_id: string;
  redirect_uri: string;
}

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
      account_id: z.union([z.number(), z.string()]).optional(),
      account_role_type: z.string().optional(),
    })
    .optional(),
});

const advertiserList = z.object({
  list: z
    .array(
      z.object({
        account_id: z.union([z.number(), z.string()]),
        corporation_name: z.string().optional(),
        system_status: z.string().optional(),
      }),
    )
    .default([]),
  page_info: z.object({ total_page: z.number().optional() }).optional(),
});

const fundList = z.object({
  list: z.array(z.object({ balance: z.number().optional(), fund_status: z.string().optional() })).default([]),
});

/** `v3.0/daily_reports/get` at the advertiser level grouped by date: cost in cents, paged. */
const dailyReports = z.object({
  list: z
    .array(
      z.object({
        date: z.string(),
        cost: z.number().optional(),
        view_count: z.number().optional(),
        valid_click_count: z.number().optional(),
        conversions_count: z.number().optional(),
      }),
    )
    .default([]),
  page_info: z.object({ total_page: z.number().optional() }).optional(),
});

/**
 * `v3.0/daily_reports/get` at the promoted-object level grouped by date and promoted object (the
 * WeChat mini-game's AppID): spend and revenue in cents, the mini-game's registration and payment
 * figures of the day's registrations (first day, day 3, day 7 and so far), paged.
 */
const minigameReports = z.object({
  list: z
    .array(
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
    )
    .default([]),
  page_info: z.object({ total_page: z.number().optional() }).optional(),
});
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

/**
 * Tencent Marketing API v3 over its documented protocol: `oauth/token` (authorization_code and
 * refresh_token grants, query parameters), then `v3.0/advertiser/get` and `v3.0/funds/get`, every
 * call carrying `access_token`, a `timestamp` (seconds) and a unique `nonce`. Balances are in cents
 * already. An agency's grant reaches the advertisers `advertiser/get` lists under it.
 */
export function realTencent(ctx: PartyContext<TencentSettings>): AdMediumAdapter {
  const base = ctx.endpoint(TENCENT_BASE);
  const secret = ctx.credentials.app_secret!;
  const appId = ctx.settings.app_id;
  let renewedGrantExpiry: Date | null | undefined;

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
      grantExpiresAt: data.refresh_token_expires_in
        ? new Date(Date.now() + data.refresh_token_expires_in * 1000)
        : null,
    };
  };
  const obtain: ObtainToken = async ({ refreshToken }) => {
    if (!refreshToken) throw new OutsideError('refused', 'not authorised: authorise the account again');
    const { grant, grantExpiresAt } = readToken(
      await tokenCall('refresh', { grant_type: 'refresh_token', refresh_token: refreshToken }),
    );
    renewedGrantExpiry = grantExpiresAt;
    return grant;
  };
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
  const advertisers = async (accountId: string, token: string) => {
    const found: z.infer<typeof advertiserList>['list'] = [];
    for (let page = 1; page <= 50; page++) {
      const answer = advertiserList.parse(
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
      );
      found.push(...answer.list);
      if (page >= (answer.page_info?.total_page ?? 1)) break;
    }
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
    authorizeUrl: (state) => {
      const url = new URL(TENCENT_AUTHORIZE);
      url.searchParams.set('client_id', appId);
      url.searchParams.set('redirect_uri', ctx.settings.redirect_uri);
      url.searchParams.set('state', state);
      return url.toString();
    },
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
    async renew(withinMs) {
      renewedGrantExpiry = undefined;
      await ctx.token(obtain, { renewWithinMs: withinMs });
      return renewedGrantExpiry === undefined ? {} : { grantExpiresAt: renewedGrantExpiry };
    },
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
    // Not built yet over the real API (campaign, ad group and creative creation): refused, never faked.
    // Delivery over the real API (listing and editing live objects) is not built yet: refused, never faked.
    objects: () =>
      Promise.reject(new OutsideError('refused', 'Tencent: delivery through the real API is not built yet')),
    updateObject: () =>
      Promise.reject(new OutsideError('refused', 'Tencent: delivery through the real API is not built yet')),
    createAd: () =>
      Promise.reject(
        new OutsideError('refused', 'Tencent: batch creation through the real API is not built yet'),
      ),
    report: (ids, from, to) =>
      ctx.authorized(obtain, async (token) => {
        const days: MediumReportDay[] = [];
        for (const id of ids)
          for (let page = 1; page <= 50; page++) {
            const answer = dailyReports.parse(
              await get(
                'report',
                '/daily_reports/get',
                {
                  account_id: id,
                  level: 'REPORT_LEVEL_ADVERTISER',
                  date_range: JSON.stringify({ start_date: from, end_date: to }),
                  group_by: '["date"]',
                  fields: '["date","cost","view_count","valid_click_count","conversions_count"]',
                  page: String(page),
                  page_size: '100',
                },
                token,
              ),
            );
            for (const entry of answer.list)
              days.push({
                accountId: id,
                day: entry.date.slice(0, 10),
                cost: Math.round(entry.cost ?? 0),
                impressions: Math.round(entry.view_count ?? 0),
                clicks: Math.round(entry.valid_click_count ?? 0),
                conversions: Math.round(entry.conversions_count ?? 0),
              });
            if (page >= (answer.page_info?.total_page ?? 1)) break;
          }
        return days;
      }),
    minigameReport: (ids, from, to) =>
      ctx.authorized(obtain, async (token) => {
        const days: MediumMinigameDay[] = [];
        const n = (v: number | undefined) => Math.round(v ?? 0);
        for (const id of ids)
          for (let page = 1; page <= 50; page++) {
            const answer = minigameReports.parse(
              await get(
                'minigame_report',
                '/daily_reports/get',
                {
                  account_id: id,
                  level: 'REPORT_LEVEL_PROMOTED_OBJECT',
                  date_range: JSON.stringify({ start_date: from, end_date: to }),
                  group_by: '["date","promoted_object_id"]',
                  fields: JSON.stringify(TENCENT_MINIGAME_FIELDS),
                  page: String(page),
                  page_size: '100',
                },
                token,
              ),
            );
            for (const e of answer.list) {
              const miniGameId = String(e.promoted_object_id ?? '');
              if (!/^wx[0-9a-f]{16}$/.test(miniGameId)) continue; // not a WeChat mini-game
              days.push({
                accountId: id,
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
              });
            }
            if (page >= (answer.page_info?.total_page ?? 1)) break;
          }
        return days;
      }),
  };
}
