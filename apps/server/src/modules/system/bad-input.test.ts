import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { GameApiKeyCreated } from '@rx/contracts';
import { operationLogs, products, roles, users } from '../../db/schema.ts';
import { autoReplyRules, autoReplySpecials } from '../auto-replies/tables.ts';
import { billingPoints } from '../billing-points/tables.ts';
import { channels, subChannels } from '../channels/tables.ts';
import { errorCodeReleases, errorCodes } from '../error-codes/tables.ts';
import { feedbackTypes } from '../feedback-types/tables.ts';
import { gameApiKeys } from '../game-api/tables.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { helpArticles, helpCategories } from '../help-center/tables.ts';
import { props } from '../props/tables.ts';
import { socialAccessPolicies } from '../social-access/tables.ts';
import { bearer, body, signGameRequest, useTestApp } from '../../../test/index.ts';

/**
 * Ordinary bad input is refused with 400001 naming the field, never a 500, and writes nothing: a
 * NUL in any text field or filter, a lone UTF-16 surrogate in JSON text (sent as the raw `\ud800`
 * escape), and integers past an `integer` column (2^31 and 2^53 − 1) in ids, versions, numeric
 * fields and filters. Walks every resource's list, export, get, create, update and delete.
 */

type Json = Record<string, unknown>;
const NUL = 'x\u0000y';
const BIG = [2 ** 31, 2 ** 53 - 1];
const MARK = '__lone_surrogate__';
/** Raw JSON escapes for a lone high and a lone low surrogate. */
const SURROGATES = ['a\\ud800b', 'a\\udc00'];

const t = useTestApp();
let token: string;
let combinations = 0;
/** Hundreds of requests per test: generous limits, so a loaded machine is slow, not failing. */
const SLOW = 240_000;

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json | string) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...bearer(token),
      'x-product-id': String(t.productId),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    payload,
  });
}

function expectRefused(res: LightMyRequestResponse, field: string, label: string): void {
  combinations++;
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  const answer = body<{ fields: Record<string, string> }>(res);
  expect(answer.code, label).toBe(400001);
  expect(Object.keys(answer.data.fields), `${label}: ${res.body}`).toContain(field);
}

/** A copy of `value` with the field at `path` (`a.b.0`) set. */
function withField(value: Json, path: string, field: unknown): Json {
  const copy = structuredClone(value);
  const keys = path.split('.');
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = field;
  return copy;
}

/** The JSON text of `value` with a raw lone-surrogate escape at `path`. */
function withSurrogate(value: Json, path: string, escape: string): string {
  return JSON.stringify(withField(value, path, MARK)).replace(`"${MARK}"`, `"${escape}"`);
}

/** Sends `base` once per bad value of each text and integer field, expecting each refused. */
async function checkBody(
  method: 'POST' | 'PUT',
  url: string,
  base: Json,
  fields: { texts?: string[]; ints?: string[] },
): Promise<void> {
  for (const path of fields.texts ?? []) {
    expectRefused(await call(method, url, withField(base, path, NUL)), path, `${method} ${url} ${path}=NUL`);
    for (const escape of SURROGATES) {
      const res = await call(method, url, withSurrogate(base, path, escape));
      expectRefused(res, path, `${method} ${url} ${path}=${escape}`);
    }
  }
  for (const path of fields.ints ?? []) {
    for (const big of BIG) {
      expectRefused(
        await call(method, url, withField(base, path, big)),
        path,
        `${method} ${url} ${path}=${big}`,
      );
    }
  }
}

/** Each text filter with a NUL, each integer filter (and the paging) past 2^31, on the list and the export. */
async function checkFilters(path: string, base: string, filters: { texts?: string[]; ints?: string[] }) {
  const query = (extra: string) => (base ? `${base}&${extra}` : extra);
  for (const url of [path, `${path}/export`]) {
    for (const name of filters.texts ?? []) {
      expectRefused(await call('GET', `${url}?${query(`${name}=x%00y`)}`), name, `${url} ${name}=NUL`);
    }
    for (const name of filters.ints ?? []) {
      for (const big of BIG) {
        expectRefused(await call('GET', `${url}?${query(`${name}=${big}`)}`), name, `${url} ${name}=${big}`);
      }
    }
  }
  for (const name of ['page', 'page_size']) {
    for (const big of BIG) {
      expectRefused(await call('GET', `${path}?${query(`${name}=${big}`)}`), name, `${path} ${name}=${big}`);
    }
  }
}

/** The rows of `tables` and of the operation log, to compare before and after. */
async function counts(tables: PgTable[]): Promise<number[]> {
  return Promise.all([...tables, operationLogs].map((table) => t.rowCount(table)));
}

interface Resource {
  path: string;
  tables: PgTable[];
  /** A valid create body (each call a new one). */
  create: () => Json;
  texts: string[];
  ints?: string[];
  update: { texts?: string[]; ints?: string[] };
  filters: { texts?: string[]; ints?: string[] };
  /** Query every list and export needs. */
  listBase?: string;
}

let serial = 0;
const ids: Record<string, number> = {};

async function created(url: string, payload: Json): Promise<{ id: number; version: number }> {
  const res = await call('POST', url, payload);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return body<{ id: number; version: number }>(res).data;
}

const RESOURCES: Record<string, Resource> = {
  props: {
    path: '/props',
    tables: [props],
    create: () => ({
      code: `bad_input_${++serial}`,
      name: { zh: '道具', en: 'Prop' },
      type: 'material',
      rarity: 'common',
      icon_url: '/icon.png',
      stack_limit: 5,
      expiry_days: 1,
      tags: ['t'],
    }),
    texts: ['code', 'name.zh', 'name.en', 'icon_url', 'tags.0'],
    ints: ['stack_limit', 'expiry_days'],
    update: { texts: ['name.zh', 'name.ja', 'icon_url', 'tags.0'], ints: ['stack_limit'] },
    filters: { texts: ['q', 'tag'] },
  },
  'gift-packages': {
    path: '/gift-packages',
    tables: [giftPackages],
    create: () => ({
      name: { zh: '礼包' },
      contents: [{ prop_id: ids.prop, quantity: 1 }],
      icon_url: '',
      per_player_limit: 1,
      valid_from: '2025-01-01T00:00:00+08:00',
    }),
    texts: ['name.zh', 'name.vi', 'icon_url', 'valid_from'],
    ints: ['contents.0.prop_id', 'contents.0.quantity', 'per_player_limit'],
    update: { texts: ['name.zh', 'icon_url'], ints: ['contents.0.prop_id', 'per_player_limit'] },
    filters: { texts: ['q'], ints: ['prop_id'] },
  },
  'billing-points': {
    path: '/billing-points',
    tables: [billingPoints],
    create: () => ({
      channel_id: ids.channel,
      store: 'web',
      store_sku: `bad.input.${++serial}`,
      name: '计费点',
      prices: [{ currency: 'CNY', amount: 6 }],
      reward_gift_id: ids.gift,
      bonus_gift_id: null,
      limit_per_player: 1,
      limit_daily: 1,
    }),
    texts: ['store_sku', 'name', 'prices.0.currency'],
    ints: ['channel_id', 'reward_gift_id', 'bonus_gift_id', 'limit_per_player', 'limit_daily'],
    update: { texts: ['name'], ints: ['reward_gift_id', 'limit_daily'] },
    filters: { texts: ['q'], ints: ['channel_id'] },
  },
  channels: {
    path: '/channels',
    tables: [channels],
    create: () => ({ code: `bad_input_${++serial}`, name: '渠道', kind: 'web' }),
    texts: ['code', 'name'],
    update: { texts: ['name'] },
    filters: { texts: ['q'] },
  },
  'sub-channels': {
    path: '/sub-channels',
    tables: [subChannels],
    create: () => ({
      channel_id: ids.channel,
      code: `bad_input_${++serial}`,
      name: '子渠道',
      package_id: 'com.example.game',
      media: 'media',
      campaign: 'campaign',
    }),
    texts: ['code', 'name', 'package_id', 'media', 'campaign'],
    ints: ['channel_id'],
    update: { texts: ['name', 'media', 'campaign'], ints: ['channel_id'] },
    filters: { texts: ['q', 'media'], ints: ['channel_id'] },
  },
  products: {
    path: '/products',
    tables: [products],
    create: () => ({
      code: `bad_input_${++serial}`,
      name: '游戏',
      icon_url: '',
      platforms: ['ios'],
      region: 'gn',
    }),
    texts: ['code', 'name', 'icon_url'],
    update: { texts: ['name', 'icon_url'] },
    filters: { texts: ['q'] },
  },
  'feedback-types': {
    path: '/feedback-types',
    tables: [feedbackTypes],
    create: () => ({
      code: `bad_input_${++serial}`,
      name: { zh: '类型' },
      queue: 'default',
      auto_reply: { zh: '自动回复' },
      sort: 1,
      parent_id: null,
    }),
    texts: ['code', 'name.zh', 'queue', 'auto_reply.zh', 'auto_reply.th'],
    ints: ['parent_id', 'sort'],
    update: { texts: ['name.zh', 'queue', 'auto_reply.id'], ints: ['parent_id', 'sort'] },
    filters: { texts: ['q', 'queue'], ints: ['parent_id'] },
  },
  'error-codes': {
    path: '/error-codes',
    tables: [errorCodes, errorCodeReleases],
    create: () => ({
      code: `BAD_INPUT_${++serial}`,
      module: 'login',
      default_text: '出错 {0}',
      texts: { en: 'Error {0}' },
      action: 'none',
    }),
    texts: ['code', 'module', 'default_text', 'texts.en'],
    update: { texts: ['module', 'default_text', 'texts.ar'] },
    filters: { texts: ['q', 'module'] },
  },
  'help-categories': {
    path: '/help-categories',
    tables: [helpCategories],
    create: () => ({ name: { zh: '分类' }, channel_id: ids.channel, sort: 1 }),
    texts: ['name.zh', 'name.tl'],
    ints: ['channel_id', 'sort'],
    update: { texts: ['name.zh'], ints: ['channel_id', 'sort'] },
    filters: { texts: ['q'], ints: ['channel_id'] },
  },
  'help-articles': {
    path: '/help-articles',
    tables: [helpArticles],
    create: () => ({
      category_id: ids.category,
      channel_id: null,
      language: 'zh',
      title: '标题',
      body: '<p>正文</p>',
      sort: 1,
    }),
    texts: ['title', 'body'],
    ints: ['category_id', 'channel_id', 'sort', 'translation_of'],
    update: { texts: ['title', 'body'], ints: ['category_id', 'sort'] },
    filters: { texts: ['q', 'group_id'], ints: ['category_id', 'channel_id'] },
  },
  'auto-replies': {
    path: '/auto-replies',
    tables: [autoReplyRules, autoReplySpecials],
    create: () => ({
      name: `规则 ${++serial}`,
      channel_id: null,
      keywords: [{ text: `bad input ${serial}`, match: 'contains' }],
      replies: [
        { type: 'text', text: '回复' },
        { type: 'card', title: '卡片', description: '说明', url: 'https://example.com/a' },
      ],
      priority: 1,
    }),
    texts: ['name', 'keywords.0.text', 'replies.0.text', 'replies.1.title', 'replies.1.description'],
    ints: ['channel_id', 'priority'],
    update: { texts: ['name', 'replies.0.text'], ints: ['priority', 'channel_id'] },
    filters: { texts: ['q'], ints: ['channel_id'] },
  },
  'social-access': {
    path: '/social-access',
    tables: [socialAccessPolicies],
    create: () => ({
      kind: 'chat',
      region: 'gn',
      channel_id: ids.channel,
      min_level: 1,
      min_account_age_days: 1,
      chat: { world: true, private: true, guild: true, daily_messages: 5 },
    }),
    texts: ['start_at'],
    ints: ['channel_id', 'min_level', 'min_account_age_days', 'chat.daily_messages'],
    update: { texts: ['end_at'], ints: ['min_level', 'chat.daily_messages'] },
    filters: { ints: ['channel_id'] },
    listBase: 'kind=chat',
  },
  staff: {
    path: '/staff',
    tables: [users],
    create: () => ({
      username: `bad_input_${++serial}`,
      password: 'Initial123',
      default_lang: 'en',
      role_ids: [ids.role],
    }),
    texts: ['username', 'password'],
    ints: ['role_ids.0'],
    update: { ints: ['role_ids.0'] },
    filters: { texts: ['q'], ints: ['role_id'] },
  },
  roles: {
    path: '/roles',
    tables: [roles],
    create: () => ({
      identifier: `bad_input_${++serial}`,
      name: '角色',
      permissions: ['commercialization/see/prop'],
    }),
    texts: ['identifier', 'name', 'permissions.0'],
    update: { texts: ['name', 'permissions.0'] },
    filters: { texts: ['q'] },
  },
};

/** The row each resource's get, update and delete work on. */
const rows: Record<string, { id: number; version: number }> = {};

beforeAll(async () => {
  token = t.user.access_token;
  ids.channel = (await created('/channels', RESOURCES.channels!.create())).id;
  ids.prop = (await created('/props', RESOURCES.props!.create())).id;
  ids.gift = (await created('/gift-packages', RESOURCES['gift-packages']!.create())).id;
  ids.category = (await created('/help-categories', { name: { zh: '全渠道' } })).id;
  ids.role = (await created('/roles', RESOURCES.roles!.create())).id;
  for (const [name, resource] of Object.entries(RESOURCES)) {
    rows[name] = await created(resource.path, resource.create());
  }
}, SLOW);
afterAll(async () => {
  // The figure the report quotes: route × field × bad value combinations checked.
  if (process.env.BAD_INPUT_COUNT) console.log(`bad-input combinations: ${combinations}`);
  await t?.app.close();
});

describe.each(Object.keys(RESOURCES))('%s refuses bad input with 400001 and writes nothing', (name) => {
  const resource = () => RESOURCES[name]!;

  it(
    'in list and export filters and paging',
    async () => {
      const { path, tables, filters, listBase = '' } = resource();
      const before = await counts(tables);
      await checkFilters(path, listBase, filters);
      expect(await counts(tables)).toEqual(before);
    },
    SLOW,
  );

  it(
    'in ids of get, update and delete',
    async () => {
      const { path, tables } = resource();
      const before = await counts(tables);
      for (const big of BIG) {
        expectRefused(await call('GET', `${path}/${big}`), 'id', `GET ${path}/${big}`);
        const update = await call('PUT', `${path}/${big}`, { version: 1 });
        expectRefused(update, 'id', `PUT ${path}/${big}`);
        expectRefused(await call('DELETE', `${path}/${big}`), 'id', `DELETE ${path}/${big}`);
      }
      expect(await counts(tables)).toEqual(before);
    },
    SLOW,
  );

  it(
    'in the fields of a create',
    async () => {
      const { path, tables, create, texts, ints } = resource();
      const before = await counts(tables);
      await checkBody('POST', path, create(), { texts, ints });
      expect(await counts(tables)).toEqual(before);
    },
    SLOW,
  );

  it(
    'in the version and fields of an update',
    async () => {
      const { path, tables, create, update } = resource();
      const row = rows[name]!;
      const url = `${path}/${row.id}`;
      const before = await counts(tables);
      const base: Json = { ...create(), version: row.version };
      // Fields an update does not take (immutable ones) are left out of its body.
      for (const key of ['code', 'identifier', 'username', 'password', 'kind', 'region', 'language'])
        delete base[key];
      if (name === 'social-access') delete base.channel_id;
      await checkBody('PUT', url, base, { ...update, ints: [...(update.ints ?? []), 'version'] });
      expect(await counts(tables)).toEqual(before);
      const after = body<{ version: number }>(await call('GET', url)).data;
      expect(after.version).toBe(row.version);
    },
    SLOW,
  );
});

describe('the other routes of the resources', () => {
  it(
    'refuse big ids and bad texts in their params, queries and bodies',
    async () => {
      const tables = [
        giftPackages,
        billingPoints,
        errorCodeReleases,
        helpArticles,
        autoReplySpecials,
        users,
        gameApiKeys,
      ];
      const before = await counts(tables);
      const article = rows['help-articles']!;
      for (const big of BIG) {
        for (const url of [
          `/gift-packages/${big}/used-by`,
          `/billing-points/${big}/versions`,
          `/error-codes/releases/${big}`,
          `/help-articles/preview?channel_id=${big}`,
        ]) {
          const field = url.includes('preview') ? 'channel_id' : url.includes('releases') ? 'n' : 'id';
          expectRefused(await call('GET', url), field, url);
        }
        for (const url of [
          `/gift-packages/${big}/clone`,
          `/error-codes/releases/${big}/rollback`,
          `/help-articles/${big}/publish`,
          `/help-articles/${big}/unpublish`,
          `/help-articles/${big}/copy`,
          `/staff/${big}/disable`,
          `/staff/${big}/enable`,
          `/staff/${big}/reset-password`,
          `/game-api-keys/${big}/revoke`,
        ]) {
          expectRefused(await call('POST', url, {}), url.includes('releases') ? 'n' : 'id', url);
        }
        expectRefused(
          await call('POST', `/help-articles/${article.id}/publish`, { version: big }),
          'version',
          `publish version ${big}`,
        );
        expectRefused(
          await call('POST', `/help-articles/${article.id}/copy`, { channel_ids: [big] }),
          'channel_ids.0',
          `copy to ${big}`,
        );
      }
      const replies = [{ type: 'text', text: '欢迎' }];
      await checkBody(
        'PUT',
        '/auto-replies/specials',
        { kind: 'on_enter', channel_id: null, replies },
        {
          texts: ['replies.0.text'],
          ints: ['channel_id', 'version'],
        },
      );
      await checkBody(
        'POST',
        '/auto-replies/test',
        { text: '你好', channel_id: ids.channel },
        {
          texts: ['text'],
          ints: ['channel_id'],
        },
      );
      await checkBody(
        'POST',
        `/gift-packages/${rows['gift-packages']!.id}/clone`,
        { name: { zh: '复制' } },
        {
          texts: ['name.zh'],
        },
      );
      await checkBody('POST', '/error-codes/publish', { note: '发布' }, { texts: ['note'] });
      await checkBody(
        'POST',
        `/staff/${rows.staff!.id}/reset-password`,
        { password: 'Another123' },
        {
          texts: ['password'],
        },
      );
      await checkBody('POST', '/game-api-keys', { note: 'server' }, { texts: ['note'] });
      expect(await counts(tables)).toEqual(before);
    },
    SLOW,
  );

  it(
    'refuse them in the CP settings, the operation log, notifications and the sign-in API',
    async () => {
      const before = await counts([users]);
      const { version } = body<{ version: number }>(await call('GET', '/cp-settings')).data;
      await checkBody(
        'PUT',
        '/cp-settings',
        { name: '瑞雪', gw_domain: 'gw.example.com', version },
        {
          texts: ['name', 'gw_domain'],
          ints: ['version'],
        },
      );
      expect(body<{ version: number }>(await call('GET', '/cp-settings')).data.version).toBe(version);

      await checkFilters('/operation-logs', '', {
        texts: ['username', 'action', 'target_type', 'target_id', 'from'],
        ints: ['user_id', 'product_id'],
      });
      // Operation-log ids are bigint: 2^31 is a possible id (not found); past 2^53 is refused.
      expect((await call('GET', `/operation-logs/${2 ** 31}`)).statusCode).toBe(404);
      expectRefused(await call('GET', '/operation-logs/9007199254740993'), 'id', 'log id 2^53+1');

      for (const big of BIG) {
        for (const name of ['page', 'page_size']) {
          expectRefused(await call('GET', `/notifications?${name}=${big}`), name, `notifications ${name}`);
        }
        expectRefused(await call('POST', '/notifications/read', { ids: [big] }), 'ids.0', 'read ids');
        // A staff id is a string here: one no staff member can have is not found, as any other.
        const permissions = await call('POST', '/acs/permission/get_all', { user_id: String(big) });
        expect(body(permissions).code, permissions.body).toBe(404001);
      }
      expectRefused(
        await call('POST', '/acs/permission/get_all', { user_id: NUL }),
        'user_id',
        'get_all NUL',
      );
      expectRefused(await call('GET', '/acs/user/platform_link?platform=x%00'), 'platform', 'platform_link');
      expectRefused(await call('POST', '/acs/user/rejwt?rejwt=x%00y'), 'rejwt', 'rejwt');
      await checkBody(
        'POST',
        '/acs/user/set_password',
        { old_password: 'Demo@12345', new_password: 'Next12345' },
        {
          texts: ['old_password', 'new_password'],
        },
      );
      await checkBody(
        'POST',
        '/users/login',
        { username: 'admin', password: 'wrong-password' },
        {
          texts: ['username', 'password', 'code'],
        },
      );
      expect(await counts([users])).toEqual(before);
    },
    SLOW,
  );

  it(
    'refuse a product header past an integer id',
    async () => {
      for (const header of ['2147483648', '9007199254740991', '1e3', '-1']) {
        const res = await t.app.inject({
          url: '/api/v1/props',
          headers: { ...bearer(token), 'x-product-id': header },
        });
        expectRefused(res, 'product_id', `x-product-id ${header}`);
      }
    },
    SLOW,
  );
});

describe('the game API', () => {
  let key: GameApiKeyCreated;
  beforeAll(async () => {
    key = body<GameApiKeyCreated>(await call('POST', '/game-api-keys', { note: 'bad input' })).data;
  }, SLOW);

  /** A request signed with the product's key, as a game server sends it. */
  function game(url: string, payload?: string) {
    const method = payload === undefined ? 'GET' : 'POST';
    const headers = signGameRequest(key, { method, url, body: payload });
    return t.app.inject({ method, url, headers, payload });
  }

  it(
    'refuses NUL in signed queries and never looks up a malformed key id',
    async () => {
      for (const [url, field] of [
        ['/api/game/v1/auto-reply/match?text=a%00b', 'text'],
        ['/api/game/v1/auto-reply/match?text=hi&channel=x%00', 'channel'],
        ['/api/game/v1/auto-reply/match?text=hi&lang=zh%00', 'lang'],
        ['/api/game/v1/help-articles?channel=%00', 'channel'],
        ['/api/game/v1/error-codes?lang=%00en', 'lang'],
        ['/api/game/v1/social-access?channel=a%00', 'channel'],
      ] as const) {
        expectRefused(await game(url), field, url);
      }
      const match = '/api/game/v1/auto-reply/match';
      for (const [payload, field] of [
        ['{"text":"a\\u0000b"}', 'text'],
        ['{"text":"a\\ud800"}', 'text'],
        ['{"text":"hi","channel":"\\udc00x"}', 'channel'],
        ['{"text":"hi","lang":"zh","extra":{"x":"\\u0000"}}', 'extra.x'],
      ] as const) {
        expectRefused(await game(match, payload), field, `POST ${match} ${payload}`);
      }
      // Node's HTTP parser refuses such a header; an in-process caller still gets 401006, not 500.
      for (const keyId of ['gk_\u0000', 'gk_\uD800', 'x'.repeat(5000)]) {
        const url = '/api/game/v1/error-codes';
        const res = await t.app.inject({
          url,
          headers: signGameRequest({ key_id: keyId, secret: 's' }, { url }),
        });
        expect(body(res).code, JSON.stringify(keyId.slice(0, 8))).toBe(401006);
      }
    },
    SLOW,
  );
});

describe('the safety net behind the schemas', () => {
  it(
    'refuses NUL and lone surrogates in fields no schema names, and input nested too deep',
    async () => {
      const before = await counts([props]);
      const prop = RESOURCES.props!.create();
      expectRefused(
        await call('POST', '/props', { ...prop, extra: { note: NUL } }),
        'extra.note',
        'unknown field',
      );
      expectRefused(
        await call('POST', '/props', withSurrogate(prop, 'extra', 'a\\udfffb')),
        'extra',
        'unknown raw',
      );
      expectRefused(await call('POST', '/props', { ...prop, ['ke\u0000y']: 1 }), '_', 'NUL in a key');
      expectRefused(await call('GET', '/props?unknown=x%00'), 'unknown', 'unknown filter');
      let deep: unknown = 'x';
      for (let i = 0; i < 40; i++) deep = { d: deep };
      const res = await call('POST', '/props', { ...prop, deep: deep as Json });
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe(400001);
      expect(await counts([props])).toEqual(before);
    },
    SLOW,
  );

  it(
    'leaves well-formed text alone: paired surrogates, other controls and right-to-left text',
    async () => {
      const prop = RESOURCES.props!.create();
      const res = await call('POST', '/props', {
        ...prop,
        name: { zh: '礼包 🎁\u0001', ar: 'هدية' },
        tags: ['\uD83D\uDE00'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(body<{ name: { zh: string } }>(res).data.name.zh).toBe('礼包 🎁\u0001');
    },
    SLOW,
  );

  it(
    'refuses an imported cell with NUL through the same field schemas',
    async () => {
      const before = await counts([channels]);
      const csv = 'code,name,kind,status\nbad_input_import,x\u0000y,web,active\n';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/channels/import',
        headers: { ...bearer(token), 'x-product-id': String(t.productId), 'content-type': 'text/csv' },
        payload: csv,
      });
      expect(res.statusCode, res.body).toBe(400);
      const answer = body<{ errors: { row: number; field: string }[] }>(res);
      expect(answer.code).toBe(400001);
      expect(answer.data.errors).toContainEqual(expect.objectContaining({ row: 2, field: 'name' }));
      expect(await counts([channels])).toEqual(before);
    },
    SLOW,
  );
});
