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

/** Ocean Engine's stand-in also makes campaigns, ads and creatives. */
export interface OceanStandIn extends MediumStandIn {
  made: {
    kind: 'campaign' | 'ad' | 'creative';
    id: number;
    name: string;
    parent: number;
    advertiser: number;
  }[];
  /** The next creates are made but their answer is lost (an internal error answered instead). */
  loseAnswers(n: number): void;
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
 * `2/report/advertiser/get` answers each day's figures (cost in yuan), paged.
 */
export async function startOceanEngine(): Promise<OceanStandIn> {
  const appId = '1700';
  const secret = 'ocean-secret';
  const held = tokens();
  let planned: number[] = [];
  const accounts = { agent: 1700000001, advertisers: [1700000011, 1700000012] };
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
  ) => {
    const id = ++nextId;
    made.push({ kind, id, name, parent, advertiser });
    if (lose > 0) {
      lose -= 1;
      return refuse(50000, 'internal error');
    }
    return ok(
      kind === 'campaign' ? { campaign_id: id } : kind === 'ad' ? { ad_id: id } : { creative_ids: [id] },
    );
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
      case '/open_api/2/agent/advertiser/select/':
        if (!authorised(r)) return refuse(40102, 'access_token expired');
        return ok({
          list: accounts.advertisers,
          page_info: { page: 1, page_size: 100, total_number: 2, total_page: 1 },
        });
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
export async function startTencent(): Promise<MediumStandIn & { nonces: Set<string> }> {
  const appId = '1112';
  const secret = 'tencent-secret';
  const held = tokens();
  const nonces = new Set<string>();
  const restated = new Map<string, number>();
  let planned: number[] = [];
  const stand = {} as MediumStandIn & { nonces: Set<string> };
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
    refreshes: 0,
    plan: (...codes: number[]) => {
      planned = codes;
    },
    revokeAll: () => held.access.clear(),
    restate: (day: string) => restated.set(day, (restated.get(day) ?? 0) + 1),
  });
}
