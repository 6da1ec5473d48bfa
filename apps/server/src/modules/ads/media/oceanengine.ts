import { z } from 'zod';
import { AD_MEDIA } from '@rx/contracts';
import {
  OutsideError,
  type FailureKind,
  type ObtainToken,
  type PartyContext,
} from '../../../lib/outside/index.ts';
import type { AdMediumAdapter, MediumAccount, MediumAccountState, MediumReportDay } from './adapter.ts';
import { cents, envelopeCall } from './envelope.ts';

const API = AD_MEDIA.find((m) => m.code === 'jrtt')!.api;
/** Ocean Engine's documented addresses (a test's stand-in replaces them). */
export const OCEAN_BASE = API.base;
export const OCEAN_AUTHORIZE = API.authorize;

export interface OceanSettings {
  app_id: string;
  redirect_uri: string;
}

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

const authorised = z.object({
  list: z
    .array(
      z.object({
        advertiser_id: z.union([z.number(), z.string()]),
        advertiser_name: z.string().optional(),
        account_role: z.string().optional(),
        is_valid: z.boolean().optional(),
      }),
    )
    .default([]),
});

const agentChildren = z.object({
  list: z.array(z.union([z.number(), z.string()])).default([]),
  page_info: z.object({ total_page: z.number().optional() }).optional(),
});

const infoList = z.array(
  z.object({
    id: z.union([z.number(), z.string()]),
    name: z.string().optional(),
    status: z.string().optional(),
  }),
);

/** `2/report/advertiser/get`: one entry per day (cost in yuan), paged. */
const reportPage = z.object({
  list: z
    .array(
      z.object({
        stat_datetime: z.string(),
        cost: z.union([z.number(), z.string()]).optional(),
        show: z.number().optional(),
        click: z.number().optional(),
        convert: z.number().optional(),
      }),
    )
    .default([]),
  page_info: z.object({ total_page: z.number().optional() }).optional(),
});

/** The lists `2/campaign/get`, `2/ad/get` and `2/creative/get` answer (the ids looked up by name). */
const listed = z.object({
  list: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string().optional() })).default([]),
});

/** What a create answers: the id it made. */
const made = z.object({
  campaign_id: z.union([z.number(), z.string()]).optional(),
  ad_id: z.union([z.number(), z.string()]).optional(),
  creative_ids: z.array(z.union([z.number(), z.string()])).optional(),
});

const AGENT_ROLES = new Set(['AGENT', 'CHILD_AGENT', 'PLATFORM_ROLE_AGENT']);

/**
 * Ocean Engine (Toutiao) marketing API, over its documented endpoints: OAuth (`oauth2/access_token`,
 * `oauth2/refresh_token`: JSON bodies with the app's id and secret; the refresh token rotates),
 * the authorised accounts (`oauth2/advertiser/get`), an agent's advertisers
 * (`2/agent/advertiser/select`), and each advertiser's info and fund (`2/advertiser/info`,
 * `2/advertiser/fund/get`) with the `Access-Token` header. Answers are envelopes (code 0 = done).
 */
export function realOceanEngine(ctx: PartyContext<OceanSettings>): AdMediumAdapter {
  const base = ctx.endpoint(OCEAN_BASE);
  const secret = ctx.credentials.app_secret!;
  const appId = ctx.settings.app_id;
  let renewedGrantExpiry: Date | null | undefined;

  const grantOf = (data: z.infer<typeof tokenData>) => ({
    grant: {
      accessToken: data.access_token,
      refreshToken: data.refresh_token,
      expiresAt: new Date(Date.now() + data.expires_in * 1000),
    },
    grantExpiresAt: data.refresh_token_expires_in
      ? new Date(Date.now() + data.refresh_token_expires_in * 1000)
      : null,
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
  const obtain: ObtainToken = async ({ refreshToken }) => {
    if (!refreshToken) throw new OutsideError('refused', 'not authorised: authorise the account again');
    const { grant, grantExpiresAt } = readToken(
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
    );
    renewedGrantExpiry = grantExpiresAt;
    return grant;
  };
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
      for (let page = 1; page <= 50; page++) {
        const children = agentChildren.parse(
          await get(
            'accounts',
            '/2/agent/advertiser/select/',
            { advertiser_id: id, page: String(page), page_size: '100' },
            accessToken,
          ),
        );
        for (const child of children.list)
          accounts.push({ accountId: String(child), name: String(child), role: 'advertiser', parentId: id });
        if (page >= (children.page_info?.total_page ?? 1)) break;
      }
    }
    return accounts;
  };

  return {
    simulated: false,
    authorizeUrl: (state) => {
      const url = new URL(OCEAN_AUTHORIZE);
      url.searchParams.set('app_id', appId);
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', ctx.settings.redirect_uri);
      return url.toString();
    },
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
    async renew(withinMs) {
      renewedGrantExpiry = undefined;
      await ctx.token(obtain, { renewWithinMs: withinMs });
      return renewedGrantExpiry === undefined ? {} : { grantExpiresAt: renewedGrantExpiry };
    },
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
    // Delivery over the real API (listing and editing live objects) is not built yet: refused, never faked.
    objects: () =>
      Promise.reject(
        new OutsideError('refused', 'Ocean Engine: delivery through the real API is not built yet'),
      ),
    updateObject: () =>
      Promise.reject(
        new OutsideError('refused', 'Ocean Engine: delivery through the real API is not built yet'),
      ),
    createAd: (ad) =>
      withToken(async (token) => {
        // The API takes no idempotency key: the names carry our request id, and each level is looked
        // up by it before it is made, so an attempt after a lost answer finds what the first made.
        const tag = `[${ad.requestId}]`;
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
        const find = async (path: string, filtering: object, name?: string) => {
          const found = listed.parse(
            await get(
              'create_ad',
              path,
              {
                advertiser_id: ad.accountId,
                filtering: JSON.stringify(filtering),
                page: '1',
                page_size: '10',
              },
              token,
            ),
          );
          const hit = found.list.find((r) => name === undefined || r.name === name);
          return hit ? String(hit.id) : undefined;
        };
        // Made once: looked up first; a create whose answer was lost (the platform's trouble, a
        // timeout) is looked up again rather than sent again (the kit does not retry creates).
        const level = async (lookup: () => Promise<string | undefined>, make: () => Promise<unknown>) => {
          for (let attempt = 1; ; attempt++) {
            const found = await lookup();
            if (found) return found;
            try {
              const answer = made.parse(await make());
              const id = answer.campaign_id ?? answer.ad_id ?? answer.creative_ids?.[0];
              if (id === undefined) throw new OutsideError('refused', 'the create answer names no id');
              return String(id);
            } catch (error) {
              const lost =
                error instanceof OutsideError && (error.kind === 'unavailable' || error.kind === 'timeout');
              if (!lost || attempt >= 2) throw error;
            }
          }
        };
        const campaignId = await level(
          () => find('/2/campaign/get/', { campaign_name: campaignName }, campaignName),
          () =>
            write('/2/campaign/create/', {
              campaign_name: campaignName,
              budget_mode: 'BUDGET_MODE_DAY',
              budget: ad.budget / 100,
              landing_type: 'APP',
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
    report: (ids, from, to) =>
      withToken(async (token) => {
        const days: MediumReportDay[] = [];
        for (const id of ids)
          for (let page = 1; page <= 50; page++) {
            const answer = reportPage.parse(
              await get(
                'report',
                '/2/report/advertiser/get/',
                {
                  advertiser_id: id,
                  start_date: from,
                  end_date: to,
                  time_granularity: 'STAT_TIME_GRANULARITY_DAILY',
                  page: String(page),
                  page_size: '100',
                },
                token,
              ),
            );
            for (const entry of answer.list)
              days.push({
                accountId: id,
                day: entry.stat_datetime.slice(0, 10),
                cost: cents(entry.cost),
                impressions: Math.round(entry.show ?? 0),
                clicks: Math.round(entry.click ?? 0),
                conversions: Math.round(entry.convert ?? 0),
              });
            if (page >= (answer.page_info?.total_page ?? 1)) break;
          }
        return days;
      }),
  };
}
