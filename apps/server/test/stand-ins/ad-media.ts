import { randomBytes } from 'node:crypto';
import { startStandIn, type Received, type Reply, type StandIn } from './server.ts';

/*
 * Stand-ins of two media's marketing APIs, written from their public documentation: answers are
 * HTTP 200 envelopes `{ code, message, data }` (code 0 = done).
 */

const ok = (data: unknown): Reply => ({ status: 200, body: { code: 0, message: 'OK', data } });
const refuse = (code: number, message: string): Reply => ({ status: 200, body: { code, message, data: {} } });
const token = (what: string) => `${what}-${randomBytes(8).toString('hex')}`;

/** A medium stand-in: its address, what it received, and failures to answer next. */
export interface MediumStandIn extends StandIn {
  /** Envelope codes to answer the next API calls with (one each), before answering normally. */
  plan(...codes: number[]): void;
  /** Forgets every access token issued (the medium revoked them). */
  revokeAll(): void;
  refreshes: number;
  appId: string;
  secret: string;
  /** The medium restates a day: its report answers other figures for it from now on. */
  restate(day: string): void;
}

/** Ocean Engine's stand-in also makes campaigns, ads and creatives, and v3 projects and promotions. */
export interface OceanStandIn extends MediumStandIn {
  made: {
    kind: 'campaign' | 'ad' | 'creative' | 'project' | 'promotion';
    id: number;
    name: string;
    parent: number;
    advertiser: number;
    body: Record<string, unknown>;
  }[];
  /** The next creates are made but their answer is lost (an internal error answered instead). */
  loseAnswers(n: number): void;
}

/** Tencent's stand-in also makes ad groups and dynamic creatives. */
export interface TencentStandIn extends MediumStandIn {
  nonces: Set<string>;
  made: {
    kind: 'adgroup' | 'creative';
    id: number;
    name: string;
    parent: number;
    account: number;
    body: Record<string, unknown>;
  }[];
  /** The next creates are made but their answer is lost (an internal error answered instead). */
  loseAnswers(n: number): void;
  /** The next creates are refused (11012, nothing made), as the medium refuses a field it rejects. */
  refuseCreates(n: number): void;
}

/** The days from one `YYYY-MM-DD` to another, inclusive (none when either is not a day). */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return days;
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** A day's figures at the stand-in: small numbers derived from the account, the day and its restatements. */
export function reportFigures(account: string, day: string, restated: number) {
  const n = [...`${account}${day}${restated}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100_003, 7);
  const impressions = 1000 + (n % 9000);
  const clicks = 10 + (n % 90);
  return { impressions, clicks, conversions: 1 + (n % 9), costCents: clicks * 150 + (n % 100) };
}

/**
 * A day's figures per campaign at the stand-in: the account's day split over two campaigns (ids
 * `<account>1` and `<account>2`), the first a third of each figure, the second the rest.
 */
export function campaignFigures(account: string, day: string, restated: number) {
  const f = reportFigures(account, day, restated);
  const third = {
    impressions: Math.floor(f.impressions / 3),
    clicks: Math.floor(f.clicks / 3),
    conversions: Math.floor(f.conversions / 3),
    costCents: Math.floor(f.costCents / 3),
  };
  return [
    { campaignId: `${account}1`, name: `Campaign ${account}1`, ...third },
    {
      campaignId: `${account}2`,
      name: `Campaign ${account}2`,
      impressions: f.impressions - third.impressions,
      clicks: f.clicks - third.clicks,
      conversions: f.conversions - third.conversions,
      costCents: f.costCents - third.costCents,
    },
  ];
}

/** A page of a list as both media answer it. */
const paged = <T>(rows: T[], q: URLSearchParams, size0: number) => {
  const size = Number(q.get('page_size') ?? size0);
  const page = Number(q.get('page') ?? 1);
  return ok({
    list: rows.slice((page - 1) * size, page * size),
    page_info: {
      page,
      page_size: size,
      total_number: rows.length,
      total_page: Math.ceil(rows.length / size),
    },
  });
};

/** A stand-in mini-game day's figures, in the report's field names (cents), from a report day's. */
export function minigameFigures(f: ReturnType<typeof reportFigures>) {
  return {
    cost: f.costCents,
    view_count: f.impressions,
    valid_click_count: f.clicks,
    activated_count: f.conversions,
    mini_game_register_users: f.conversions,
    mini_game_paying_users_d1: 1,
    mini_game_paying_amount_d1: 600 + f.clicks,
    mini_game_paying_amount_d3: 1200 + f.clicks,
    mini_game_paying_amount_d7: 1800 + f.clicks,
    mini_game_paying_users: 2,
    mini_game_paying_amount: 2400 + f.clicks,
  };
}

function tokens() {
  const access = new Set<string>();
  const refresh = new Set<string>();
  return {
    access,
    refresh,
    issue() {
      const a = token('access');
      const r = token('refresh');
      access.add(a);
      refresh.add(r);
      return { a, r };
    },
  };
}

/**
 * Ocean Engine (`/open_api/...`): OAuth with JSON bodies (`oauth2/access_token`, grant_type
 * `auth_code`; `oauth2/refresh_token`, which rotates the refresh token), authorised accounts
 * (`oauth2/advertiser/get`, app id and secret in the query), an agent's advertisers, advertiser info
 * and fund with the `Access-Token` header. 40102: access token expired; 40100: too many requests.
 * The code `good-code` grants agent 1700000001 with advertisers 1700000011 and 1700000012.
 * `2/report/advertiser/get` answers each day's figures (cost in yuan), paged. `advertisers` sets how
 * many the agent has (1700000011, 1700000012, …; two unless said), its list paged as documented.
 * Each advertiser has the WeChat mini-game assets of `OCEAN_WECHAT_GAMES` (`v3.0/tools/wechat_game/list/`);
 * a v3 project (`v3.0/project/create/`) with `landing_type` MICRO_GAME needs `micro_promotion_type`,
 * and WECHAT_GAME an approved asset's `micro_app_instance_id`; its promotion takes no
 * `mini_program_info` (Douyin mini-programs only); `2/ad/create/` refuses mini-game fields it has not.
 */
/** The stand-in's WeChat mini-game assets of every advertiser: one approved, one under review. */
export const OCEAN_WECHAT_GAMES = [
  {
    instance_id: 7100000001,
    user_name: 'gh_5e1ad0ca11ed',
    name: '仙侠小游戏',
    path: '',
    audit_status: 'AUDIT_ACCEPTED',
  },
  {
    instance_id: 7100000002,
    user_name: 'gh_0a11d17ed000',
    name: '审核中小游戏',
    path: '',
    audit_status: 'AUDITING',
  },
];

/** Why a v3 project body is refused (documented requirements), or undefined. */
function projectFault(json: Record<string, unknown>): string | undefined {
  if (typeof json.name !== 'string' || !json.name) return 'name is required';
  if (
    !['APP', 'LINK', 'MICRO_GAME', 'SHOP', 'QUICK_APP', 'NATIVE_ACTION', 'DPA'].includes(
      String(json.landing_type),
    )
  )
    return 'landing_type invalid';
  if (!['VIDEO_AND_IMAGE', 'LIVE'].includes(String(json.marketing_goal))) return 'marketing_goal invalid';
  if (!['ALL', 'SEARCH'].includes(String(json.ad_type))) return 'ad_type invalid';
  const range = json.delivery_range as { inventory_catalog?: unknown } | undefined;
  if (!range || !['MANUAL', 'UNIVERSAL_SMART'].includes(String(range.inventory_catalog)))
    return 'delivery_range.inventory_catalog invalid';
  const setting = json.delivery_setting as Record<string, unknown> | undefined;
  if (!setting || typeof setting.budget_mode !== 'string' || typeof setting.bid_type !== 'string')
    return 'delivery_setting.budget_mode and bid_type are required';
  if (json.landing_type === 'MICRO_GAME') {
    if (!['WECHAT_GAME', 'WECHAT_APP', 'BYTE_GAME', 'BYTE_APP'].includes(String(json.micro_promotion_type)))
      return 'micro_promotion_type is required with landing_type MICRO_GAME';
    if (json.micro_promotion_type === 'WECHAT_GAME') {
      const asset = OCEAN_WECHAT_GAMES.find((g) => g.instance_id === json.micro_app_instance_id);
      if (!asset) return 'micro_app_instance_id is not a WeChat mini-game asset of the account';
      if (asset.audit_status !== 'AUDIT_ACCEPTED') return 'the mini-game asset is not approved';
    }
  }
  return undefined;
}

export async function startOceanEngine(options: { advertisers?: number } = {}): Promise<OceanStandIn> {
  const appId = '1700';
  const secret = 'ocean-secret';
  const held = tokens();
  let planned: number[] = [];
  const accounts = {
    agent: 1700000001,
    advertisers: Array.from({ length: options.advertisers ?? 2 }, (_, i) => 1700000011 + i),
  };
  const restated = new Map<string, number>();
  const stand = {} as OceanStandIn;
  const made: OceanStandIn['made'] = [];
  let lose = 0;
  let nextId = 9_000_000;
  const create = (
    kind: OceanStandIn['made'][number]['kind'],
    name: string,
    parent: number,
    advertiser: number,
    body: Record<string, unknown> = {},
  ) => {
    const id = ++nextId;
    made.push({ kind, id, name, parent, advertiser, body });
    if (lose > 0) {
      lose -= 1;
      return refuse(50000, 'internal error');
    }
    const answers = {
      campaign: { campaign_id: id },
      ad: { ad_id: id },
      creative: { creative_ids: [id] },
      project: { project_id: id },
      promotion: { promotion_id: id },
    };
    return ok(answers[kind]);
  };
  /** `v3.0/project/list/` and `v3.0/promotion/list/`, filtered by name (and a promotion's project). */
  const v3Lookup = (kind: 'project' | 'promotion', r: Received) => {
    const filtering = JSON.parse(r.query.get('filtering') ?? '{}') as Record<string, unknown>;
    const advertiser = Number(r.query.get('advertiser_id'));
    const list = made.filter(
      (m) =>
        m.kind === kind &&
        m.advertiser === advertiser &&
        (filtering.name === undefined || m.name === filtering.name) &&
        (filtering.project_id === undefined || m.parent === filtering.project_id),
    );
    return ok({
      list: list.map((m) =>
        kind === 'project'
          ? { project_id: m.id, name: m.name }
          : { promotion_id: m.id, promotion_name: m.name },
      ),
      page_info: { page: 1, page_size: 10, total_number: list.length, total_page: 1 },
    });
  };
  const lookup = (kind: OceanStandIn['made'][number]['kind'], r: Received) => {
    const filtering = JSON.parse(r.query.get('filtering') ?? '{}') as Record<string, unknown>;
    const advertiser = Number(r.query.get('advertiser_id'));
    const list = made.filter(
      (m) =>
        m.kind === kind &&
        m.advertiser === advertiser &&
        (filtering.campaign_name === undefined || m.name === filtering.campaign_name) &&
        (filtering.ad_name === undefined || m.name === filtering.ad_name) &&
        (filtering.campaign_id === undefined || m.parent === filtering.campaign_id) &&
        (filtering.ad_id === undefined || m.parent === filtering.ad_id),
    );
    return ok({ list: list.map((m) => ({ id: m.id, name: m.name })), page_info: { total_page: 1 } });
  };
  const authorised = (r: Received) => held.access.has(String(r.headers['access-token'] ?? ''));
  const handle = (r: Received): Reply => {
    const next = planned.shift();
    if (next) return refuse(next, next === 40100 ? 'Too many requests' : 'planned failure');
    const json = r.body ? (JSON.parse(r.body) as Record<string, unknown>) : {};
    switch (r.path) {
      case '/open_api/oauth2/access_token/': {
        if (json.app_id !== appId || json.secret !== secret) return refuse(40001, 'app_id or secret invalid');
        if (json.grant_type !== 'auth_code' || json.auth_code !== 'good-code')
          return refuse(40109, 'auth_code is invalid');
        const { a, r: refresh } = held.issue();
        return ok({
          access_token: a,
          expires_in: 86399,
          refresh_token: refresh,
          refresh_token_expires_in: 2591999,
          advertiser_ids: [accounts.agent],
        });
      }
      case '/open_api/oauth2/refresh_token/': {
        if (json.secret !== secret || json.grant_type !== 'refresh_token')
          return refuse(40001, 'bad request');
        if (!held.refresh.delete(String(json.refresh_token))) return refuse(40107, 'refresh_token expired');
        stand.refreshes += 1;
        const { a, r: refresh } = held.issue();
        return ok({
          access_token: a,
          expires_in: 86399,
          refresh_token: refresh,
          refresh_token_expires_in: 2591999,
        });
      }
      case '/open_api/oauth2/advertiser/get/':
        if (!held.access.has(r.query.get('access_token') ?? '')) return refuse(40102, 'access_token expired');
        if (r.query.get('secret') !== secret) return refuse(40001, 'secret invalid');
        return ok({
          list: [
            {
              advertiser_id: accounts.agent,
              advertiser_name: 'Stand-in agent',
              account_role: 'AGENT',
              is_valid: true,
            },
          ],
        });
      case '/open_api/2/agent/advertiser/select/': {
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        const size = Number(r.query.get('page_size') ?? 100);
        const page = Number(r.query.get('page') ?? 1);
        return ok({
          list: accounts.advertisers.slice((page - 1) * size, page * size),
          page_info: {
            page,
            page_size: size,
            total_number: accounts.advertisers.length,
            total_page: Math.ceil(accounts.advertisers.length / size),
          },
        });
      }
      case '/open_api/2/advertiser/info/': {
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        const ids = JSON.parse(r.query.get('advertiser_ids') ?? '[]') as number[];
        return ok(ids.map((id) => ({ id, name: `Advertiser ${id}`, status: 'STATUS_ENABLE' })));
      }
      case '/open_api/2/report/advertiser/get/': {
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        if (r.query.get('time_granularity') !== 'STAT_TIME_GRANULARITY_DAILY')
          return refuse(40002, 'time_granularity invalid');
        const days = daysFrom(r.query.get('start_date') ?? '', r.query.get('end_date') ?? '');
        if (!days.length) return refuse(40002, 'start_date or end_date invalid');
        const size = Number(r.query.get('page_size') ?? 20);
        const page = Number(r.query.get('page') ?? 1);
        const id = r.query.get('advertiser_id') ?? '';
        return ok({
          list: days.slice((page - 1) * size, page * size).map((day) => {
            const f = reportFigures(id, day, restated.get(day) ?? 0);
            return {
              stat_datetime: `${day} 00:00:00`,
              cost: f.costCents / 100,
              show: f.impressions,
              click: f.clicks,
              convert: f.conversions,
            };
          }),
          page_info: {
            page,
            page_size: size,
            total_number: days.length,
            total_page: Math.ceil(days.length / size),
          },
        });
      }
      case '/open_api/2/report/campaign/get/': {
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        if (
          r.query.get('group_by') !== '["STAT_GROUP_BY_FIELD_ID","STAT_GROUP_BY_FIELD_STAT_TIME"]' ||
          r.query.get('time_granularity') !== 'STAT_TIME_GRANULARITY_DAILY'
        )
          return refuse(40002, 'group_by or time_granularity invalid');
        const days = daysFrom(r.query.get('start_date') ?? '', r.query.get('end_date') ?? '');
        if (!days.length) return refuse(40002, 'start_date or end_date invalid');
        const id = r.query.get('advertiser_id') ?? '';
        const rows = days.flatMap((day) =>
          campaignFigures(id, day, restated.get(day) ?? 0).map((c) => ({
            campaign_id: Number(c.campaignId),
            campaign_name: c.name,
            stat_datetime: `${day} 00:00:00`,
            cost: c.costCents / 100,
            show: c.impressions,
            click: c.clicks,
            convert: c.conversions,
          })),
        );
        return paged(rows, r.query, 20);
      }
      case '/open_api/2/campaign/get/':
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        return lookup('campaign', r);
      case '/open_api/2/ad/get/':
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        return lookup('ad', r);
      case '/open_api/2/creative/get/':
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        return lookup('creative', r);
      case '/open_api/2/campaign/create/':
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        if (json.budget_mode !== 'BUDGET_MODE_DAY' || typeof json.campaign_name !== 'string')
          return refuse(40002, 'campaign_name or budget_mode invalid');
        return create('campaign', json.campaign_name, 0, Number(json.advertiser_id));
      case '/open_api/2/ad/create/':
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        for (const field of ['micro_app_id', 'start_path', 'micro_promotion_type'])
          if (field in json) return refuse(40002, `${field} is not a parameter of 2/ad/create`);
        if (!made.some((m) => m.kind === 'campaign' && m.id === json.campaign_id))
          return refuse(40002, 'campaign_id not found');
        return create('ad', String(json.name), Number(json.campaign_id), Number(json.advertiser_id));
      case '/open_api/2/creative/create_v2/':
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        if (!made.some((m) => m.kind === 'ad' && m.id === json.ad_id))
          return refuse(40002, 'ad_id not found');
        return create(
          'creative',
          JSON.stringify(json.title_list),
          Number(json.ad_id),
          Number(json.advertiser_id),
        );
      case '/open_api/v3.0/tools/wechat_game/list/': {
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        if (
          r.query.get('account_type') !== 'AD' ||
          !accounts.advertisers.includes(Number(r.query.get('account_id')))
        )
          return refuse(40002, 'account_id or account_type invalid');
        return paged(OCEAN_WECHAT_GAMES, r.query, 10);
      }
      case '/open_api/v3.0/project/list/':
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        return v3Lookup('project', r);
      case '/open_api/v3.0/promotion/list/':
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        return v3Lookup('promotion', r);
      case '/open_api/v3.0/project/create/': {
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        const fault = projectFault(json);
        if (fault) return refuse(40002, fault);
        return create('project', String(json.name), 0, Number(json.advertiser_id), json);
      }
      case '/open_api/v3.0/promotion/create/': {
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        const project = made.find(
          (m) =>
            m.kind === 'project' && m.id === json.project_id && m.advertiser === Number(json.advertiser_id),
        );
        if (!project) return refuse(40002, 'project_id not found');
        const materials = json.promotion_materials as Record<string, unknown> | undefined;
        const titles = materials?.title_material_list;
        if (typeof json.name !== 'string' || !Array.isArray(titles) || !titles.length)
          return refuse(40002, 'name and promotion_materials.title_material_list are required');
        if (materials?.mini_program_info && String(project.body.micro_promotion_type).startsWith('WECHAT'))
          return refuse(40002, 'mini_program_info is for BYTE_APP and BYTE_GAME only');
        return create('promotion', json.name, project.id, Number(json.advertiser_id), json);
      }
      case '/open_api/2/advertiser/fund/get/':
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        return ok({
          advertiser_id: Number(r.query.get('advertiser_id')),
          balance: 1234.56,
          valid_balance: 1200,
        });
      default:
        return { status: 404, body: 'not found' };
    }
  };
  const server = await startStandIn(handle);
  return Object.assign(stand, server, {
    appId,
    secret,
    refreshes: 0,
    plan: (...codes: number[]) => {
      planned = codes;
    },
    revokeAll: () => held.access.clear(),
    restate: (day: string) => restated.set(day, (restated.get(day) ?? 0) + 1),
    made,
    loseAnswers: (n: number) => {
      lose = n;
    },
  });
}

/**
 * Tencent Marketing API v3: `oauth/token` (query parameters; authorization_code and refresh_token
 * grants), `v3.0/advertiser/get` and `v3.0/funds/get`, each requiring `access_token`, a `timestamp`
 * within 300 s and a `nonce` never seen before (else refused); `v3.0/daily_reports/get` answers each
 * day's figures at the advertiser level grouped by date (cost in cents). Balances in cents. The code
 * `good-code` grants advertiser 2000001.
 */
export async function startTencent(): Promise<TencentStandIn> {
  const appId = '1112';
  const secret = 'tencent-secret';
  const held = tokens();
  const nonces = new Set<string>();
  const restated = new Map<string, number>();
  let planned: number[] = [];
  const stand = {} as TencentStandIn;
  const made: TencentStandIn['made'] = [];
  let lose = 0;
  let refusing = 0;
  let nextId = 7_000_000;
  /** `filtering` as v3 takes it: [{ field, operator EQUALS, values }]. */
  const matches = (q: URLSearchParams, field: string, value: string | number) => {
    const filters = JSON.parse(q.get('filtering') ?? '[]') as {
      field: string;
      operator: string;
      values: unknown[];
    }[];
    const f = filters.find((x) => x.field === field);
    return !f || (f.operator === 'EQUALS' && f.values.map(String).includes(String(value)));
  };
  const handle = (r: Received): Reply => {
    const next = planned.shift();
    if (next) return refuse(next, 'planned failure');
    const q = r.query;
    if (r.path === '/oauth/token') {
      if (q.get('client_id') !== appId || q.get('client_secret') !== secret)
        return refuse(11004, 'client_id or client_secret invalid');
      if (q.get('grant_type') === 'authorization_code') {
        if (q.get('authorization_code') !== 'good-code' || !q.get('redirect_uri'))
          return refuse(11005, 'authorization_code invalid');
        const { a, r: refresh } = held.issue();
        return ok({
          authorizer_info: { account_id: 2000001, account_role_type: 'ACCOUNT_ROLE_TYPE_ADVERTISER' },
          access_token: a,
          refresh_token: refresh,
          access_token_expires_in: 86400,
          refresh_token_expires_in: 2592000,
        });
      }
      if (q.get('grant_type') === 'refresh_token') {
        if (!held.refresh.has(q.get('refresh_token') ?? '')) return refuse(11006, 'refresh_token invalid');
        stand.refreshes += 1;
        const a = token('access');
        held.access.add(a);
        return ok({ access_token: a, access_token_expires_in: 86400 });
      }
      return refuse(11007, 'grant_type invalid');
    }
    const timestamp = Number(q.get('timestamp'));
    const nonce = q.get('nonce') ?? '';
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return refuse(11008, 'timestamp invalid');
    if (!nonce || nonces.has(nonce)) return refuse(11009, 'nonce reused');
    nonces.add(nonce);
    if (!held.access.has(q.get('access_token') ?? '')) return refuse(11002, 'access_token expired');
    if (r.path === '/v3.0/advertiser/get') {
      if (q.get('pagination_mode') !== 'PAGINATION_MODE_NORMAL' || !q.get('page_size'))
        return refuse(11010, 'pagination required');
      const id = Number(q.get('account_id'));
      return ok({
        list: [{ account_id: id, corporation_name: `Corp ${id}`, system_status: 'CUSTOMER_STATUS_NORMAL' }],
        page_info: { page: 1, page_size: 100, total_number: 1, total_page: 1 },
      });
    }
    if (r.path === '/v3.0/daily_reports/get' && q.get('level') === 'REPORT_LEVEL_PROMOTED_OBJECT') {
      // Mini-games: each day of the range, the advertiser's two promoted objects (a mini-game and an
      // app that is not one), grouped by date and promoted object, in cents.
      if (q.get('group_by') !== '["date","promoted_object_id"]') return refuse(11011, 'group_by invalid');
      let range: { start_date?: string; end_date?: string } = {};
      try {
        range = JSON.parse(q.get('date_range') ?? '{}') as typeof range;
      } catch {
        return refuse(11011, 'date_range invalid');
      }
      const id = q.get('account_id') ?? '';
      const rows = daysFrom(range.start_date ?? '', range.end_date ?? '').flatMap((date) => {
        const f = reportFigures(id, date, restated.get(date) ?? 0);
        return [
          { date, promoted_object_id: 'wx00000000000000aa', ...minigameFigures(f) },
          { date, promoted_object_id: '1101234567', cost: 1 },
        ];
      });
      const size = Number(q.get('page_size') ?? 10);
      const page = Number(q.get('page') ?? 1);
      return ok({
        list: rows.slice((page - 1) * size, page * size),
        page_info: {
          page,
          page_size: size,
          total_number: rows.length,
          total_page: Math.ceil(rows.length / size),
        },
      });
    }
    if (r.path === '/v3.0/daily_reports/get' && q.get('level') === 'REPORT_LEVEL_ADGROUP') {
      if (q.get('group_by') !== '["date","adgroup_id"]') return refuse(11011, 'group_by invalid');
      const range = JSON.parse(q.get('date_range') ?? '{}') as { start_date?: string; end_date?: string };
      const days = daysFrom(range.start_date ?? '', range.end_date ?? '');
      if (!days.length) return refuse(11011, 'date_range invalid');
      const id = q.get('account_id') ?? '';
      const rows = days.flatMap((date) =>
        campaignFigures(id, date, restated.get(date) ?? 0).map((c) => ({
          date,
          adgroup_id: Number(c.campaignId),
          adgroup_name: c.name,
          cost: c.costCents,
          view_count: c.impressions,
          valid_click_count: c.clicks,
          conversions_count: c.conversions,
        })),
      );
      return paged(rows, q, 10);
    }
    if (r.path === '/v3.0/daily_reports/get') {
      if (q.get('level') !== 'REPORT_LEVEL_ADVERTISER') return refuse(11011, 'level invalid');
      if (!(q.get('group_by') ?? '').includes('date')) return refuse(11011, 'group_by invalid');
      let range: { start_date?: string; end_date?: string } = {};
      try {
        range = JSON.parse(q.get('date_range') ?? '{}') as typeof range;
      } catch {
        return refuse(11011, 'date_range invalid');
      }
      const days = daysFrom(range.start_date ?? '', range.end_date ?? '');
      if (!days.length) return refuse(11011, 'date_range invalid');
      const size = Number(q.get('page_size') ?? 10);
      const page = Number(q.get('page') ?? 1);
      const id = q.get('account_id') ?? '';
      return ok({
        list: days.slice((page - 1) * size, page * size).map((date) => {
          const f = reportFigures(id, date, restated.get(date) ?? 0);
          return {
            date,
            cost: f.costCents,
            view_count: f.impressions,
            valid_click_count: f.clicks,
            conversions_count: f.conversions,
          };
        }),
        page_info: {
          page,
          page_size: size,
          total_number: days.length,
          total_page: Math.ceil(days.length / size),
        },
      });
    }
    if (
      r.method === 'POST' &&
      (r.path === '/v3.0/adgroups/add' || r.path === '/v3.0/dynamic_creatives/add')
    ) {
      const json = JSON.parse(r.body || '{}') as Record<string, unknown>;
      const adgroup = r.path === '/v3.0/adgroups/add';
      if (refusing > 0) {
        refusing -= 1;
        return refuse(11012, 'marketing_carrier_detail is not allowed for this account');
      }
      if (adgroup) {
        if (typeof json.adgroup_name !== 'string' || !json.marketing_carrier_type || !json.marketing_goal)
          return refuse(11012, 'adgroup_name, marketing_goal or marketing_carrier_type missing');
        if (typeof json.daily_budget !== 'number' || json.daily_budget < 5000)
          return refuse(11013, 'daily_budget must be at least 5000 (cents)');
      } else if (!made.some((m) => m.kind === 'adgroup' && m.id === json.adgroup_id))
        return refuse(11014, 'adgroup_id not found');
      const id = ++nextId;
      made.push({
        kind: adgroup ? 'adgroup' : 'creative',
        id,
        name: String(adgroup ? json.adgroup_name : json.dynamic_creative_name),
        parent: adgroup ? 0 : Number(json.adgroup_id),
        account: Number(json.account_id),
        body: json,
      });
      if (lose > 0) {
        lose -= 1;
        return refuse(50000, 'internal error');
      }
      return ok(adgroup ? { adgroup_id: id } : { dynamic_creative_id: id });
    }
    if (r.path === '/v3.0/adgroups/get' || r.path === '/v3.0/dynamic_creatives/get') {
      const adgroup = r.path === '/v3.0/adgroups/get';
      const list = made
        .filter(
          (m) =>
            m.kind === (adgroup ? 'adgroup' : 'creative') &&
            m.account === Number(q.get('account_id')) &&
            (adgroup ? matches(q, 'adgroup_name', m.name) : matches(q, 'adgroup_id', m.parent)),
        )
        .map((m) =>
          adgroup
            ? { adgroup_id: m.id, adgroup_name: m.name }
            : { dynamic_creative_id: m.id, dynamic_creative_name: m.name, adgroup_id: m.parent },
        );
      return ok({ list, page_info: { page: 1, page_size: 10, total_number: list.length, total_page: 1 } });
    }
    if (r.path === '/v3.0/funds/get')
      return ok({
        list: [
          { fund_type: 'GENERAL_CASH', balance: 500000, fund_status: 'FUND_STATUS_NORMAL' },
          { fund_type: 'GENERAL_GIFT', balance: 1000, fund_status: 'FUND_STATUS_NORMAL' },
        ],
      });
    return { status: 404, body: 'not found' };
  };
  const server = await startStandIn(handle);
  return Object.assign(stand, server, {
    appId,
    secret,
    nonces,
    made,
    loseAnswers: (n: number) => {
      lose = n;
    },
    refuseCreates: (n: number) => {
      refusing = n;
    },
    refreshes: 0,
    plan: (...codes: number[]) => {
      planned = codes;
    },
    revokeAll: () => held.access.clear(),
    restate: (day: string) => restated.set(day, (restated.get(day) ?? 0) + 1),
  });
}
